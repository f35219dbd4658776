import { MENU_MAX_DEPTH as MAX_DEPTH } from '../menus/index.js'
import type { WxrMenuItem } from './wxr-parser.js'

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
