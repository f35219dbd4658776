import {
  and,
  arrayContains,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { media, mediaUploads } from '../../db/schema/index.js'
import { containsPattern, prefixPattern } from '../../lib/like.js'

export type MediaRow = typeof media.$inferSelect
export type MediaUploadRow = typeof mediaUploads.$inferSelect
export type MediaValues = Omit<typeof media.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>

export interface MediaFilter {
  status: string
  search?: string | undefined
  mimeTypePrefix?: string | undefined
  /** Lowercased tags that must all be present. */
  tags?: string[] | undefined
}

/** Drizzle queries for `media`; `tenantId` is the first parameter and in every WHERE. */
export function createMediaRepository(db: Db) {
  const matching = (tenantId: string, filter: MediaFilter) => {
    const pattern = filter.search === undefined ? undefined : containsPattern(filter.search)
    return and(
      eq(media.tenantId, tenantId),
      eq(media.status, filter.status),
      pattern === undefined
        ? undefined
        : or(
            ilike(media.title, pattern),
            ilike(media.description, pattern),
            ilike(media.altText, pattern),
            ilike(media.originalName, pattern),
          ),
      filter.mimeTypePrefix === undefined
        ? undefined
        : ilike(media.mimeType, prefixPattern(filter.mimeTypePrefix)),
      filter.tags === undefined ? undefined : arrayContains(media.tags, filter.tags),
    )
  }

  /** Updates the media `id` only while `condition` holds; undefined when it is missing or no longer does. */
  const updateIf = async (tenantId: string, id: string, values: Partial<MediaValues>, condition: SQL) => {
    const [row] = await db
      .update(media)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(media.tenantId, tenantId), eq(media.id, id), condition))
      .returning()
    return row
  }

  return {
    async insert(tenantId: string, values: MediaValues): Promise<MediaRow> {
      const [row] = await db
        .insert(media)
        .values({ ...values, tenantId })
        .returning()
      return row!
    },

    /** One page of matching media, newest first, and the number of all matching media. */
    async list(tenantId: string, filter: MediaFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(media)
          .where(matching(tenantId, filter))
          .orderBy(desc(media.createdAt), desc(media.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(media).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async findById(tenantId: string, id: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.tenantId, tenantId), eq(media.id, id)))
      return row
    },

    /** The ids among `ids` that are this tenant's media. */
    async existingIds(tenantId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.tenantId, tenantId), inArray(media.id, [...ids])))
      return rows.map((row) => row.id)
    },

    async findByIds(tenantId: string, ids: readonly string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(media)
        .where(and(eq(media.tenantId, tenantId), inArray(media.id, [...ids])))
    },

    /** The uploaded record stored in `folder` (serving a file or one of its variants). */
    async findByFolder(tenantId: string, folder: string) {
      const [row] = await db
        .select({ id: media.id, key: media.key, mimeType: media.mimeType })
        .from(media)
        .where(and(eq(media.tenantId, tenantId), eq(media.folder, folder)))
      return row
    },

    async update(tenantId: string, id: string, values: Partial<MediaValues>): Promise<MediaRow | undefined> {
      const [row] = await db
        .update(media)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(media.tenantId, tenantId), eq(media.id, id)))
        .returning()
      return row
    },

    /**
     * Changes the media `id` when it is still external (a file copied into Folio in its place);
     * undefined when it is missing or no longer external.
     */
    async updateExternal(
      tenantId: string,
      id: string,
      values: Partial<MediaValues>,
    ): Promise<MediaRow | undefined> {
      return updateIf(tenantId, id, values, eq(media.sourceType, 'external'))
    },

    /** Records a variants job's outcome on the media when its variants are still pending. */
    async updatePendingVariants(
      tenantId: string,
      id: string,
      values: Partial<MediaValues>,
    ): Promise<MediaRow | undefined> {
      return updateIf(tenantId, id, values, eq(media.variantsStatus, 'pending'))
    },

    /** Adds `tags` (kept distinct, existing ones first) to, or sets them on, the given media; returns the changed rows. */
    async setTags(tenantId: string, ids: readonly string[], tags: string[], mode: 'add' | 'replace') {
      // A JS array interpolated into sql`` is a parameter list; build the text[] explicitly.
      const list = sql`array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`
      const value =
        mode === 'replace'
          ? list
          : sql`array(select u.t from unnest(${media.tags} || ${list}) with ordinality as u(t, n) group by u.t order by min(u.n))`
      return db
        .update(media)
        .set({ tags: value, updatedAt: new Date() })
        .where(and(eq(media.tenantId, tenantId), inArray(media.id, [...ids])))
        .returning()
    },

    async deleteByIds(tenantId: string, ids: readonly string[]): Promise<MediaRow[]> {
      if (ids.length === 0) return []
      return db
        .delete(media)
        .where(and(eq(media.tenantId, tenantId), inArray(media.id, [...ids])))
        .returning()
    },

    /**
     * Grants of any tenant that expired before `before` (pruning; the one query not led by a tenant,
     * as the job works across tenants; each row it returns names its tenant).
     */
    async staleUploads(before: Date, limit: number): Promise<MediaUploadRow[]> {
      return db.select().from(mediaUploads).where(lt(mediaUploads.expiresAt, before)).limit(limit)
    },

    async deleteUploads(grants: ReadonlyArray<Pick<MediaUploadRow, 'tenantId' | 'key'>>) {
      for (const grant of grants) {
        await db
          .delete(mediaUploads)
          .where(and(eq(mediaUploads.tenantId, grant.tenantId), eq(mediaUploads.key, grant.key)))
      }
    },

    async insertUpload(tenantId: string, values: Omit<typeof mediaUploads.$inferInsert, 'tenantId'>) {
      await db.insert(mediaUploads).values({ ...values, tenantId })
    },

    async findUpload(tenantId: string, key: string): Promise<MediaUploadRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaUploads)
        .where(and(eq(mediaUploads.tenantId, tenantId), eq(mediaUploads.key, key)))
      return row
    },

    /** Takes the unexpired, unused grant for `key` for one PUT; undefined when there is none. */
    async claimUpload(tenantId: string, key: string, now: Date): Promise<MediaUploadRow | undefined> {
      const [row] = await db
        .update(mediaUploads)
        .set({ uploadedAt: now })
        .where(
          and(
            eq(mediaUploads.tenantId, tenantId),
            eq(mediaUploads.key, key),
            isNull(mediaUploads.uploadedAt),
            isNull(mediaUploads.registeredAt),
            gt(mediaUploads.expiresAt, now),
          ),
        )
        .returning()
      return row
    },

    /** Marks the grant for `key` registered; undefined when it is missing or already used. */
    async consumeUpload(tenantId: string, key: string): Promise<MediaUploadRow | undefined> {
      const [row] = await db
        .update(mediaUploads)
        .set({ registeredAt: new Date() })
        .where(
          and(
            eq(mediaUploads.tenantId, tenantId),
            eq(mediaUploads.key, key),
            isNull(mediaUploads.registeredAt),
          ),
        )
        .returning()
      return row
    },
  }
}
