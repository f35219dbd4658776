import { errors } from '../../errors.js'
import { grantedBy, type RoleResolver } from '../roles/index.js'
import type { PortabilityRepository } from './repository.js'

/** The permission that lets a member export the tenant and set its backups (owners and admins hold it). */
const EXPORT_PERMISSION = 'tenants:update'

/**
 * The check of the routes of exports and backups, which name their tenant in the path: `authorize`
 * throws 404 when `userId` is no active member of `tenantId` (or the tenant is not live), 403 when
 * their role lacks `tenants:update`.
 */
export function exportAccess(repository: PortabilityRepository, roles: Pick<RoleResolver, 'resolve'>) {
  return async function authorize(tenantId: string, userId: string): Promise<void> {
    const roleKey = await repository.activeRole(tenantId, userId)
    if (roleKey === undefined) throw errors.notFound('Tenant')
    const role = await roles.resolve(tenantId, roleKey)
    if (!grantedBy(role).has(EXPORT_PERMISSION)) throw errors.forbidden()
  }
}
