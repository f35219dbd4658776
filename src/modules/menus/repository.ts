import { and, asc, count, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { categories, categoryTranslations, contents, forms, menuItems, menus } from '../../db/schema/index.js'
import type { LocalizedRecord } from '../../lib/field-translations.js'
import { containsPattern } from '../../lib/like.js'

export type MenuRow = typeof menus.$inferSelect
export type MenuItemRow = typeof menuItems.$inferSelect
export type MenuValues = Pick<MenuRow, 'name' | 'slug' | 'description' | 'location' | 'status'>
export type MenuItemValues = Omit<MenuItemRow, 'tenantId' | 'menuId' | 'createdAt' | 'updatedAt'>

/** A published translation of a content a menu item links. */
export interface PublishedTranslation {
  id: string
  slug: string
  locale: string
}

export interface MenuFilter {
  status?: string | undefined
  location?: string | undefined
  search?: string | undefined
}

/** The unique indexes a menu write may hit (the service names them in its 409). */
export const MENU_SLUG_KEY = 'menus_tenant_slug_key'
export const MENU_LOCATION_KEY = 'menus_tenant_active_location_key'

// Qualified by hand: drizzle writes bare column names, which inside the subquery would mean menu_items'.
const itemCount = sql<number>`(select count(*)::int from menu_items as mi where mi.tenant_id = "menus"."tenant_id" and mi.menu_id = "menus"."id")`

/** Drizzle queries for `menus` and `menu_items`; `tenantId` is the first parameter and in every WHERE. */
export function createMenusRepository(db: Db) {
  const matching = (tenantId: string, filter: MenuFilter) =>
    and(
      eq(menus.tenantId, tenantId),
      filter.status === undefined ? undefined : eq(menus.status, filter.status),
      filter.location === undefined ? undefined : eq(menus.location, filter.location),
      filter.search === undefined ? undefined : ilike(menus.name, containsPattern(filter.search)),
    )

  return {
    /** One page of matching menus by name with their item counts, and the number of all matching. */
    async list(tenantId: string, filter: MenuFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select({ menu: menus, itemCount })
          .from(menus)
          .where(matching(tenantId, filter))
          .orderBy(asc(menus.name), asc(menus.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(menus).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async find(tenantId: string, id: string): Promise<MenuRow | undefined> {
      const [row] = await db
        .select()
        .from(menus)
        .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
      return row
    },

    /** The menu, locked until the transaction ends: tree changes to one menu run one at a time. */
    async lock(tenantId: string, id: string): Promise<MenuRow | undefined> {
      const [row] = await db
        .select()
        .from(menus)
        .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
        .for('update')
      return row
    },

    async findActiveBy(tenantId: string, by: { slug: string } | { location: string }) {
      const [row] = await db
        .select()
        .from(menus)
        .where(
          and(
            eq(menus.tenantId, tenantId),
            eq(menus.status, 'active'),
            'slug' in by ? eq(menus.slug, by.slug) : eq(menus.location, by.location),
          ),
        )
        .orderBy(asc(menus.id))
        .limit(1)
      return row
    },

    async insert(tenantId: string, id: string, values: MenuValues): Promise<MenuRow> {
      const [row] = await db
        .insert(menus)
        .values({ ...values, tenantId, id })
        .returning()
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row')
      return row
    },

    async update(tenantId: string, id: string, values: Partial<MenuValues>): Promise<MenuRow | undefined> {
      const [row] = await db
        .update(menus)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string): Promise<MenuRow | undefined> {
      const [row] = await db
        .delete(menus)
        .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
        .returning()
      return row
    },

    async items(tenantId: string, menuId: string): Promise<MenuItemRow[]> {
      return db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.menuId, menuId)))
        .orderBy(asc(menuItems.position), asc(menuItems.id))
    },

    async insertItem(tenantId: string, menuId: string, values: MenuItemValues): Promise<MenuItemRow> {
      const [row] = await db
        .insert(menuItems)
        .values({ ...values, tenantId, menuId })
        .returning()
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row')
      return row
    },

    async updateItem(
      tenantId: string,
      menuId: string,
      id: string,
      values: Partial<MenuItemValues>,
    ): Promise<MenuItemRow | undefined> {
      const [row] = await db
        .update(menuItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.menuId, menuId), eq(menuItems.id, id)))
        .returning()
      return row
    },

    /** Deletes the item; its subtree goes with it (foreign key cascade). */
    async deleteItem(tenantId: string, menuId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(menuItems)
        .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.menuId, menuId), eq(menuItems.id, id)))
        .returning({ id: menuItems.id })
      return rows.length > 0
    },

    /** Whether the tenant has a content, category or form with this id. */
    async referenceExists(
      tenantId: string,
      type: 'content' | 'category' | 'form',
      id: string,
    ): Promise<boolean> {
      const table = type === 'content' ? contents : type === 'category' ? categories : forms
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
      return rows.length > 0
    },

    /**
     * The published translations of the contents `ids` names (docs/decisions/localization.md
     * "Contents are translated as documents"), by the id named: each content's whole translation
     * group, the named content included when published; none for a group with nothing published.
     */
    async publishedTranslations(
      tenantId: string,
      ids: string[],
    ): Promise<Map<string, PublishedTranslation[]>> {
      if (ids.length === 0) return new Map()
      const named = alias(contents, 'named')
      const rows = await db
        .select({ namedId: named.id, id: contents.id, slug: contents.slug, locale: contents.locale })
        .from(named)
        .innerJoin(
          contents,
          and(
            eq(contents.tenantId, named.tenantId),
            eq(contents.translationGroupId, named.translationGroupId),
          ),
        )
        .where(and(eq(named.tenantId, tenantId), inArray(named.id, ids), eq(contents.status, 'published')))
      const found = new Map<string, PublishedTranslation[]>()
      for (const { namedId, ...translation } of rows) {
        found.set(namedId, [...(found.get(namedId) ?? []), translation])
      }
      return found
    },

    /** Slugs of the tenant's categories among `ids`: each one's own and its translated ones. */
    async categorySlugs(tenantId: string, ids: string[]): Promise<Map<string, LocalizedRecord<'slug'>>> {
      if (ids.length === 0) return new Map()
      const [rows, translated] = await Promise.all([
        db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, ids))),
        db
          .select({
            id: categoryTranslations.categoryId,
            locale: categoryTranslations.locale,
            slug: categoryTranslations.slug,
          })
          .from(categoryTranslations)
          .where(
            and(
              eq(categoryTranslations.tenantId, tenantId),
              inArray(categoryTranslations.categoryId, ids),
              isNotNull(categoryTranslations.slug),
            ),
          ),
      ])
      const found = new Map(
        rows.map((row) => [
          row.id,
          { own: { slug: row.slug }, translations: {} as Record<string, { slug?: string }> },
        ]),
      )
      for (const row of translated) {
        const category = found.get(row.id)
        if (category !== undefined && row.slug !== null)
          category.translations[row.locale] = { slug: row.slug }
      }
      return found
    },

    /** Slugs of the tenant's publicly served forms (published, visibility public) among `ids`. */
    async publicFormSlugs(tenantId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: forms.id, slug: forms.slug })
        .from(forms)
        .where(
          and(
            eq(forms.tenantId, tenantId),
            inArray(forms.id, ids),
            eq(forms.status, 'published'),
            eq(forms.visibility, 'public'),
          ),
        )
      return new Map(rows.map((row) => [row.id, row.slug]))
    },
  }
}
