import type { Db } from '../../db/client.js'
import type { Emit } from '../../events/event-log.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { accountWrites } from '../auth/index.js'
import { INVITATION_TTL_MS } from './invitations.js'
import { createInvitationsRepository } from './invitations-repository.js'
import { createMembersRepository } from './repository.js'

/**
 * The membership writes other families make in their own transaction `tx` (members owns
 * `memberships` and `invitations`, docs/architecture.md "Table ownership"): a new tenant's owner,
 * accepting an invitation without its token, an ownership transfer, leaving a tenant and deleting
 * an account. Each records its `member.*` events through `emit`, the caller's transaction's, so
 * they commit with the caller's write. The caller holds the owner lock (`ownerGuard`) where a
 * change could leave a tenant without an owner.
 */
export function membershipWrites(tx: Db) {
  const repository = createMembersRepository(tx)
  return {
    /** Makes `userId` the active owner of the tenant it just created; emits `member.joined`. */
    async addOwner(tenantId: string, membershipId: string, userId: string, emit: Emit) {
      const membership = await repository.insertActive(tenantId, { id: membershipId, userId, role: 'owner' })
      emit({
        type: 'member.joined',
        subjectId: membership.id,
        payload: { id: membership.id, userId, role: membership.role },
      })
      return membership
    },

    /**
     * Makes `email` a pending member with `role` (an account placeholder when it has none) and an
     * invitation whose token nobody knows: nothing is mailed; the tenant's owner sends it with
     * `POST /api/users/{id}/reinvite` (a tenant import: docs/decisions/portability.md "Members").
     * Emits `member.invited`. Returns the membership id, or undefined when the address is already a
     * member.
     */
    async addUnsentInvitation(
      tenantId: string,
      input: { email: string; role: string; invitedBy: string | null },
      emit: Emit,
    ): Promise<string | undefined> {
      const account = await accountWrites(tx).ensureInvited(input.email)
      if (account === undefined || (await repository.find(tenantId, account.id)) !== undefined)
        return undefined
      const membershipId = newId()
      await repository.insertPending(tenantId, { id: membershipId, userId: account.id, role: input.role })
      await createInvitationsRepository(tx).upsert(tenantId, {
        membershipId,
        tokenHash: sha256Hex(randomToken(32)),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: input.invitedBy,
      })
      emit({
        type: 'member.invited',
        subjectId: membershipId,
        payload: {
          id: membershipId,
          userId: account.id,
          email: input.email,
          role: input.role,
          status: 'pending',
        },
      })
      return membershipId
    },

    /**
     * Accepts the pending membership `membershipId` of `userId`: spends its invitation and makes it
     * active; emits `member.joined`. Undefined (nothing to accept) when it is not pending or its
     * invitation expired: an expired invitation accepts no more this way than with its token
     * (invitations.ts); the caller's transaction then must not commit.
     */
    async acceptPending(tenantId: string, membershipId: string, userId: string, emit: Emit) {
      const expiresAt = await repository.takeInvitation(tenantId, membershipId)
      if (expiresAt !== undefined && expiresAt.getTime() <= Date.now()) return undefined
      const row = await repository.activatePending(tenantId, membershipId)
      if (row === undefined) return undefined
      emit({ type: 'member.joined', subjectId: row.id, payload: { id: row.id, userId, role: row.role } })
      return row
    },

    /**
     * Makes the active member `to.userId` owner and the active owner `fromUserId` admin; emits a
     * `member.role-changed` for each. The new owner's membership id, or undefined when either is no
     * longer an active member (the caller's transaction then must not commit).
     */
    async transferOwnership(
      tenantId: string,
      fromUserId: string,
      to: { userId: string; previousRole: string },
      emit: Emit,
    ): Promise<string | undefined> {
      const newOwner = await repository.setActiveRole(tenantId, to.userId, 'owner')
      const formerOwner = await repository.setActiveRole(tenantId, fromUserId, 'admin')
      if (newOwner === undefined || formerOwner === undefined) return undefined
      emit({
        type: 'member.role-changed',
        subjectId: newOwner,
        payload: { id: newOwner, userId: to.userId, role: 'owner', previousRole: to.previousRole },
      })
      emit({
        type: 'member.role-changed',
        subjectId: formerOwner,
        payload: { id: formerOwner, userId: fromUserId, role: 'admin', previousRole: 'owner' },
      })
      return newOwner
    },

    /** Ends the caller's own membership (a pending one: declines the invitation); emits `member.left`. */
    async leave(
      tenantId: string,
      membership: { id: string; role: string; status: string },
      user: { id: string; email: string },
      emit: Emit,
    ): Promise<void> {
      await repository.remove(tenantId, membership.id)
      emit({
        type: 'member.left',
        subjectId: membership.id,
        payload: {
          id: membership.id,
          userId: user.id,
          email: user.email,
          role: membership.role,
          previousStatus: membership.status,
        },
      })
    },

    /**
     * Ends the membership of an account being deleted in one tenant; emits `member.left` with the
     * reason `account-deleted`.
     */
    async leaveWithAccount(
      tenantId: string,
      membership: { id: string; role: string },
      userId: string,
      emit: Emit,
    ): Promise<void> {
      await repository.remove(tenantId, membership.id)
      emit({
        type: 'member.left',
        subjectId: membership.id,
        payload: { id: membership.id, userId, role: membership.role, reason: 'account-deleted' },
      })
    },

    /** Removes every membership a deleted account still has (deleted tenants' included); no event. */
    removeAllOf: (userId: string) => repository.removeAllOf(userId),
  }
}

/**
 * The memberships holding a tenant's role, for the roles family, which deletes a custom role only
 * once no membership holds it, or after moving them all to another role, in its own transaction
 * `tx`. Handed to it by the composition root, since members depends on roles.
 */
export function roleHolders(tx: Db) {
  const repository = createMembersRepository(tx)
  return {
    count: (tenantId: string, key: string) => repository.countHolders(tenantId, key),
    reassign: (tenantId: string, from: string, to: string) => repository.reassignRole(tenantId, from, to),
  }
}
