import { type Family, type Kernel, mount } from '../../family.js'
import { createRoleResolver } from './resolver.js'
import { rolesRoutes } from './routes.js'
import { createRolesService, type RoleHolders } from './service.js'

export * from './guards.js'
export { grantedBy, type ResolvedRole, type RoleResolver, roleMetaOf } from './resolver.js'

/**
 * Roles (API contract: `/api/roles`): the built-in and custom roles of a tenant, and the cached
 * resolver every permission check reads.
 */
export function rolesFamily(kernel: Kernel, deps: { holders: RoleHolders }) {
  const roles = createRoleResolver({ db: kernel.db, bus: kernel.platform.bus })
  const rolesService = createRolesService({
    db: kernel.db,
    events: kernel.events,
    roles,
    holders: deps.holders,
  })
  return {
    name: 'roles',
    services: { roles, rolesService },
    adminRoutes: [mount(rolesRoutes, { prefix: '/api/roles', service: rolesService })],
  } satisfies Family
}
