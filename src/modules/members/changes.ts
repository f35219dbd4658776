import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { type PlainErrorKey, phrase } from '../../i18n/index.js'
import { grantedBy, type ResolvedRole, type RoleResolver, roleMetaOf } from '../roles/index.js'
import { createMembersRepository, type MemberRow, type MembersRepository } from './repository.js'
import type { Member } from './schemas.js'

/**
 * What every member write shares: the tenant's roles read up front, a transaction holding the
 * tenant's owner lock with the member read afresh, the last-owner guard and the event payload.
 */
export function createMemberChanges(deps: { db: Db; events: EventSink; roles: RoleResolver }) {
  const { roles } = deps
  const write = transactional(deps.db, deps.events)

  /** Every role of the tenant by key, read before a transaction (the embedded database has one connection). */
  async function catalogOf(tenantId: string): Promise<Map<string, ResolvedRole>> {
    return new Map((await roles.list(tenantId)).map((role) => [role.key, role]))
  }

  /**
   * Runs a change of the member `userId` in a transaction that holds the tenant's owner lock and
   * reads the member afresh; 404 for a user who is not a member (another tenant's included).
   */
  async function changeMember<T>(
    context: TenantContext,
    userId: string,
    work: (member: MemberRow, tx: MembersRepository, emit: Emit, raw: Db) => Promise<T>,
  ): Promise<T> {
    return write(context, async (tx, emit) => {
      const inTx = createMembersRepository(tx)
      await inTx.lockOwners(context.tenantId)
      const member = await inTx.find(context.tenantId, userId)
      if (member === undefined) throw errors.notFound('User')
      return work(member, inTx, emit, tx)
    })
  }

  /** 400 LastOwnerRestriction when `member` is an active owner and the tenant has no other. */
  async function assertNotLastOwner(
    tx: MembersRepository,
    tenantId: string,
    member: MemberRow,
    what: PlainErrorKey,
  ) {
    if (member.role !== 'owner' || member.status !== 'active') return
    if ((await tx.countActiveOwners(tenantId)) > 1) return
    throw errors.lastOwner(phrase('members.wouldLeaveNoOwner', { what: phrase(what) }))
  }

  function eventPayload<Extra extends object>(member: MemberRow, extra: Extra) {
    return {
      id: member.membershipId,
      userId: member.userId,
      email: member.email,
      role: member.role,
      ...extra,
    }
  }

  return { write, catalogOf, changeMember, assertNotLastOwner, eventPayload }
}

export type MemberChanges = ReturnType<typeof createMemberChanges>

/** The list item; a pending member's names stay hidden (they would tell whether the address had an account). */
export function toMember(row: MemberRow): Member {
  const pending = row.status === 'pending'
  return {
    id: row.userId,
    email: row.email,
    firstName: pending ? '' : row.firstName,
    lastName: pending ? '' : row.lastName,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: pending ? null : (row.lastLoginAt?.toISOString() ?? null),
    membershipId: row.membershipId,
    invitationExpiresAt: row.invitationExpiresAt?.toISOString() ?? null,
  }
}

/** The membership of a member as the by-id routes show it; permissions only while active. */
export function membershipOf(
  row: Pick<MemberRow, 'membershipId' | 'role' | 'status' | 'acceptedAt'>,
  role: ResolvedRole | undefined,
  tenantId: string,
) {
  return {
    id: row.membershipId,
    role: row.role,
    roleMeta: role === undefined ? null : roleMetaOf(role, tenantId),
    status: row.status,
    permissions: row.status === 'active' ? [...grantedBy(role)] : [],
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }
}
