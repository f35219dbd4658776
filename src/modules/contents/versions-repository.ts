import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { contentVersions } from '../../db/schema/index.js'

export type NewVersionRow = Omit<typeof contentVersions.$inferInsert, 'tenantId'>

const v = contentVersions
const displayName = (id: SQL | typeof v.createdBy | typeof v.deletedBy) =>
  sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${id})`

/** Version metadata: everything but the snapshot, with the names of the users behind it. */
const META = {
  id: v.id,
  version: v.version,
  title: v.title,
  slug: v.slug,
  status: v.status,
  createdAt: v.createdAt,
  createdBy: v.createdBy,
  createdByName: sql<string>`coalesce(${displayName(v.createdBy)}, ${v.createdByName})`,
  deletedAt: v.deletedAt,
  deletedBy: v.deletedBy,
  deletedByName: displayName(v.deletedBy),
}
export type VersionMetaRow = {
  id: string
  version: number
  title: string
  slug: string
  status: string
  createdAt: Date
  createdBy: string | null
  createdByName: string
  deletedAt: Date | null
  deletedBy: string | null
  deletedByName: string | null
}

/**
 * `content_versions` queries (docs/architecture.md "Anatomy of a family"): `tenantId` first and in
 * every WHERE.
 */
export function createVersionsRepository(db: Db) {
  const ofContent = (tenantId: string, contentId: string) =>
    and(eq(v.tenantId, tenantId), eq(v.contentId, contentId))
  return {
    async insert(tenantId: string, row: NewVersionRow): Promise<void> {
      await db.insert(v).values({ ...row, tenantId })
    },

    /** One page of a content's live (`deleted` false) or deleted versions, newest first, and their count. */
    async page(tenantId: string, contentId: string, deleted: boolean, limit: number, offset: number) {
      const where = and(
        ofContent(tenantId, contentId),
        deleted ? isNotNull(v.deletedAt) : isNull(v.deletedAt),
      )
      const [rows, [counted]] = await Promise.all([
        db.select(META).from(v).where(where).orderBy(desc(v.version)).limit(limit).offset(offset),
        db.select({ total: count() }).from(v).where(where),
      ])
      return { rows: rows as VersionMetaRow[], total: counted?.total ?? 0 }
    },

    async find(tenantId: string, contentId: string, id: string) {
      const [row] = await db
        .select({ ...META, snapshot: v.snapshot })
        .from(v)
        .where(and(ofContent(tenantId, contentId), eq(v.id, id)))
      return row as (VersionMetaRow & { snapshot: Record<string, unknown> }) | undefined
    },

    /** Which of `ids` are versions of the content, with their number and whether they are deleted. */
    async findMany(tenantId: string, contentId: string, ids: string[]) {
      return db
        .select({ id: v.id, version: v.version, deletedAt: v.deletedAt })
        .from(v)
        .where(and(ofContent(tenantId, contentId), inArray(v.id, ids)))
    },

    async markDeleted(tenantId: string, contentId: string, ids: string[], by: string | null, at: Date) {
      if (ids.length === 0) return
      await db
        .update(v)
        .set({ deletedAt: at, deletedBy: by })
        .where(and(ofContent(tenantId, contentId), inArray(v.id, ids), isNull(v.deletedAt)))
    },

    /**
     * Removes all but the newest `keep` live versions of a content, and all but the newest `keep`
     * deleted ones. @returns how many rows went.
     */
    async prune(tenantId: string, contentId: string, keep: number): Promise<number> {
      let removed = 0
      for (const deleted of [false, true]) {
        const state = deleted ? isNotNull(v.deletedAt) : isNull(v.deletedAt)
        const kept = db
          .select({ id: v.id })
          .from(v)
          .where(and(ofContent(tenantId, contentId), state))
          .orderBy(desc(v.version))
          .limit(keep)
        const gone = await db
          .delete(v)
          .where(and(ofContent(tenantId, contentId), state, notInArray(v.id, kept)))
          .returning({ id: v.id })
        removed += gone.length
      }
      return removed
    },
  }
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>
