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
  draft: v.draft,
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
  draft: boolean
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

    /**
     * One page of a content's live (`deleted` false) or deleted versions, newest first, and their
     * count; `drafts` false leaves out the saves of pending drafts.
     */
    async page(
      tenantId: string,
      contentId: string,
      page: { deleted: boolean; drafts: boolean; limit: number; offset: number },
    ) {
      const { limit, offset } = page
      const where = and(
        ofContent(tenantId, contentId),
        page.deleted ? isNotNull(v.deletedAt) : isNull(v.deletedAt),
        page.drafts ? undefined : eq(v.draft, false),
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

    /** A content's version by its number (a pending draft's, the newest save's). */
    async findNumber(tenantId: string, contentId: string, version: number) {
      const [row] = await db
        .select({ ...META, snapshot: v.snapshot })
        .from(v)
        .where(and(ofContent(tenantId, contentId), eq(v.version, version)))
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
     * deleted ones, never its pending draft's. @returns how many rows went.
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
        const draft = sql`(select c.draft_version from contents c
          where c.tenant_id = ${tenantId} and c.id = ${contentId})`
        const gone = await db
          .delete(v)
          .where(
            and(
              ofContent(tenantId, contentId),
              state,
              notInArray(v.id, kept),
              sql`${v.version} is distinct from ${draft}`,
            ),
          )
          .returning({ id: v.id })
        removed += gone.length
      }
      return removed
    },
  }
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>
