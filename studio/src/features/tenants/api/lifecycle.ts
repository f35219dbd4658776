import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio, tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type DeletionPreflight = AnswerOf<'getTenantDeletionPreflight'>
export type DeletedTenant = AnswerOf<'listDeletedTenants'>['tenants'][number]
export type OpenTransfer = NonNullable<AnswerOf<'getTenantOwnershipTransfer'>['transfer']>

const byId = (id: string) => ({ params: { path: { id } } })

/** What deleting the tenant would remove and the confirmation it expects (`GET …/deletion-preflight`). */
export const preflightQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(tenantId, ['lifecycle', 'preflight'], (api) =>
      unwrap(api.GET('/api/tenants/{id}/deletion-preflight', byId(tenantId))),
    ),
  )

/** The tenant's open ownership offer, or null (`GET /api/tenants/{id}/transfer-ownership`). */
export const openTransferQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['lifecycle', 'transfer'],
      async (api) => (await unwrap(api.GET('/api/tenants/{id}/transfer-ownership', byId(tenantId)))).transfer,
    ),
  )

/**
 * The active members an offer can go to: every member but owners and the caller (`GET /api/users`,
 * the first 100; the e-mail field takes any other address by hand).
 */
export const transferCandidatesQuery = (tenantId: string, userId: string) =>
  queryOptions(
    tenantQuery(tenantId, ['lifecycle', 'candidates', userId], async (api) => {
      const { users } = await unwrap(
        api.GET('/api/users', { params: { query: { tenantId, status: 'active', page: 1, limit: 100 } } }),
      )
      return users.filter((user) => user.role !== 'owner' && user.id !== userId).map((user) => user.email)
    }),
  )

/** Offers the ownership to the member with `email`, who is mailed a one-time link. */
export function offerTransfer(tenantId: string, body: { email: string; password: string }) {
  return unwrap(tenantApi(tenantId).POST('/api/tenants/{id}/transfer-ownership', { ...byId(tenantId), body }))
}

/** Withdraws the open offer: its mailed link stops working. */
export function cancelTransfer(tenantId: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/tenants/{id}/transfer-ownership', byId(tenantId)))
}

/** Deletes the tenant: restorable by an owner until `purgeAfter`. */
export function deleteTenant(
  tenantId: string,
  body: { currentPassword: string; confirmation: string; reason?: string },
) {
  return unwrap(tenantApi(tenantId).DELETE('/api/tenants/{id}', { ...byId(tenantId), body }))
}

/** The caller's deleted tenants still in their grace period (`GET /api/tenants/deleted`). */
export const deletedTenantsQuery = queryOptions({
  queryKey: ['account', 'deleted-tenants'],
  queryFn: async () => (await unwrap(folio.GET('/api/tenants/deleted'))).tenants,
})

/** Brings a deleted tenant back as it was. */
export function restoreTenant(tenantId: string, body: { currentPassword: string; confirmation: string }) {
  return unwrap(folio.POST('/api/tenants/{id}/restore', { ...byId(tenantId), body }))
}
