import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { customFieldDefinitions } from '../../db/schema/index.js'

export type DefinitionRow = typeof customFieldDefinitions.$inferSelect
export type NewDefinitionRow = Omit<typeof customFieldDefinitions.$inferInsert, 'tenantId'>
export type DefinitionPatch = Partial<Omit<NewDefinitionRow, 'id' | 'key' | 'createdAt' | 'createdBy'>>

const t = customFieldDefinitions

/** Drizzle queries for `custom_field_definitions`; `tenantId` first and in every WHERE. */
export function createDefinitionsRepository(db: Db) {
  return {
    /** The tenant's definitions by position, label, key. */
    async list(tenantId: string): Promise<DefinitionRow[]> {
      return db
        .select()
        .from(t)
        .where(eq(t.tenantId, tenantId))
        .orderBy(asc(t.position), asc(t.label), asc(t.key))
    },

    async count(tenantId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(t).where(eq(t.tenantId, tenantId))
      return row?.n ?? 0
    },

    async findById(tenantId: string, id: string): Promise<DefinitionRow | undefined> {
      const [row] = await db
        .select()
        .from(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
        .for('update')
      return row
    },

    async insert(tenantId: string, row: NewDefinitionRow): Promise<DefinitionRow> {
      const [inserted] = await db
        .insert(t)
        .values({ ...row, tenantId })
        .returning()
      return inserted as DefinitionRow
    },

    async update(tenantId: string, id: string, patch: DefinitionPatch): Promise<DefinitionRow | undefined> {
      const [row] = await db
        .update(t)
        .set(patch)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string): Promise<DefinitionRow | undefined> {
      const [row] = await db
        .delete(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.id, id)))
        .returning()
      return row
    },
  }
}
