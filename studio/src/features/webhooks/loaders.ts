/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { DeliveriesSearch } from './api/search'

/** The page of the delivery log the address names. */
export const loadWebhooks = (client: QueryClient, tenantId: string, search: DeliveriesSearch) =>
  import('./api/webhooks').then(({ deliveriesQuery }) =>
    client.ensureQueryData(deliveriesQuery(tenantId, search.page ?? 1, search.status)),
  )
