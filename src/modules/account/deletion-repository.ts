import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { memberships, sessions, tenants, users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

/**
 * Queries for leaving tenants and deleting one's own account. Keyed by the user: an account spans
 * tenants, and these act on all of its memberships at once.
 */
export function createAccountRepository(db: Db) {
  return {
    /**
     * Every membership of the user in a tenant that is not deleted, with the tenant's active owner
     * count and its number of other members (any status), counted in the same statement.
     */
    membershipsWithOwnership(userId: string) {
      return db
        .select({
          membershipId: memberships.id,
          tenantId: memberships.tenantId,
          role: memberships.role,
          status: memberships.status,
          name: tenants.name,
          slug: tenants.slug,
          ownerCount: sql<number>`(select count(*)::int from ${memberships} o where o.tenant_id = ${memberships.tenantId} and o.role = 'owner' and o.status = 'active')`,
          otherMembers: sql<number>`(select count(*)::int from ${memberships} o where o.tenant_id = ${memberships.tenantId} and o.user_id <> ${memberships.userId})`,
        })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(and(eq(memberships.userId, userId), isNull(tenants.deletedAt)))
    },

    /** The user's membership `membershipId`, or undefined (someone else's looks the same). */
    async findOwnMembership(userId: string, membershipId: string) {
      const [row] = await db
        .select({
          tenantId: memberships.tenantId,
          id: memberships.id,
          role: memberships.role,
          status: memberships.status,
        })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.id, membershipId)))
        .limit(1)
      return row
    },

    async deleteMembershipsOf(userId: string): Promise<void> {
      await db.delete(memberships).where(eq(memberships.userId, userId))
    },

    /**
     * Puts the tenant on the tenant lifecycle's path (tenants/lifecycle.ts): `deletion_pending`
     * under a new deletion id, purged by the hourly sweep once `purgeAfter` has passed.
     */
    async markTenantDeleted(tenantId: string, deletedBy: string, purgeAfter: Date): Promise<void> {
      const now = new Date()
      await db
        .update(tenants)
        .set({
          status: 'deletion_pending',
          deletionId: newId(),
          deletedAt: now,
          deletedBy,
          deletionReason: 'The owner deleted their account.',
          purgeAfter,
          updatedAt: now,
        })
        .where(eq(tenants.id, tenantId))
    },

    /**
     * Anonymises the account (docs/decisions/accounts.md "Deleting an account anonymises it"): the
     * address is freed, names and password are gone, status `deleted`; the row stays so that
     * records naming it keep their reference.
     */
    async anonymize(userId: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({
          email: `deleted+${userId}@users.invalid`,
          firstName: 'Deleted',
          lastName: 'User',
          passwordHash,
          status: 'deleted',
          language: null,
          emailVerifiedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
    },

    async revokeSessions(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    },
  }
}
