/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'

/** A page of the media library. */
export const loadMediaLibrary = (client: QueryClient, tenantId: string, page: number) =>
  import('./api/media').then(({ mediaQuery }) => client.ensureQueryData(mediaQuery(tenantId, page)))
