/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'

/** The tenant's settings. */
export const loadSettings = (client: QueryClient, tenantId: string) =>
  import('./api/settings').then(({ settingsQuery }) => client.ensureQueryData(settingsQuery(tenantId)))
