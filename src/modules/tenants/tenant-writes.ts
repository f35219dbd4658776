import type { Db } from '../../db/client.js'
import type { Emit } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { createLifecycleRepository } from './lifecycle-repository.js'
import { createTenantsRepository } from './repository.js'

/**
 * The tenant writes other families make in their own transaction `tx` (tenants owns `tenants`,
 * docs/architecture.md "Table ownership"), with their `tenant.*` events recorded through the
 * caller's `emit`.
 */
export function tenantWrites(tx: Db) {
  const repository = createLifecycleRepository(tx)
  return {
    /**
     * Creates the tenant `id` (an import's: docs/decisions/portability.md); emits `tenant.created`.
     * The unique index `tenants_slug_key` refuses a slug in use (the caller checked it first).
     */
    async create(id: string, values: { name: string; slug: string; plan: string }, emit: Emit) {
      const tenant = await createTenantsRepository(tx).insertTenant(id, values)
      emit({
        type: 'tenant.created',
        subjectId: id,
        payload: { id, name: tenant.name, slug: tenant.slug, plan: tenant.plan, status: tenant.status },
      })
      return tenant
    },

    /**
     * Deletes the active tenant whose only member is deleting their account: `deletion_pending`
     * under a new deletion id (the tenant lifecycle's path, lifecycle.ts), purged by the hourly
     * sweep once `purgeAfter` has passed; emits `tenant.deleted` with the reason
     * `owner-account-deleted`. Nothing happens to a tenant that is not active.
     */
    async deleteWithOwnerAccount(
      tenant: { id: string; name: string; slug: string },
      userId: string,
      purgeAfter: Date,
      emit: Emit,
    ): Promise<void> {
      const row = await repository.markDeleted(tenant.id, {
        deletionId: newId(),
        deletedBy: userId,
        deletionReason: 'The owner deleted their account.',
        purgeAfter,
        cancelAtPeriodEnd: false,
      })
      if (row === undefined) return
      emit({
        type: 'tenant.deleted',
        subjectId: tenant.id,
        payload: { id: tenant.id, name: tenant.name, slug: tenant.slug, reason: 'owner-account-deleted' },
      })
    },
  }
}
