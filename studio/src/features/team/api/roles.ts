import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type Role = AnswerOf<'listRoles'>['roles'][number]
/** A permission of the API's catalogue (`content:view` …). */
export type Permission = BodyOf<'createRole'>['permissions'][number]

/** The tenant's roles: the system ones (read-only), then its custom roles (`GET /api/roles`). */
export const rolesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'roles'],
    queryFn: () => unwrap(folio.GET('/api/roles', { params: { query: { tenantId } } })),
  })

export function createRole(tenantId: string, body: BodyOf<'createRole'>) {
  return unwrap(folio.POST('/api/roles', { params: { query: { tenantId } }, body }))
}

export function updateRole(tenantId: string, id: string, body: BodyOf<'updateRole'>) {
  return unwrap(folio.PUT('/api/roles/{id}', { params: { path: { id }, query: { tenantId } }, body }))
}

/** Deletes a custom role; members holding it move to `reassignTo` first (required while it is held). */
export function deleteRole(tenantId: string, id: string, reassignTo: string | undefined) {
  return unwrap(
    folio.DELETE('/api/roles/{id}', {
      params: { path: { id }, query: { tenantId, ...(reassignTo === undefined ? {} : { reassignTo }) } },
    }),
  )
}
