import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { roles } from '../../db/schema/index.js'

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
  }
}
