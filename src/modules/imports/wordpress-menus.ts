import { MENU_MAX_DEPTH as MAX_DEPTH } from '../menus/index.js'
import { slugFrom } from './wordpress-mapping.js'
import type { WxrMenu, WxrMenuItem } from './wxr-parser.js'

/**
 * Pure rules that turn WordPress menu items into Folio menu items; the importer applies them.
 */

/** A menu item in import order, with the parent it gets in Folio and why it moved, if it did. */
export interface PlannedMenuItem {
  item: WxrMenuItem
  /** Post id of the parent item in Folio ('' = root). */
  parentId: string
  /** True when the item was nested deeper than Folio allows and now hangs at the last level. */
  flattened?: true
}

/**
 * The items of one menu, parents before children and siblings by `order` (which is the order
 * WordPress shows them in). A parent missing from the menu, or a cycle, makes the item a root; an
 * item deeper than `MAX_DEPTH` is moved under its ancestor at level `MAX_DEPTH - 1`, so it keeps
 * its place in the reading order at the last level Folio has.
 */
export function planMenu(items: readonly WxrMenuItem[]): PlannedMenuItem[] {
  const byId = new Map(items.filter((item) => item.postId !== '').map((item) => [item.postId, item]))
  const parentOf = (item: WxrMenuItem): string => {
    const seen = new Set([item.postId])
    for (let parent = item.parentId; parent !== ''; parent = byId.get(parent)?.parentId ?? '') {
      if (!byId.has(parent) || seen.has(parent)) return ''
      seen.add(parent)
    }
    return item.parentId
  }
  const children = new Map<string, WxrMenuItem[]>()
  for (const item of [...items].sort((a, b) => a.order - b.order)) {
    const parent = parentOf(item)
    children.set(parent, [...(children.get(parent) ?? []), item])
  }
  const planned: PlannedMenuItem[] = []
  const visit = (parentId: string, depth: number, ancestors: string[]) => {
    for (const item of children.get(parentId) ?? []) {
      const keep = depth <= MAX_DEPTH
      const parent = keep ? parentId : (ancestors[MAX_DEPTH - 2] ?? '')
      planned.push({ item, parentId: parent, ...(keep ? {} : { flattened: true as const }) })
      visit(item.postId, depth + 1, [...ancestors, item.postId])
    }
  }
  visit('', 1, [])
  return planned
}

/** The Folio link of a custom WordPress item, or null when its URL is unusable. */
export function customLink(
  url: string,
  siteUrl: string,
): { type: 'custom' | 'external'; url: string } | null {
  const trimmed = url.trim()
  if (/^[#?]/.test(trimmed) || /^\/(?![/\\])/.test(trimmed)) return { type: 'custom', url: trimmed }
  let parsed: URL
  try {
    parsed = new URL(trimmed)
  } catch {
    return null
  }
  if (!['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol)) return null
  // A link into the imported site itself becomes a path, so it follows the site to its new address.
  const site = URL.canParse(siteUrl) ? new URL(siteUrl) : undefined
  if (site !== undefined && parsed.protocol.startsWith('http') && parsed.host === site.host) {
    return { type: 'custom', url: `${parsed.pathname}${parsed.search}${parsed.hash}` }
  }
  return { type: 'external', url: parsed.href }
}

/** The Folio menu locations a WordPress menu can take (`custom` is every other menu's). */
export type FolioMenuLocation = 'header' | 'footer' | 'sidebar' | 'mobile'

/**
 * WordPress theme location names by the Folio location that plays their part: the groups
 * WordPress itself uses to carry menus over to a new theme (`wp_map_nav_menu_locations`: primary,
 * menu-1, main, header, navigation, top; secondary, menu-2, footer, subsidiary, bottom), and the
 * sidebar and mobile places themes name so. `social` has no Folio counterpart.
 */
const LOCATION_NAMES: Record<FolioMenuLocation, readonly string[]> = {
  header: ['primary', 'menu-1', 'main', 'header', 'navigation', 'top', 'primary-navigation'],
  footer: ['secondary', 'menu-2', 'footer', 'subsidiary', 'bottom'],
  sidebar: ['sidebar'],
  mobile: ['mobile', 'handheld', 'off-canvas'],
}

/** What themes append to a location's name for its menu ("Primary Menu", "Footer Links"). */
const MENU_SUFFIX = /-(?:menu|nav|navigation|links)$/

/**
 * The Folio location of an imported menu, from the theme location its slug or name spells
 * (`primary-menu`, "Main Navigation", `menu-1`, "Footer"), or undefined for any other menu. A WXR
 * export does not say which theme location showed a menu, so its own name is all there is.
 */
export function folioLocationOf(menu: Pick<WxrMenu, 'slug' | 'name'>): FolioMenuLocation | undefined {
  const names = [slugFrom(menu.slug), slugFrom(menu.name)].filter((name) => name !== '')
  const candidates = names.flatMap((name) => [name, name.replace(MENU_SUFFIX, '')])
  for (const [location, known] of Object.entries(LOCATION_NAMES) as [FolioMenuLocation, string[]][]) {
    if (candidates.some((candidate) => known.includes(candidate))) return location
  }
  return undefined
}
