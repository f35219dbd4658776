import type { TenantContext } from '../../context.js'
import { userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { accountWrites, normalizeEmail } from '../auth/index.js'
import { assertCanGrant } from '../roles/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { limitCheck } from '../tenant-settings/index.js'
import type { MemberChanges } from './changes.js'
import type { Invitations } from './invitations.js'
import { createMembersRepository } from './repository.js'
import type { InviteInput } from './schemas.js'

/**
 * Inviting members (API contract: POST /api/users/invite; docs/decisions/tenancy.md "Joining a
 * tenant needs the invitation"): nobody joins a tenant without accepting a mailed one-time link
 * (invitations.ts: the mail is a job queued in the inviting transaction), and the answer never
 * tells whether the address has an account. Emits `member.invited`, `member.reinvited`.
 */
export function createInvitesService(deps: {
  db: Db
  changes: MemberChanges
  settings: TenantSettingsReader
  invitations: Invitations
}) {
  const { invitations, changes } = deps
  const { write, catalogOf, changeMember, eventPayload } = changes

  return {
    /**
     * `POST /api/users/invite` (and `POST /api/users`): a pending membership with `role` for the
     * address, an account placeholder when it has none, and a mailed one-time link. Answers the
     * same whether or not the address has an account. 400 unknown role, 403 a role the caller may
     * not grant, EmailNotVerified (no owner of the tenant has verified their address) or
     * LimitExceeded (`limits.users`: members and pending invitations; the day's platform mail),
     * 409 already a member or invited.
     */
    async invite(context: TenantContext, callerRole: string, input: InviteInput) {
      const catalog = await catalogOf(context.tenantId)
      const role = catalog.get(input.role)
      if (role === undefined) throw errors.validation(phrase('members.unknownRole', { role: input.role }))
      assertCanGrant(catalog.get(callerRole), role)
      await invitations.assertMailable(context.tenantId)
      const email = normalizeEmail(input.email)
      const checkLimit = await limitCheck(deps.settings, context.tenantId, 'users')
      const membershipId = newId()
      let expiresAt: Date
      try {
        expiresAt = await write(context, async (tx, emit) => {
          await checkLimit(tx)
          const account = await accountWrites(tx).ensureInvited(email)
          if (account === undefined) throw errors.conflict('members.accountChanged')
          await createMembersRepository(tx).insertPending(context.tenantId, {
            id: membershipId,
            userId: account.id,
            role: role.key,
          })
          const expires = await invitations.queue(tx, context.tenantId, membershipId, userIdOf(context))
          emit({
            type: 'member.invited',
            subjectId: membershipId,
            payload: { id: membershipId, userId: account.id, email, role: role.key, status: 'pending' },
          })
          return expires
        })
      } catch (err) {
        throw uniqueConflict(err, {
          memberships_tenant_user_key: () => errors.conflict(phrase('members.alreadyMember', { email })),
        })
      }
      return {
        message: 'Invitation sent.',
        invitation: { email, role: role.key, status: 'pending', expiresAt: expiresAt.toISOString() },
      }
    },

    /** `POST /api/users/{id}/reinvite`: a new link for a pending member (the old one stops working); 409 when not pending. */
    async reinvite(context: TenantContext, callerRole: string, userId: string) {
      const catalog = await catalogOf(context.tenantId)
      await invitations.assertMailable(context.tenantId)
      let email = ''
      let role = ''
      const expiresAt = await changeMember(context, userId, async (member, _tx, emit, raw) => {
        if (member.status !== 'pending') throw errors.conflict('members.onlyPendingResend')
        const memberRole = catalog.get(member.role)
        if (memberRole !== undefined) assertCanGrant(catalog.get(callerRole), memberRole)
        email = member.email
        role = member.role
        const expires = await invitations.queue(raw, context.tenantId, member.membershipId, userIdOf(context))
        emit({
          type: 'member.reinvited',
          subjectId: member.membershipId,
          payload: eventPayload(member, { status: 'pending' }),
        })
        return expires
      })
      return {
        message: 'Invitation sent again.',
        invitation: { email, role, status: 'pending', expiresAt: expiresAt.toISOString() },
      }
    },
  }
}
