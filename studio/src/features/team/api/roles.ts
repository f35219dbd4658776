import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type Role = AnswerOf<'listRoles'>['roles'][number]
/** A permission of the API's catalogue (`content:view` …). */
export type Permission = BodyOf<'createRole'>['permissions'][number]

/** The tenant's roles: the system ones (read-only), then its custom roles (`GET /api/roles`). */
export const rolesQuery = (tenantId: string) =>
  queryOptions(tenantQuery(tenantId, ['roles'], (api) => unwrap(api.GET('/api/roles'))))

export function createRole(tenantId: string, body: BodyOf<'createRole'>) {
  return unwrap(tenantApi(tenantId).POST('/api/roles', { body }))
}

export function updateRole(tenantId: string, id: string, body: BodyOf<'updateRole'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/roles/{id}', { params: { path: { id } }, body }))
}

/** Deletes a custom role; members holding it move to `reassignTo` first (required while it is held). */
export function deleteRole(tenantId: string, id: string, reassignTo: string | undefined) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/roles/{id}', {
      params: { path: { id }, query: reassignTo === undefined ? {} : { reassignTo } },
    }),
  )
}
