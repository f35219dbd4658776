import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { contents, galleries, galleryContents, galleryItems, media } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/like.js'

export type GalleryRow = typeof galleries.$inferSelect
export interface GalleryItemValues {
  mediaId: string
  title: string
  caption: string
}

export interface GalleryFilter {
  search?: string | undefined
  contentId?: string | undefined
}

/** Drizzle queries for galleries, their items and content links; `tenantId` first and in every WHERE. */
export function createGalleriesRepository(db: Db) {
  const matching = (tenantId: string, filter: GalleryFilter) => {
    const pattern = filter.search === undefined ? undefined : containsPattern(filter.search)
    return and(
      eq(galleries.tenantId, tenantId),
      pattern === undefined
        ? undefined
        : or(ilike(galleries.title, pattern), ilike(galleries.description, pattern)),
      filter.contentId === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(galleryContents)
              .where(
                and(
                  eq(galleryContents.tenantId, tenantId),
                  eq(galleryContents.contentId, filter.contentId),
                  eq(galleryContents.galleryId, galleries.id),
                ),
              ),
          ),
    )
  }

  return {
    async list(tenantId: string, filter: GalleryFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(galleries)
          .where(matching(tenantId, filter))
          .orderBy(desc(galleries.createdAt), desc(galleries.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(galleries).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async findById(tenantId: string, id: string): Promise<GalleryRow | undefined> {
      const [row] = await db
        .select()
        .from(galleries)
        .where(and(eq(galleries.tenantId, tenantId), eq(galleries.id, id)))
      return row
    },

    async findByIds(tenantId: string, ids: readonly string[]): Promise<GalleryRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(galleries)
        .where(and(eq(galleries.tenantId, tenantId), inArray(galleries.id, [...ids])))
    },

    /** The items of the galleries in order, each with its media row. */
    async itemsOf(tenantId: string, galleryIds: readonly string[]) {
      if (galleryIds.length === 0) return []
      return db
        .select({ item: galleryItems, media })
        .from(galleryItems)
        .innerJoin(media, and(eq(media.tenantId, galleryItems.tenantId), eq(media.id, galleryItems.mediaId)))
        .where(and(eq(galleryItems.tenantId, tenantId), inArray(galleryItems.galleryId, [...galleryIds])))
        .orderBy(asc(galleryItems.galleryId), asc(galleryItems.position))
    },

    /** The content ids linked to each of the galleries (content order unspecified). */
    async contentIdsOf(tenantId: string, galleryIds: readonly string[]) {
      if (galleryIds.length === 0) return []
      return db
        .select({ galleryId: galleryContents.galleryId, contentId: galleryContents.contentId })
        .from(galleryContents)
        .where(
          and(eq(galleryContents.tenantId, tenantId), inArray(galleryContents.galleryId, [...galleryIds])),
        )
        .orderBy(asc(galleryContents.contentId))
    },

    async insert(
      tenantId: string,
      values: Omit<typeof galleries.$inferInsert, 'tenantId'>,
    ): Promise<GalleryRow> {
      const [row] = await db
        .insert(galleries)
        .values({ ...values, tenantId })
        .returning()
      return row!
    },

    async update(tenantId: string, id: string, values: { title?: string; description?: string }) {
      const [row] = await db
        .update(galleries)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(galleries.tenantId, tenantId), eq(galleries.id, id)))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string): Promise<GalleryRow | undefined> {
      const [row] = await db
        .delete(galleries)
        .where(and(eq(galleries.tenantId, tenantId), eq(galleries.id, id)))
        .returning()
      return row
    },

    /** Replaces the gallery's items with `items`, in that order. */
    async replaceItems(tenantId: string, galleryId: string, items: readonly GalleryItemValues[]) {
      await db
        .delete(galleryItems)
        .where(and(eq(galleryItems.tenantId, tenantId), eq(galleryItems.galleryId, galleryId)))
      if (items.length === 0) return
      await db
        .insert(galleryItems)
        .values(items.map((item, position) => ({ ...item, tenantId, galleryId, position })))
    },

    /** Ids of the galleries showing any of the media. */
    async galleryIdsUsing(tenantId: string, mediaIds: readonly string[]): Promise<string[]> {
      if (mediaIds.length === 0) return []
      const rows = await db
        .selectDistinct({ galleryId: galleryItems.galleryId })
        .from(galleryItems)
        .where(and(eq(galleryItems.tenantId, tenantId), inArray(galleryItems.mediaId, [...mediaIds])))
      return rows.map((row) => row.galleryId)
    },

    /** Marks the galleries changed (their items went with deleted media). */
    async touch(tenantId: string, ids: readonly string[]) {
      if (ids.length === 0) return
      await db
        .update(galleries)
        .set({ updatedAt: new Date() })
        .where(and(eq(galleries.tenantId, tenantId), inArray(galleries.id, [...ids])))
    },

    async contentExists(tenantId: string, contentId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, contentId)))
      return row !== undefined
    },

    /** Sets the content's galleries to `galleryIds` in order; returns the ids linked before. */
    async linkContent(tenantId: string, contentId: string, galleryIds: readonly string[]): Promise<string[]> {
      const before = await db
        .delete(galleryContents)
        .where(and(eq(galleryContents.tenantId, tenantId), eq(galleryContents.contentId, contentId)))
        .returning({ galleryId: galleryContents.galleryId })
      if (galleryIds.length > 0) {
        await db
          .insert(galleryContents)
          .values(galleryIds.map((galleryId, position) => ({ tenantId, contentId, galleryId, position })))
      }
      return before.map((row) => row.galleryId)
    },
  }
}
