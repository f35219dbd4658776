import { and, arrayContains, count, desc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { media } from '../../db/schema/index.js'
import { containsPattern, prefixPattern } from '../../lib/like.js'

export type MediaRow = typeof media.$inferSelect
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
  }
}
