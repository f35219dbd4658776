import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { memberships, tenants } from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'

const tenantColumns = {
  id: tenants.id,
  name: tenants.name,
  slug: tenants.slug,
  plan: tenants.plan,
  status: tenants.status,
  createdAt: tenants.createdAt,
}

export type TenantRow = {
  id: string
  name: string
  slug: string
  plan: string
  status: string
  createdAt: Date
}

/**
 * Membership statuses a user sees in their tenant list (docs/decisions/tenancy.md "Membership
 * statuses a user sees").
 */
const LISTED_STATUSES = ['active', 'pending']

/**
 * Queries on tenants, and on the memberships a user's tenant list reads. Tenant-scoped methods take `tenantId` first; slug lookups
 * and a user's tenant list are global by nature (a slug is unique across tenants, and a user's
 * memberships span tenants), so they are keyed by slug or user instead.
 */
export function createTenantsRepository(db: Db) {
  return {
    async insertTenant(tenantId: string, values: { name: string; slug: string; plan: string }) {
      const [row] = await db
        .insert(tenants)
        .values({ id: tenantId, ...values })
        .returning(tenantColumns)
      return row as TenantRow
    },

    async findById(tenantId: string): Promise<TenantRow | undefined> {
      const [row] = await db
        .select(tenantColumns)
        .from(tenants)
        .where(and(eq(tenants.id, tenantId), isNull(tenants.deletedAt)))
      return row
    },

    async findBySlug(slug: string): Promise<TenantRow | undefined> {
      const [row] = await db
        .select(tenantColumns)
        .from(tenants)
        .where(and(eq(tenants.slug, slug), isNull(tenants.deletedAt)))
      return row
    },

    /** Every tenant's slug, deleted tenants included (they still hold theirs), for the slug allocator. */
    slugs() {
      return slugLookup(db, tenants, tenants.slug, undefined)
    },

    /**
     * The user's active and pending memberships in tenants that are not deleted, each with the
     * number of active owners of its tenant, in one query (no per-row count).
     */
    async listMembershipsOfUser(userId: string) {
      const owners = alias(memberships, 'owners')
      return db
        .select({
          id: memberships.id,
          role: memberships.role,
          status: memberships.status,
          tenant: tenantColumns,
          ownerCount: count(owners.id),
        })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .leftJoin(
          owners,
          and(
            eq(owners.tenantId, memberships.tenantId),
            eq(owners.role, 'owner'),
            eq(owners.status, 'active'),
          ),
        )
        .where(
          and(
            eq(memberships.userId, userId),
            inArray(memberships.status, LISTED_STATUSES),
            isNull(tenants.deletedAt),
            ne(tenants.status, 'deleted'),
          ),
        )
        .groupBy(memberships.tenantId, memberships.id, tenants.id)
        .orderBy(asc(memberships.createdAt), asc(memberships.id))
    },
  }
}

export type TenantsRepository = ReturnType<typeof createTenantsRepository>
