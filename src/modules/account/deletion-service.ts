import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type DomainEvent, type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { Principal } from '../auth/index.js'
import { type AuthService, accountWrites, sessionPrincipal } from '../auth/index.js'
import { membershipWrites, ownerGuard } from '../members/index.js'
import { tenantWrites } from '../tenants/index.js'
import { createAccountRepository } from './deletion-repository.js'

type OwnershipRow = Awaited<
  ReturnType<ReturnType<typeof createAccountRepository>['membershipsWithOwnership']>
>[number]

/** Stored instead of a password hash on a deleted account; it never verifies (lib/password.ts). */
const DELETED_PASSWORD = '!deleted'

/** What deleting the account would do, from its memberships (see `preflight`). */
function planOf(rows: OwnershipRow[]) {
  const soleOwner = (row: OwnershipRow) =>
    row.role === 'owner' && row.status === 'active' && row.ownerCount <= 1
  return {
    blockingTenants: rows
      .filter((row) => soleOwner(row) && row.otherMembers > 0)
      .map((row) => ({
        tenantId: row.tenantId,
        name: row.name,
        slug: row.slug,
        ownerCount: row.ownerCount,
        otherMembers: row.otherMembers,
      })),
    tenantsToDelete: rows
      .filter((row) => soleOwner(row) && row.otherMembers === 0)
      .map((row) => ({ tenantId: row.tenantId, name: row.name, slug: row.slug })),
    membershipsToRevoke: rows.length,
  }
}

/**
 * Leaving a tenant and deleting one's own account (docs/decisions/http.md "The contract's
 * authentication rules": both need the current password). A tenant always keeps an active owner:
 * the last one cannot leave, and cannot delete the account while the tenant has other members. A
 * tenant whose only member is the deleting owner is deleted with the account.
 */
export function createAccountService(deps: {
  db: Db
  events: EventSink
  auth: Pick<AuthService, 'verifyCurrentPassword'>
  /** How long a tenant deleted with its last member's account stays before its purge (ms). */
  tenantDeletionGraceMs: number
}) {
  const { db } = deps
  const repository = createAccountRepository(db)
  const write = transactional(db, deps.events)

  const contextOf = (tenantId: string, userId: string, client: TenantContext['client']): TenantContext => ({
    tenantId,
    actor: { kind: 'user', userId },
    permissions: new Set(),
    client,
  })

  return {
    /** `GET /api/users/me/deletion-preflight`: what deletion would remove, and what blocks it. */
    async preflight(principal: Principal | null) {
      const session = sessionPrincipal(principal)
      const plan = planOf(await repository.membershipsWithOwnership(session.userId))
      return { canDelete: plan.blockingTenants.length === 0, confirmation: session.email, ...plan }
    },

    /**
     * `DELETE /api/users/me`: 401 for a wrong password, 400 when `confirmation` is not the account's
     * e-mail, 400 LastOwnerRestriction (with `blockingTenants`) while blocked. Otherwise ends every
     * membership (`member.left` in each tenant), deletes the tenants only this user belonged to
     * (`tenant.deleted`), anonymises the account and ends its sessions, in one transaction.
     */
    async deleteAccount(
      principal: Principal | null,
      input: { currentPassword: string; confirmation: string },
      client: TenantContext['client'],
    ) {
      const session = sessionPrincipal(principal)
      await deps.auth.verifyCurrentPassword(session.userId, input.currentPassword)
      if (input.confirmation.trim().toLowerCase() !== session.email.toLowerCase()) {
        throw errors.validation('account.confirmationNotEmail')
      }
      await write.across(async (tx, emitIn) => {
        const first = await createAccountRepository(tx).membershipsWithOwnership(session.userId)
        for (const row of first) await ownerGuard(tx).lock(row.tenantId)
        const rows = await createAccountRepository(tx).membershipsWithOwnership(session.userId)
        const plan = planOf(rows)
        if (plan.blockingTenants.length > 0) {
          throw errors.lastOwner(
            phrase('account.lastOwnerOf', { tenants: plan.blockingTenants.map((t) => t.name).join(', ') }),
            plan.blockingTenants,
          )
        }
        const deleted = new Set(plan.tenantsToDelete.map((t) => t.tenantId))
        const purgeAfter = new Date(Date.now() + deps.tenantDeletionGraceMs)
        for (const row of rows) {
          const context = contextOf(row.tenantId, session.userId, client)
          const emit = (event: DomainEvent) => emitIn(context, event)
          const membership = { id: row.membershipId, role: row.role }
          await membershipWrites(tx).leaveWithAccount(row.tenantId, membership, session.userId, emit)
          if (!deleted.has(row.tenantId)) continue
          const tenant = { id: row.tenantId, name: row.name, slug: row.slug }
          await tenantWrites(tx).deleteWithOwnerAccount(tenant, session.userId, purgeAfter, emit)
        }
        await membershipWrites(tx).removeAllOf(session.userId)
        const account = accountWrites(tx)
        await account.anonymize(session.userId, DELETED_PASSWORD)
        await account.revokeSessions(session.userId)
      })
      return { message: 'Your account has been deleted.' }
    },

    /**
     * `POST /api/memberships/{id}/leave`: ends the caller's own membership (a pending one: declines
     * the invitation). 404 for someone else's, 401 for a wrong password, 400 LastOwnerRestriction
     * for the last active owner. Emits `member.left`.
     */
    async leave(
      principal: Principal | null,
      membershipId: string,
      password: string,
      client: TenantContext['client'],
    ) {
      const session = sessionPrincipal(principal)
      const found = await repository.findOwnMembership(session.userId, membershipId)
      if (found === undefined) throw errors.notFound('Membership')
      await deps.auth.verifyCurrentPassword(session.userId, password)
      await write(contextOf(found.tenantId, session.userId, client), async (tx, emit) => {
        const guard = ownerGuard(tx)
        await guard.lock(found.tenantId)
        const current = await createAccountRepository(tx).findOwnMembership(session.userId, membershipId)
        if (current === undefined) throw errors.notFound('Membership')
        if (
          current.role === 'owner' &&
          current.status === 'active' &&
          (await guard.activeOwners(found.tenantId)) <= 1
        ) {
          throw errors.lastOwner('account.lastActiveOwner')
        }
        await membershipWrites(tx).leave(
          found.tenantId,
          { id: membershipId, role: current.role, status: current.status },
          { id: session.userId, email: session.email },
          emit,
        )
      })
      return { success: true, message: 'You have left the tenant.' }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
