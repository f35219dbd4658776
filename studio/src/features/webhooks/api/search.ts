import type { QueryOf } from '@folio/client'
import { oneOf, pageOf } from '../../../lib/search-params'

export type DeliveryStatus = NonNullable<QueryOf<'listWebhookDeliveries'>['status']>

/** The statuses a delivery can have, for the log's filter. */
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed']

/** The delivery log's page and status filter, as they stand in the address (`?status=failed&page=2`). */
export interface DeliveriesSearch {
  status?: DeliveryStatus
  page?: number
}

/** The delivery log's search from the address; an unknown status is dropped. */
export function parseDeliveriesSearch(search: Record<string, unknown>): DeliveriesSearch {
  const status = oneOf(DELIVERY_STATUSES, search.status)
  return { ...(status === undefined ? {} : { status }), ...pageOf(search.page) }
}
