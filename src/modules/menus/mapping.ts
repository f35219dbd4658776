import { uniqueConflict } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import { servedTranslations } from '../../lib/field-translations.js'
import type { TenantLocales } from '../../lib/locale.js'
import { MENU_LOCATION_KEY, MENU_SLUG_KEY, type MenuItemRow, type MenuRow } from './repository.js'
import type { MENU_LOCATIONS, MENU_STATUSES, Menu, MenuItem, MenuItemType, MenuSummary } from './schemas.js'
import { nest } from './tree.js'

/** The admin form of an item row, with the translations of the tenant's `locales` other than the default. */
export function toItem(row: MenuItemRow, locales: TenantLocales): MenuItem {
  return {
    id: row.id,
    parentId: row.parentId,
    position: row.position,
    title: row.title,
    type: row.type as MenuItemType,
    url: row.url,
    referenceId: row.referenceId,
    target: row.target as MenuItem['target'],
    cssClasses: row.cssClasses,
    icon: row.icon,
    description: row.description,
    isVisible: row.isVisible,
    translations: servedTranslations(row.translations, locales),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toSummary(row: MenuRow, itemCount: number): MenuSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    location: row.location as (typeof MENU_LOCATIONS)[number],
    status: row.status as (typeof MENU_STATUSES)[number],
    itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The facts a `menu.*` event carries (src/events/catalog.ts): never the description or items. */
export function menuFacts(row: MenuRow, itemCount: number) {
  const { id, name, slug, location, status } = toSummary(row, itemCount)
  return { id, name, slug, location, status, itemCount }
}

/** The admin form of a menu: its summary and every item as a tree. */
export function toMenu(row: MenuRow, items: readonly MenuItemRow[], locales: TenantLocales): Menu {
  return { ...toSummary(row, items.length), items: nest(items.map((item) => toItem(item, locales))) }
}

/**
 * The 409 for a violated unique index of `menus`, or the error itself.
 * @returns SlugConflict for a taken slug, Conflict for a second active menu at one location.
 */
export function menuConflict(err: unknown, values: { slug?: string; location?: string }): unknown {
  return uniqueConflict(err, {
    [MENU_SLUG_KEY]: () => errors.slugConflict(values.slug ?? ''),
    [MENU_LOCATION_KEY]: () =>
      errors.conflict(phrase('menus.locationTaken', { location: values.location ?? '' })),
  })
}
