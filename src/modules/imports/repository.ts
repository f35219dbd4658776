import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  categories,
  contentCategories,
  contents,
  contentTags,
  importRecords,
  imports,
  media,
  tags,
  users,
} from '../../db/schema/index.js'

/** What an import record maps: the Folio kinds a WordPress export brings in. */
export type ImportKind = 'category' | 'tag' | 'media' | 'post' | 'page' | 'menu' | 'menu-item'

/** Drizzle queries for `import_records` (and the owner lookup); `tenantId` first and in every WHERE. */
export function createImportRepository(db: Db) {
  return {
    /** Every record of `source` in the tenant, as source key → target id (one query per run). */
    async recordsOf(tenantId: string, source: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ sourceKey: importRecords.sourceKey, targetId: importRecords.targetId })
        .from(importRecords)
        .where(and(eq(importRecords.tenantId, tenantId), eq(importRecords.source, source)))
      return new Map(rows.map((row) => [row.sourceKey, row.targetId]))
    },

    async findRecord(tenantId: string, source: string, sourceKey: string): Promise<string | undefined> {
      const [row] = await db
        .select({ targetId: importRecords.targetId })
        .from(importRecords)
        .where(
          and(
            eq(importRecords.tenantId, tenantId),
            eq(importRecords.source, source),
            eq(importRecords.sourceKey, sourceKey),
          ),
        )
      return row?.targetId
    },

    async insertRecord(
      tenantId: string,
      values: { source: string; sourceKey: string; kind: ImportKind; targetId: string },
    ): Promise<void> {
      await db.insert(importRecords).values({ ...values, tenantId })
    },
  }
}

/** The user id for `email` (case-insensitive, as the unique index `users_email_key` compares), or undefined. */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
  return row?.id
}

/**
 * Refreshes the planner statistics of the tables an import filled. Without it, a bulk load leaves
 * estimates of one row per table (PGlite has no autovacuum; PostgreSQL's runs later) and filtered
 * content lists pick nested loops that take seconds instead of milliseconds.
 */
export async function analyzeImportedTables(db: Db): Promise<void> {
  await db.execute(
    sql`analyze ${categories}, ${tags}, ${media}, ${contents}, ${contentCategories}, ${contentTags}, ${importRecords}`,
  )
}

export type ImportRow = typeof imports.$inferSelect
/** The statuses of an unfinished import; `imports_one_active_per_tenant` allows one per tenant. */
const ACTIVE_STATUSES = ['queued', 'running']
type ImportPatch = Partial<Omit<typeof imports.$inferInsert, 'tenantId' | 'id' | 'createdAt'>>

/** Drizzle queries for `imports` (the state of API-started imports); `tenantId` first and in every WHERE. */
export function createImportJobsRepository(db: Db) {
  return {
    async insert(values: typeof imports.$inferInsert): Promise<ImportRow> {
      const [row] = await db.insert(imports).values(values).returning()
      if (row === undefined) throw new Error('insert into imports returned no row')
      return row
    },

    async find(tenantId: string, id: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.tenantId, tenantId), eq(imports.id, id)))
      return row
    },

    async update(tenantId: string, id: string, patch: ImportPatch): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(imports)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(imports.tenantId, tenantId), eq(imports.id, id)))
        .returning()
      return row
    },

    /** One page of the tenant's imports, newest first, and how many it has in all. */
    async list(
      tenantId: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: ImportRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(imports)
          .where(eq(imports.tenantId, tenantId))
          .orderBy(desc(imports.createdAt), desc(imports.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(imports).where(eq(imports.tenantId, tenantId)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** The tenant's import that is queued or running, if any (there is at most one). */
    async findActive(tenantId: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .select()
        .from(imports)
        .where(and(eq(imports.tenantId, tenantId), inArray(imports.status, ACTIVE_STATUSES)))
      return row
    },

    /**
     * Every import queued or running, whichever its tenant: the one query that spans tenants, for a
     * server taking over what its previous life left unfinished.
     */
    async listActive(): Promise<ImportRow[]> {
      return db.select().from(imports).where(inArray(imports.status, ACTIVE_STATUSES))
    },
  }
}
