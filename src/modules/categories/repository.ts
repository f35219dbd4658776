import { and, asc, count, eq, exists, ilike, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { categories, categoryTranslations } from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'
import type { Translations } from '../../lib/field-translations.js'
import { containsPattern } from '../../lib/like.js'

export type CategoryRow = typeof categories.$inferSelect
export type CategoryValues = Omit<typeof categories.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>
export type CategoryPatch = Partial<Omit<CategoryValues, 'id'>>

export interface CategoryFilter {
  search?: string | undefined
  ids?: string[] | undefined
  /** Only categories with a translation in one of these locales (locales other than the default). */
  translatedTo?: readonly string[] | undefined
}

/** The members a category translates (docs/decisions/localization.md "Field-level localization"). */
export type CategoryMember = 'name' | 'slug' | 'description'
export type CategoryTranslations = Translations<CategoryMember>

const ORDER = [asc(categories.position), asc(categories.name), asc(categories.id)]

/** Drizzle queries for `categories`; `tenantId` is the first parameter and in every WHERE. */
export function createCategoriesRepository(db: Db) {
  const matching = (tenantId: string, filter: CategoryFilter) =>
    and(
      eq(categories.tenantId, tenantId),
      filter.search === undefined ? undefined : ilike(categories.name, containsPattern(filter.search)),
      filter.ids === undefined ? undefined : inArray(categories.id, filter.ids),
      filter.translatedTo === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(categoryTranslations)
              .where(
                and(
                  eq(categoryTranslations.tenantId, tenantId),
                  eq(categoryTranslations.categoryId, categories.id),
                  inArray(categoryTranslations.locale, [...filter.translatedTo]),
                ),
              ),
          ),
    )

  return {
    /** Every matching category, ordered by position, name. */
    listAll(tenantId: string, filter: CategoryFilter): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(matching(tenantId, filter))
        .orderBy(...ORDER)
    },

    listPage(
      tenantId: string,
      filter: CategoryFilter,
      offset: number,
      limit: number,
    ): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(matching(tenantId, filter))
        .orderBy(...ORDER)
        .limit(limit)
        .offset(offset)
    },

    async count(tenantId: string, filter: CategoryFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(categories).where(matching(tenantId, filter))
      return row?.total ?? 0
    },

    async findById(tenantId: string, id: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
      return row
    },

    async findBySlug(tenantId: string, slug: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.slug, slug)))
      return row
    },

    async countExisting(tenantId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, ids)))
      return row?.total ?? 0
    },

    /**
     * Inserts unless the slug is taken (the unique index decides; ON CONFLICT keeps an enclosing
     * transaction usable). Without a position, the category goes after its last sibling.
     */
    async insert(tenantId: string, values: CategoryValues): Promise<CategoryRow | undefined> {
      const [row] = await db
        .insert(categories)
        .values({
          ...values,
          tenantId,
          position: values.position ?? nextPosition(tenantId, values.parentId ?? null),
        })
        .onConflictDoNothing({ target: [categories.tenantId, categories.slug] })
        .returning()
      return row
    },

    /** The tenant's category slugs, for the slug allocator (lib/slug.ts). */
    slugs(tenantId: string) {
      return slugLookup(db, categories, categories.slug, eq(categories.tenantId, tenantId))
    },

    /** Updates; a moved category without an explicit position goes after its new last sibling. */
    async update(
      tenantId: string,
      id: string,
      patch: CategoryPatch,
      appendTo?: string | null,
    ): Promise<CategoryRow | undefined> {
      const [row] = await db
        .update(categories)
        .set({
          ...patch,
          ...(appendTo === undefined ? {} : { position: nextPosition(tenantId, appendTo) }),
          updatedAt: new Date(),
        })
        .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
        .returning()
      return row
    },

    /** True when `candidateId` is `rootId` or one of its descendants (one recursive query). */
    async isInSubtree(tenantId: string, rootId: string, candidateId: string): Promise<boolean> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.tenantId, tenantId),
            eq(categories.id, candidateId),
            sql`${categories.id} in ${subtreeIds(tenantId, rootId)}`,
          ),
        )
      return rows.length > 0
    },

    /** Deletes a category and all its descendants; the number removed (0 = not found). */
    async deleteSubtree(tenantId: string, id: string): Promise<number> {
      const rows = await db
        .delete(categories)
        .where(and(eq(categories.tenantId, tenantId), sql`${categories.id} in ${subtreeIds(tenantId, id)}`))
        .returning({ id: categories.id })
      return rows.length
    },

    /** Deletes a category only when it has no children, in one statement; true when deleted. */
    async deleteLeaf(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(categories)
        .where(
          and(
            eq(categories.tenantId, tenantId),
            eq(categories.id, id),
            sql`not exists (select 1 from ${categories} child where child.tenant_id = ${tenantId} and child.parent_id = ${id})`,
          ),
        )
        .returning({ id: categories.id })
      return rows.length > 0
    },

    /**
     * Serializes tree changes (moves, merges) within a tenant until the transaction ends, so two
     * concurrent moves cannot build a cycle that each check alone would have refused.
     */
    async lockTree(tenantId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`folio:categories:${tenantId}`}))`)
    },

    /** Moves the children of `fromId` under `toId`, after the children `toId` already has. */
    async reparentChildren(tenantId: string, fromId: string, toId: string): Promise<void> {
      await db
        .update(categories)
        .set({
          parentId: toId,
          position: sql`${categories.position} + ${nextPosition(tenantId, toId)}`,
          updatedAt: new Date(),
        })
        .where(and(eq(categories.tenantId, tenantId), eq(categories.parentId, fromId)))
    },

    async delete(tenantId: string, id: string): Promise<void> {
      await db.delete(categories).where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
    },

    /** The translations of the categories `ids` names, by category id (none: absent). */
    async translationsOf(
      tenantId: string,
      ids: readonly string[],
    ): Promise<Map<string, CategoryTranslations>> {
      if (ids.length === 0) return new Map()
      return byCategory(
        await db
          .select()
          .from(categoryTranslations)
          .where(
            and(
              eq(categoryTranslations.tenantId, tenantId),
              inArray(categoryTranslations.categoryId, [...ids]),
            ),
          ),
      )
    },

    /** The translations of every category `filter` matches (a whole list), by category id. */
    async translationsMatching(
      tenantId: string,
      filter: CategoryFilter,
    ): Promise<Map<string, CategoryTranslations>> {
      const rows = await db
        .select({ translation: categoryTranslations })
        .from(categoryTranslations)
        .innerJoin(
          categories,
          and(
            eq(categories.tenantId, categoryTranslations.tenantId),
            eq(categories.id, categoryTranslations.categoryId),
          ),
        )
        .where(and(eq(categoryTranslations.tenantId, tenantId), matching(tenantId, filter)))
      return byCategory(rows.map((row) => row.translation))
    },

    /**
     * Replaces a category's translations whole. A translated slug another category holds in the same
     * locale is not written (the unique index decides; ON CONFLICT keeps the transaction usable):
     * the first such locale is returned, and the caller refuses the write.
     */
    async replaceTranslations(
      tenantId: string,
      categoryId: string,
      translations: CategoryTranslations,
    ): Promise<string | undefined> {
      await db
        .delete(categoryTranslations)
        .where(
          and(eq(categoryTranslations.tenantId, tenantId), eq(categoryTranslations.categoryId, categoryId)),
        )
      const rows = Object.entries(translations).map(([locale, entry]) => ({
        tenantId,
        categoryId,
        locale,
        name: entry.name ?? null,
        slug: entry.slug ?? null,
        description: entry.description ?? null,
      }))
      if (rows.length === 0) return undefined
      const written = await db
        .insert(categoryTranslations)
        .values(rows)
        .onConflictDoNothing({
          target: [categoryTranslations.tenantId, categoryTranslations.locale, categoryTranslations.slug],
        })
        .returning({ locale: categoryTranslations.locale })
      const done = new Set(written.map((row) => row.locale))
      return rows.find((row) => !done.has(row.locale))?.locale
    },

    /**
     * The categories holding `slug` in one of `locales`: their own slug for the default locale, a
     * translated one for the others (at most one category per locale).
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
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.tenantId, tenantId), eq(categories.slug, slug))),
        others.length === 0
          ? []
          : db
              .select({ id: categoryTranslations.categoryId, locale: categoryTranslations.locale })
              .from(categoryTranslations)
              .where(
                and(
                  eq(categoryTranslations.tenantId, tenantId),
                  inArray(categoryTranslations.locale, others),
                  eq(categoryTranslations.slug, slug),
                ),
              ),
      ])
      return [...own.map((row) => ({ id: row.id, locale: defaultLocale })), ...translated]
    },
  }
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>

/** Translation rows as maps by category: a member stored null is absent. */
function byCategory(rows: (typeof categoryTranslations.$inferSelect)[]): Map<string, CategoryTranslations> {
  const found = new Map<string, CategoryTranslations>()
  for (const row of rows) {
    const entry: CategoryTranslations[string] = {}
    if (row.name !== null) entry.name = row.name
    if (row.slug !== null) entry.slug = row.slug
    if (row.description !== null) entry.description = row.description
    found.set(row.categoryId, { ...found.get(row.categoryId), [row.locale]: entry })
  }
  return found
}

/** One past the highest position among the children of `parentId` (null: the roots), or 0. */
function nextPosition(tenantId: string, parentId: string | null): SQL<number> {
  const ofParent = parentId === null ? sql`sibling.parent_id is null` : sql`sibling.parent_id = ${parentId}`
  return sql<number>`(select coalesce(max(sibling.position) + 1, 0) from ${categories} sibling
    where sibling.tenant_id = ${tenantId} and ${ofParent})`
}

/** The ids of `rootId` and all its descendants, as a parenthesized recursive subquery. */
function subtreeIds(tenantId: string, rootId: string): SQL {
  return sql`(with recursive subtree(id) as (
    select c.id from ${categories} c where c.tenant_id = ${tenantId} and c.id = ${rootId}
    union
    select c.id from ${categories} c join subtree s on c.parent_id = s.id where c.tenant_id = ${tenantId}
  ) select id from subtree)`
}
