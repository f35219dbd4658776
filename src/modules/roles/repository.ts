import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { memberships, roles } from '../../db/schema/index.js'

export type RoleRow = typeof roles.$inferSelect

/** Queries on a tenant's custom roles; `tenantId` first in every method and every where. */
export function createRolesRepository(db: Db) {
  return {
    listByTenant(tenantId: string): Promise<RoleRow[]> {
      return db
        .select()
        .from(roles)
        .where(eq(roles.tenantId, tenantId))
        .orderBy(asc(roles.createdAt), asc(roles.id))
    },

    async findById(tenantId: string, id: string): Promise<RoleRow | undefined> {
      const [row] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
      return row
    },

    /** Throws the unique violation `roles_tenant_key_key` when the key is taken. */
    async insert(
      tenantId: string,
      values: {
        id: string
        key: string
        name: string
        description: string
        level: number
        permissions: string[]
      },
    ): Promise<RoleRow> {
      const [row] = await db
        .insert(roles)
        .values({ tenantId, ...values })
        .returning()
      return row as RoleRow
    },

    async update(
      tenantId: string,
      id: string,
      patch: { name?: string; description?: string; level?: number; permissions?: string[] },
    ): Promise<RoleRow | undefined> {
      const [row] = await db
        .update(roles)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string): Promise<void> {
      await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    },

    /** Memberships of any status (pending invitations too) that hold `key`. */
    async countHolders(tenantId: string, key: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, key)))
      return row?.n ?? 0
    },

    /** Moves every membership holding `from` to `to`; returns how many moved. */
    async reassign(tenantId: string, from: string, to: string): Promise<number> {
      const rows = await db
        .update(memberships)
        .set({ role: to, updatedAt: new Date() })
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, from)))
        .returning({ id: memberships.id })
      return rows.length
    },
  }
}
