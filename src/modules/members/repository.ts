import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { invitations, memberships, tenants, users } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/like.js'

const memberColumns = {
  membershipId: memberships.id,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userStatus: users.status,
  lastLoginAt: users.lastLoginAt,
  role: memberships.role,
  status: memberships.status,
  acceptedAt: memberships.acceptedAt,
  createdAt: memberships.createdAt,
  invitationExpiresAt: invitations.expiresAt,
}

export interface MemberFilter {
  search?: string | undefined
  status?: string | undefined
  role?: string | undefined
}

/**
 * A tenant's members: memberships joined with their accounts (and a pending member's invitation).
 * `tenantId` first in every method and every where.
 */
export function createMembersRepository(db: Db) {
  const base = () =>
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(
        invitations,
        and(eq(invitations.tenantId, memberships.tenantId), eq(invitations.membershipId, memberships.id)),
      )

  function where(tenantId: string, filter: MemberFilter): SQL | undefined {
    const pattern = filter.search === undefined ? undefined : containsPattern(filter.search)
    return and(
      eq(memberships.tenantId, tenantId),
      filter.status === undefined ? undefined : eq(memberships.status, filter.status),
      filter.role === undefined ? undefined : eq(memberships.role, filter.role),
      pattern === undefined
        ? undefined
        : or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ),
    )
  }

  return {
    /** A page of members, newest membership first, and the total matching `filter`. */
    async list(tenantId: string, filter: MemberFilter, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        base()
          .where(where(tenantId, filter))
          .orderBy(desc(memberships.createdAt), desc(memberships.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where(tenantId, filter)),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async find(tenantId: string, userId: string) {
      const [row] = await base()
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
        .limit(1)
      return row
    },

    /**
     * Serializes the writes that can change who owns the tenant (role, status, removal, leaving),
     * so two owners demoting each other at once cannot leave none. Transaction-scoped.
     */
    async lockOwners(tenantId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`folio:owners:${tenantId}`}))`)
    },

    async countActiveOwners(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.role, 'owner'),
            eq(memberships.status, 'active'),
          ),
        )
      return row?.n ?? 0
    },

    /** Members of the tenant other than `userId`, any status. */
    async countOthers(tenantId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), ne(memberships.userId, userId)))
      return row?.n ?? 0
    },

    async setRole(tenantId: string, membershipId: string, role: string): Promise<void> {
      await db
        .update(memberships)
        .set({ role, updatedAt: new Date() })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, membershipId)))
    },

    async setStatus(tenantId: string, membershipId: string, status: string): Promise<void> {
      await db
        .update(memberships)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, membershipId)))
    },

    /** Removes the membership (its invitation goes with it). */
    async remove(tenantId: string, membershipId: string): Promise<void> {
      await db
        .delete(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.id, membershipId)))
    },

    /** How many tenants the account is a member of (any status). */
    async membershipsOfUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId))
      return row?.n ?? 0
    },

    /** Revokes the membership's live invitation (the membership stays pending). */
    async dropInvitation(tenantId: string, membershipId: string): Promise<void> {
      await db
        .delete(invitations)
        .where(and(eq(invitations.tenantId, tenantId), eq(invitations.membershipId, membershipId)))
    },

    async tenantName(tenantId: string): Promise<string> {
      const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId))
      return row?.name ?? ''
    },

    /** An active membership from the start (a tenant's creator). */
    async insertActive(tenantId: string, values: { id: string; userId: string; role: string }) {
      const [row] = await db
        .insert(memberships)
        .values({ tenantId, ...values, status: 'active', acceptedAt: new Date() })
        .returning({ id: memberships.id, role: memberships.role, status: memberships.status })
      return row as { id: string; role: string; status: string }
    },

    /**
     * Spends the invitation of a pending membership (it is accepted now, whatever way): its expiry,
     * or undefined for a membership made without one.
     */
    async takeInvitation(tenantId: string, membershipId: string): Promise<Date | undefined> {
      const [row] = await db
        .delete(invitations)
        .where(and(eq(invitations.tenantId, tenantId), eq(invitations.membershipId, membershipId)))
        .returning({ expiresAt: invitations.expiresAt })
      return row?.expiresAt
    },

    /** Makes a pending membership active; undefined when it was not pending. */
    async activatePending(tenantId: string, membershipId: string) {
      const now = new Date()
      const [row] = await db
        .update(memberships)
        .set({ status: 'active', acceptedAt: now, updatedAt: now })
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.id, membershipId),
            eq(memberships.status, 'pending'),
          ),
        )
        .returning({
          id: memberships.id,
          role: memberships.role,
          status: memberships.status,
          acceptedAt: memberships.acceptedAt,
        })
      return row
    },

    /** Sets an active member's role; returns the membership id, or undefined (not an active member). */
    async setActiveRole(tenantId: string, userId: string, role: string): Promise<string | undefined> {
      const [row] = await db
        .update(memberships)
        .set({ role, updatedAt: new Date() })
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'active'),
          ),
        )
        .returning({ id: memberships.id })
      return row?.id
    },

    /** Memberships of any status (pending invitations too) that hold the role `key`. */
    async countHolders(tenantId: string, key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, key)))
      return row?.n ?? 0
    },

    /** Moves every membership holding the role `from` to `to`; returns how many moved. */
    async reassignRole(tenantId: string, from: string, to: string): Promise<number> {
      const rows = await db
        .update(memberships)
        .set({ role: to, updatedAt: new Date() })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, from)))
        .returning({ id: memberships.id })
      return rows.length
    },

    /** Removes every membership of the account, in every tenant (its deletion). */
    async removeAllOf(userId: string): Promise<void> {
      await db.delete(memberships).where(eq(memberships.userId, userId))
    },

    /** Throws the unique violation `memberships_tenant_user_key` when the user is already a member. */
    async insertPending(tenantId: string, values: { id: string; userId: string; role: string }) {
      await db.insert(memberships).values({ tenantId, ...values, status: 'pending' })
    },
  }
}

export type MembersRepository = ReturnType<typeof createMembersRepository>
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['find']>>>
