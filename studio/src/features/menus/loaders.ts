/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'

/** A page of the menus. */
export const loadMenusList = (client: QueryClient, tenantId: string, page: number) =>
  import('./api/menus').then(({ menusQuery }) => client.ensureQueryData(menusQuery(tenantId, page)))
