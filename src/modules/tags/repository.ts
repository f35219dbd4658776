import { and, asc, count, eq, exists, ilike, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { tags, tagTranslations } from '../../db/schema/index.js'
import type { Translations } from '../../lib/field-translations.js'
import { containsPattern } from '../../lib/like.js'

export type TagRow = typeof tags.$inferSelect

/** The unique index that makes a slug a tenant's only tag of that slug. */
export const TAG_SLUG_KEY = 'tags_tenant_slug_key'

/** The members a tag translates (docs/decisions/localization.md "Field-level localization"). */
export type TagMember = 'title' | 'slug'
export type TagTranslations = Translations<TagMember>

export interface TagFilter {
  search?: string | undefined
  ids?: string[] | undefined
  /** Only tags with a translation in one of these locales (locales other than the default). */
  translatedTo?: readonly string[] | undefined
}

/** Drizzle queries for `tags`; `tenantId` is the first parameter and in every WHERE. */
export function createTagsRepository(db: Db) {
  const matching = (tenantId: string, filter: TagFilter) =>
    and(
      eq(tags.tenantId, tenantId),
      filter.search === undefined ? undefined : ilike(tags.title, containsPattern(filter.search)),
      filter.ids === undefined ? undefined : inArray(tags.id, filter.ids),
      filter.translatedTo === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(tagTranslations)
              .where(
                and(
                  eq(tagTranslations.tenantId, tenantId),
                  eq(tagTranslations.tagId, tags.id),
                  inArray(tagTranslations.locale, [...filter.translatedTo]),
                ),
              ),
          ),
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

    async findById(tenantId: string, id: string): Promise<TagRow | undefined> {
      const [row] = await db
        .select()
        .from(tags)
        .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)))
      return row
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

    /** The translations of the tags `ids` names, by tag id (none: absent). */
    async translationsOf(tenantId: string, ids: readonly string[]): Promise<Map<string, TagTranslations>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select()
        .from(tagTranslations)
        .where(and(eq(tagTranslations.tenantId, tenantId), inArray(tagTranslations.tagId, [...ids])))
      const found = new Map<string, TagTranslations>()
      for (const row of rows) {
        const entry: TagTranslations[string] = {}
        if (row.title !== null) entry.title = row.title
        if (row.slug !== null) entry.slug = row.slug
        found.set(row.tagId, { ...found.get(row.tagId), [row.locale]: entry })
      }
      return found
    },

    /**
     * Replaces a tag's translations whole. A translated slug another tag holds in the same locale is
     * not written (the unique index decides; ON CONFLICT keeps the transaction usable): the first
     * such locale is returned, and the caller refuses the write.
     */
    async replaceTranslations(
      tenantId: string,
      tagId: string,
      translations: TagTranslations,
    ): Promise<string | undefined> {
      await db
        .delete(tagTranslations)
        .where(and(eq(tagTranslations.tenantId, tenantId), eq(tagTranslations.tagId, tagId)))
      const rows = Object.entries(translations).map(([locale, entry]) => ({
        tenantId,
        tagId,
        locale,
        title: entry.title ?? null,
        slug: entry.slug ?? null,
      }))
      if (rows.length === 0) return undefined
      const written = await db
        .insert(tagTranslations)
        .values(rows)
        .onConflictDoNothing({
          target: [tagTranslations.tenantId, tagTranslations.locale, tagTranslations.slug],
        })
        .returning({ locale: tagTranslations.locale })
      const done = new Set(written.map((row) => row.locale))
      return rows.find((row) => !done.has(row.locale))?.locale
    },

    /**
     * The tags holding `slug` in one of `locales`: their own slug for the default locale, a
     * translated one for the others (at most one tag per locale).
     */
    async slugHolders(
      tenantId: string,
      slug: string,
      defaultLocale: string,
      locales: readonly string[],
    ): Promise<{ id: string; locale: string }[]> {
      const others = locales.filter((locale) => locale !== defaultLocale)
      const [own, translated] = await Promise.all([
        db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.tenantId, tenantId), eq(tags.slug, slug))),
        others.length === 0
          ? []
          : db
              .select({ id: tagTranslations.tagId, locale: tagTranslations.locale })
              .from(tagTranslations)
              .where(
                and(
                  eq(tagTranslations.tenantId, tenantId),
                  inArray(tagTranslations.locale, others),
                  eq(tagTranslations.slug, slug),
                ),
              ),
      ])
      return [...own.map((row) => ({ id: row.id, locale: defaultLocale })), ...translated]
    },
  }
}

export type TagsRepository = ReturnType<typeof createTagsRepository>
