import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { invitations, memberships, tenants, users } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/like.js'

/** An account created by an invitation to an address without one: it cannot log in until accepted. */
export const INVITED_USER_STATUS = 'invited'
/** Stored instead of a password hash for invited accounts; it never verifies (lib/password.ts). */
export const NO_PASSWORD = '!invited'

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

    /** Changes an account's names or e-mail; throws the unique violation `users_email_key` on a taken e-mail. */
    async updateAccount(userId: string, patch: { email?: string; firstName?: string; lastName?: string }) {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId))
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

    /** Deletes an invited account no membership refers to any more (its invitations were all revoked). */
    async dropUnusedInvitedAccount(userId: string): Promise<void> {
      await db.execute(
        sql`delete from ${users} where ${users.id} = ${userId} and ${users.status} = ${INVITED_USER_STATUS}
            and not exists (select 1 from ${memberships} where ${memberships.userId} = ${userId})`,
      )
    },

    /** Throws the unique violation `memberships_tenant_user_key` when the user is already a member. */
    async insertPending(tenantId: string, values: { id: string; userId: string; role: string }) {
      await db.insert(memberships).values({ tenantId, ...values, status: 'pending' })
    },
  }
}

export type MembersRepository = ReturnType<typeof createMembersRepository>
export type MemberRow = NonNullable<Awaited<ReturnType<MembersRepository['find']>>>
