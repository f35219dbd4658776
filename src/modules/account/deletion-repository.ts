import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { memberships, tenants } from '../../db/schema/index.js'

/**
 * What leaving tenants and deleting one's own account read: the user's memberships, with their
 * tenants' owners (the writes are the owning families', docs/architecture.md "Table ownership").
 * Keyed by the user: an account spans tenants.
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
  }
}
