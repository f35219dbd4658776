import type { TenantContext } from '../../context.js'
import { userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import type { EventSink } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { accountWrites, INVITED_USER_STATUS, normalizeEmail } from '../auth/index.js'
import type { RoleResolver } from '../roles/index.js'
import { assertCanGrant, assertOutranks } from '../roles/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { createMemberChanges, membershipOf, toMember } from './changes.js'
import type { Invitations } from './invitations.js'
import { createInvitesService } from './invites-service.js'
import { createMembersRepository } from './repository.js'
import type { ListMembersQuery, UpdateMemberInput } from './schemas.js'

/**
 * Tenant user administration (API contract: `/api/users`; docs/decisions/auth.md "Nobody grants
 * more than they hold"). Escalation: nobody grants a role above their own level, only owners make
 * owners, and only owners act on members at or above their own level. A tenant always keeps an
 * active owner: changes that could end that run under a per-tenant lock (`lockOwners`). Removing or
 * deactivating a member ends their access on their next request (sessions check the membership on
 * every request; their API tokens stop with it). Writes emit `member.*` events.
 */
export function createMembersService(deps: {
  db: Db
  events: EventSink
  roles: RoleResolver
  settings: TenantSettingsReader
  invitations: Invitations
}) {
  const { roles } = deps
  const repository = createMembersRepository(deps.db)
  const changes = createMemberChanges(deps)
  const { catalogOf, changeMember, assertNotLastOwner, eventPayload } = changes

  return {
    ...createInvitesService({ db: deps.db, changes, settings: deps.settings, invitations: deps.invitations }),

    /** `GET /api/users`: members newest first; pending members show only their e-mail. */
    async list(context: TenantContext, query: ListMembersQuery) {
      const { page, limit, offset } = pageOf(query, 10)
      const filter = { search: query.search, status: query.status, role: query.role }
      const { rows, total } = await repository.list(context.tenantId, filter, offset, limit)
      const pagination = paginate(page, limit, total)
      return {
        users: rows.map(toMember),
        pagination: { ...pagination, offset, hasPrevPage: page > 1, hasNextPage: page < pagination.pages },
      }
    },

    /** `GET /api/users/{id}`: the member with their membership; 404 when not a member of the tenant. */
    async get(context: TenantContext, userId: string) {
      const member = await repository.find(context.tenantId, userId)
      if (member === undefined) throw errors.notFound('User')
      return {
        user: {
          ...toMember(member),
          membership: membershipOf(
            member,
            await roles.resolve(context.tenantId, member.role),
            context.tenantId,
          ),
        },
      }
    },

    /**
     * `PUT /api/users/{id}/role`. 400 unknown role; 403 when the caller does not outrank the
     * member or may not grant the role; 400 LastOwnerRestriction when the last active owner would
     * stop being one. Emits `member.role-changed` with `previousRole`.
     */
    async changeRole(context: TenantContext, callerRole: string, userId: string, roleKey: string) {
      const catalog = await catalogOf(context.tenantId)
      const role = catalog.get(roleKey)
      if (role === undefined) throw errors.validation(phrase('members.unknownRole', { role: roleKey }))
      return changeMember(context, userId, async (member, tx, emit) => {
        const caller = catalog.get(callerRole)
        assertOutranks(caller, catalog.get(member.role))
        assertCanGrant(caller, role)
        if (role.key !== 'owner') await assertNotLastOwner(tx, context.tenantId, member, 'members.roleChange')
        await tx.setRole(context.tenantId, member.membershipId, role.key)
        emit({
          type: 'member.role-changed',
          subjectId: member.membershipId,
          payload: eventPayload(member, { role: role.key, previousRole: member.role }),
        })
        return { membership: membershipOf({ ...member, role: role.key }, role, context.tenantId) }
      })
    },

    /**
     * `PATCH /api/users/{id}/toggle-status`: active ↔ inactive only (a pending invitation is the
     * invitee's to accept: 409). Not on oneself (400); last-owner and escalation guards as above.
     */
    async toggleStatus(context: TenantContext, callerRole: string, userId: string) {
      if (userId === userIdOf(context)) throw errors.badRequest('members.ownStatus')
      const catalog = await catalogOf(context.tenantId)
      return changeMember(context, userId, async (member, tx, emit) => {
        assertOutranks(catalog.get(callerRole), catalog.get(member.role))
        if (member.status === 'pending') {
          throw errors.conflict('members.pendingCannotActivate')
        }
        const status = member.status === 'active' ? 'inactive' : 'active'
        if (status === 'inactive')
          await assertNotLastOwner(tx, context.tenantId, member, 'members.deactivating')
        await tx.setStatus(context.tenantId, member.membershipId, status)
        emit({
          type: status === 'inactive' ? 'member.deactivated' : 'member.reactivated',
          subjectId: member.membershipId,
          payload: eventPayload(member, { status, previousStatus: member.status }),
        })
        return { membership: { id: member.membershipId, role: member.role, status } }
      })
    },

    /**
     * `DELETE /api/users/{id}`: removes the membership (a pending one: revokes the invitation, whose
     * token then answers InvalidToken). Not oneself (400: leave instead); guards as above.
     */
    async remove(context: TenantContext, callerRole: string, userId: string) {
      if (userId === userIdOf(context)) {
        throw errors.badRequest('members.removeYourself')
      }
      const catalog = await catalogOf(context.tenantId)
      return changeMember(context, userId, async (member, tx, emit, raw) => {
        assertOutranks(catalog.get(callerRole), catalog.get(member.role))
        await assertNotLastOwner(tx, context.tenantId, member, 'members.removing')
        await tx.remove(context.tenantId, member.membershipId)
        await accountWrites(raw).dropUnusedInvited(member.userId)
        emit({
          type: 'member.removed',
          subjectId: member.membershipId,
          payload: eventPayload(member, { status: member.status }),
        })
        return { success: true, message: 'The member was removed from the tenant.' }
      })
    },

    /**
     * `PUT /api/users/{id}`: an account belongs to its person, who edits it through PUT
     * /api/users/me. Here: the caller's own names, or the names and e-mail of an invited account
     * that has not accepted yet and is invited only here (a typo in the invitation). Otherwise 403;
     * 409 for an e-mail in use.
     */
    async update(context: TenantContext, callerRole: string, userId: string, input: UpdateMemberInput) {
      const catalog = await catalogOf(context.tenantId)
      try {
        return await changeMember(context, userId, async (member, tx, emit, raw) => {
          const self = userId === userIdOf(context)
          if (self && input.email !== undefined) {
            throw errors.badRequest('members.ownEmail')
          }
          if (!self) {
            assertOutranks(catalog.get(callerRole), catalog.get(member.role))
            const invitedHereOnly =
              member.userStatus === INVITED_USER_STATUS && (await tx.membershipsOfUser(member.userId)) === 1
            if (!invitedHereOnly) {
              throw errors.forbidden('members.accountHolderOnly')
            }
          }
          const patch = {
            ...input,
            ...(input.email === undefined ? {} : { email: normalizeEmail(input.email) }),
          }
          await accountWrites(raw).updateProfile(member.userId, patch)
          // The link went to the old address: it must not work for the corrected one (send it again).
          if (patch.email !== undefined && patch.email !== member.email) {
            await tx.dropInvitation(context.tenantId, member.membershipId)
          }
          const after = {
            ...member,
            ...patch,
            ...(patch.email !== undefined && patch.email !== member.email
              ? { invitationExpiresAt: null }
              : {}),
          }
          emit({
            type: 'member.updated',
            subjectId: member.membershipId,
            payload: eventPayload(after, { changed: Object.keys(input) }),
          })
          return {
            user: {
              ...toMember(after),
              membership: membershipOf(after, catalog.get(after.role), context.tenantId),
            },
          }
        })
      } catch (err) {
        throw uniqueConflict(err, {
          users_email_key: () => errors.conflict('common.emailInUse'),
        })
      }
    },
  }
}

export type MembersService = ReturnType<typeof createMembersService>
