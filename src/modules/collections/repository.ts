import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { collectionEntries, collectionEntryValues, collections } from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'
import type { SearchValue } from './values.js'

export type CollectionRow = typeof collections.$inferSelect
export type CollectionValues = Omit<typeof collections.$inferInsert, 'tenantId'>
export type EntryRow = typeof collectionEntries.$inferSelect
export type EntryValues = Omit<typeof collectionEntries.$inferInsert, 'tenantId'>

/**
 * Drizzle queries for collection definitions, entries and their search values; `tenantId` is the
 * first parameter and in every WHERE. The query plans of the public DSL run in `query-sql.ts`.
 */
export function createCollectionsRepository(db: Db) {
  const entryWhere = (tenantId: string, collectionId: string) =>
    and(eq(collectionEntries.tenantId, tenantId), eq(collectionEntries.collectionId, collectionId))

  return {
    async listCollections(tenantId: string, status: string | undefined, offset: number, limit: number) {
      const where = and(
        eq(collections.tenantId, tenantId),
        status === undefined ? undefined : eq(collections.status, status),
      )
      const [rows, [counted]] = await Promise.all([
        db.select().from(collections).where(where).orderBy(asc(collections.key)).limit(limit).offset(offset),
        db.select({ total: count() }).from(collections).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async findCollection(tenantId: string, key: string): Promise<CollectionRow | undefined> {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.tenantId, tenantId), eq(collections.key, key)))
      return row
    },

    async findCollections(tenantId: string, keys: string[]): Promise<CollectionRow[]> {
      if (keys.length === 0) return []
      return db
        .select()
        .from(collections)
        .where(and(eq(collections.tenantId, tenantId), inArray(collections.key, keys)))
    },

    /** Inserts unless the key is taken (decided by the unique index; undefined then). */
    async insertCollection(tenantId: string, values: CollectionValues) {
      const [row] = await db
        .insert(collections)
        .values({ ...values, tenantId })
        .onConflictDoNothing({ target: [collections.tenantId, collections.key] })
        .returning()
      return row
    },

    async updateCollection(tenantId: string, id: string, values: Partial<CollectionValues>) {
      const [row] = await db
        .update(collections)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(collections.tenantId, tenantId), eq(collections.id, id)))
        .returning()
      return row
    },

    /** Deletes the collection (its entries and values cascade); false when it was gone. */
    async deleteCollection(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(collections)
        .where(and(eq(collections.tenantId, tenantId), eq(collections.id, id)))
        .returning({ id: collections.id })
      return rows.length > 0
    },

    async findEntry(tenantId: string, collectionId: string, id: string): Promise<EntryRow | undefined> {
      const [row] = await db
        .select()
        .from(collectionEntries)
        .where(and(entryWhere(tenantId, collectionId), eq(collectionEntries.id, id)))
      return row
    },

    async findEntryBySlug(tenantId: string, collectionId: string, slug: string, status?: string) {
      const [row] = await db
        .select()
        .from(collectionEntries)
        .where(
          and(
            entryWhere(tenantId, collectionId),
            eq(collectionEntries.slug, slug),
            status === undefined ? undefined : eq(collectionEntries.status, status),
          ),
        )
      return row
    },

    /** Inserts unless the slug is taken in the collection (undefined then). */
    async insertEntry(tenantId: string, values: EntryValues) {
      const [row] = await db
        .insert(collectionEntries)
        .values({ ...values, tenantId })
        .onConflictDoNothing({
          target: [collectionEntries.tenantId, collectionEntries.collectionId, collectionEntries.slug],
        })
        .returning()
      return row
    },

    async updateEntry(tenantId: string, collectionId: string, id: string, values: Partial<EntryValues>) {
      const [row] = await db
        .update(collectionEntries)
        .set({ ...values, updatedAt: new Date() })
        .where(and(entryWhere(tenantId, collectionId), eq(collectionEntries.id, id)))
        .returning()
      return row
    },

    async deleteEntry(tenantId: string, collectionId: string, id: string) {
      const [row] = await db
        .delete(collectionEntries)
        .where(and(entryWhere(tenantId, collectionId), eq(collectionEntries.id, id)))
        .returning()
      return row
    },

    /** Replaces an entry's search values (the unique index on `unique_value` may refuse them). */
    async replaceValues(tenantId: string, collectionId: string, entryId: string, rows: SearchValue[]) {
      await db
        .delete(collectionEntryValues)
        .where(and(eq(collectionEntryValues.tenantId, tenantId), eq(collectionEntryValues.entryId, entryId)))
      if (rows.length === 0) return
      await db
        .insert(collectionEntryValues)
        .values(rows.map((row) => ({ ...row, tenantId, collectionId, entryId })))
    },

    /** The first of `rows`' unique fields whose value another entry of the collection holds. */
    async takenUniqueField(tenantId: string, collectionId: string, entryId: string, rows: SearchValue[]) {
      for (const row of rows) {
        if (row.uniqueValue === null) continue
        const [taken] = await db
          .select({ entryId: collectionEntryValues.entryId })
          .from(collectionEntryValues)
          .where(
            and(
              eq(collectionEntryValues.tenantId, tenantId),
              eq(collectionEntryValues.collectionId, collectionId),
              eq(collectionEntryValues.field, row.field),
              eq(collectionEntryValues.uniqueValue, row.uniqueValue),
              ne(collectionEntryValues.entryId, entryId),
            ),
          )
          .limit(1)
        if (taken !== undefined) return row.field
      }
      return undefined
    },

    /** Forgets the search values of fields a collection no longer declares. */
    async deleteFieldValues(tenantId: string, collectionId: string, fields: string[]) {
      if (fields.length === 0) return
      await db
        .delete(collectionEntryValues)
        .where(
          and(
            eq(collectionEntryValues.tenantId, tenantId),
            eq(collectionEntryValues.collectionId, collectionId),
            inArray(collectionEntryValues.field, fields),
          ),
        )
    },

    /** Which of `ids` are entries of the collection. */
    async existingEntryIds(tenantId: string, collectionId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: collectionEntries.id })
        .from(collectionEntries)
        .where(and(entryWhere(tenantId, collectionId), inArray(collectionEntries.id, ids)))
      return new Set(rows.map((row) => row.id))
    },

    /** The collection's entry slugs, for the slug allocator (lib/slug.ts). */
    slugs(tenantId: string, collectionId: string) {
      return slugLookup(db, collectionEntries, collectionEntries.slug, entryWhere(tenantId, collectionId))
    },
  }
}

export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>
