import { oneOf, pageOf } from '../../../lib/search-params'
import { DELIVERY_STATUSES, type DeliveryStatus } from './webhooks'

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
