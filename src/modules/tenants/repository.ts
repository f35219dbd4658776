import { and, asc, count, eq, inArray, isNull, like, ne, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { memberships, tenants } from '../../db/schema/index.js'

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
 * Queries on tenants and memberships. Tenant-scoped methods take `tenantId` first; slug lookups
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

    async insertMembership(tenantId: string, values: { id: string; userId: string; role: string }) {
      const [row] = await db
        .insert(memberships)
        .values({ tenantId, ...values, status: 'active', acceptedAt: new Date() })
        .returning({ id: memberships.id, role: memberships.role, status: memberships.status })
      return row as { id: string; role: string; status: string }
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

    /**
     * Taken slugs that equal `slug` or start with `stem-`, deleted tenants included (they still
     * hold their slug). `stem` holds only `[a-z0-9-]`, so it carries no LIKE wildcards.
     */
    async slugsTaken(slug: string, stem: string): Promise<Set<string>> {
      const rows = await db
        .select({ slug: tenants.slug })
        .from(tenants)
        .where(or(eq(tenants.slug, slug), like(tenants.slug, `${stem}-%`)))
      return new Set(rows.map((row) => row.slug))
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
