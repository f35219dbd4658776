import type { FolioClient } from '@folio/client'
import { useParams } from '@tanstack/react-router'
import { tenantApi } from './api'

/** The tenant of the address (`/t/<tenantId>/…`), the one a tenant screen's every call acts on. */
export function useTenantId(): string {
  return useParams({ from: '/signed-in/t/$tenantId', select: (params) => params.tenantId })
}

/**
 * The query key of a tenant's data: `['tenant', tenantId, …what]`. `['tenant', tenantId]` and
 * `['tenant', tenantId, family]` are the prefixes invalidations and removals name.
 */
export function tenantKey<const What extends readonly unknown[]>(tenantId: string, ...what: What) {
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
