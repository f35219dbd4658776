/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import { loadContentTree } from '../contents'

/** The tree of the tenant's pages. */
export const loadPagesTree = (client: QueryClient, tenantId: string) =>
  loadContentTree(client, tenantId, 'page')
