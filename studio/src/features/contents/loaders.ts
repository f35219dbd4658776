/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { ContentsSearch } from './api/search'

/** The page of contents the address names. */
export const loadContentsList = (client: QueryClient, tenantId: string, search: ContentsSearch) =>
  import('./api/contents').then(({ contentsQuery }) =>
    client.ensureQueryData(contentsQuery(tenantId, search)),
  )

/** The tree of the tenant's contents of `type` (the Pages view's pages). */
export const loadContentTree = (client: QueryClient, tenantId: string, type: string) =>
  import('./api/tree').then(({ contentTreeQuery }) =>
    client.ensureQueryData(contentTreeQuery(tenantId, type)),
  )
