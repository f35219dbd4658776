import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { tags } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/like.js'

export type TagRow = typeof tags.$inferSelect

/** The unique index that makes a slug a tenant's only tag of that slug. */
export const TAG_SLUG_KEY = 'tags_tenant_slug_key'

export interface TagFilter {
  search?: string | undefined
  ids?: string[] | undefined
}

/** Drizzle queries for `tags`; `tenantId` is the first parameter and in every WHERE. */
export function createTagsRepository(db: Db) {
  const matching = (tenantId: string, filter: TagFilter) =>
    and(
      eq(tags.tenantId, tenantId),
      filter.search === undefined ? undefined : ilike(tags.title, containsPattern(filter.search)),
      filter.ids === undefined ? undefined : inArray(tags.id, filter.ids),
    )

  return {
    /** One page of matching tags by title, and the number of all matching tags. */
    async list(tenantId: string, filter: TagFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(tags)
          .where(matching(tenantId, filter))
          .orderBy(asc(tags.title), asc(tags.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(tags).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async findBySlug(tenantId: string, slug: string): Promise<TagRow | undefined> {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.tenantId, tenantId), eq(tags.slug, slug)))
      return row
    },

    /** Inserts unless the slug is taken (decided by the unique index; undefined then). */
    async insert(tenantId: string, values: { id: string; title: string; slug: string }) {
      const [row] = await db
        .insert(tags)
        .values({ ...values, tenantId })
        .onConflictDoNothing({ target: [tags.tenantId, tags.slug] })
        .returning()
      return row
    },

    /** Sets the given members (and `updatedAt`); undefined when no such tag. Throws on a taken slug. */
    async update(tenantId: string, id: string, patch: { title?: string; slug?: string }) {
      const [row] = await db
        .update(tags)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
        .returning()
      return row
    },

    /** Deletes the tag (its content links go by foreign key cascade); the deleted row or undefined. */
    async delete(tenantId: string, id: string): Promise<TagRow | undefined> {
      const [row] = await db
        .delete(tags)
        .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
        .returning()
      return row
    },
  }
}
