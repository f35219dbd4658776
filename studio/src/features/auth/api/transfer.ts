import { unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

/** The `tenant` and `token` query parameters of the mailed ownership-transfer link ('' when absent). */
export function transferSearch(search: Record<string, unknown>): { tenant: string; token: string } {
  return {
    tenant: typeof search.tenant === 'string' ? search.tenant : '',
    token: typeof search.token === 'string' ? search.token : '',
  }
}

/** What a transfer token offers (`GET /api/tenants/{id}/transfer-preview`): needs no session. */
export const transferQuery = (tenantId: string, token: string) =>
  queryOptions({
    queryKey: ['transfer', tenantId, token],
    queryFn: () =>
      unwrap(
        folio.GET('/api/tenants/{id}/transfer-preview', {
          params: { path: { id: tenantId }, query: { token } },
        }),
      ),
    retry: false,
  })

/**
 * Accepts the ownership with the mailed token (`POST /api/tenants/{id}/accept-transfer`), as the
 * signed-in account the offer is addressed to; the offering owner becomes an admin.
 */
export function acceptTransfer(tenantId: string, token: string) {
  return unwrap(
    folio.POST('/api/tenants/{id}/accept-transfer', { params: { path: { id: tenantId } }, body: { token } }),
  )
}
