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

/** A family of permissions (`content`) with its actions in catalogue order (`view`, `create` …). */
export interface PermissionFamily {
  family: string
  actions: string[]
}

/**
 * The permission catalogue as families × actions. The API has no catalogue route: the owner role
 * holds every permission, so the union of the roles' permissions is the whole catalogue.
 */
export function permissionFamilies(roles: readonly Role[]): PermissionFamily[] {
  const families = new Map<string, string[]>()
  for (const role of roles) {
    for (const permission of role.permissions) {
      const [family, action] = permission.split(':')
      if (family === undefined || action === undefined) continue
      const actions = families.get(family) ?? []
      if (!actions.includes(action)) actions.push(action)
      families.set(family, actions)
    }
  }
  return [...families].map(([family, actions]) => ({ family, actions }))
}

/** `manage` brings every other action of its family (the server's `expandPermissions`). */
export function expandPermissions(permissions: Iterable<string>, families: readonly PermissionFamily[]) {
  const expanded = new Set<string>()
  for (const permission of permissions) {
    expanded.add(permission)
    const [family, action] = permission.split(':')
    if (action !== 'manage') continue
    for (const implied of families.find((f) => f.family === family)?.actions ?? []) {
      expanded.add(`${family}:${implied}`)
    }
  }
  return expanded
}
