/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type EntriesSearch, entriesQuery } from './api/entries'

/** The tenant's collections. */
export const loadCollectionsList = (client: QueryClient, tenantId: string) =>
  import('./api/collections').then(({ collectionsQuery }) =>
    client.ensureQueryData(collectionsQuery(tenantId)),
  )

/** A collection's definition and the page of its entries the address names. */
export const loadEntriesList = (client: QueryClient, tenantId: string, key: string, search: EntriesSearch) =>
  import('./api/collections').then(({ collectionQuery }) =>
    Promise.all([
      client.ensureQueryData(collectionQuery(tenantId, key)),
      client.ensureQueryData(entriesQuery(tenantId, key, search)),
    ]),
  )
