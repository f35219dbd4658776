import type { FolioClient } from '@folio/client'
import { tenantApi } from './api'

/**
 * The query key of a tenant's data: `['tenant', tenantId, …what]`. `['tenant', tenantId]` and
 * `['tenant', tenantId, family]` are the prefixes invalidations and removals name.
 */
function tenantKey<const What extends readonly unknown[]>(tenantId: string, ...what: What) {
  return ['tenant', tenantId, ...what] as const
}

/**
 * The key and request of a query of a tenant's data, for `queryOptions`: the key is
 * `tenantKey(tenantId, …what)`, `what` holding every input the request is built from, and the request
 * goes through the client of that same tenant. So the data under a key is always what the key names,
 * whichever tenant the app shows by the time the answer comes.
 */
export function tenantQuery<const What extends readonly unknown[], Data>(
  tenantId: string,
  what: What,
  request: (api: FolioClient) => Promise<Data>,
) {
  return { queryKey: tenantKey(tenantId, ...what), queryFn: () => request(tenantApi(tenantId)) }
}
