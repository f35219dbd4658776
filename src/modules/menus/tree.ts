import { type Phrase, phrase, translate } from '../../i18n/index.js'
/**
 * Pure rules of a menu's item tree: nesting, depth, cycles and sibling order. The service loads a
 * menu's items, applies a change here, and writes back only the rows whose place changed.
 */

/**
 * Deepest nesting a menu may have: a root item is at depth 1
 * (docs/decisions/menus-and-placements.md "A menu's tree stays a tree").
 */
export const MAX_DEPTH = 3

/** Where an item sits: its parent (null = root) and its position among its siblings. */
export interface Placed {
  id: string
  parentId: string | null
  position: number
}

export type Nested<T> = T & { children: Nested<T>[] }

/** Siblings by position, ties by id, so the same rows always give the same order. */
function byPosition(a: Placed, b: Placed): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * The items as a forest sorted by position. An item whose parent is not in `items` is left out
 * with its subtree (the public tree drops hidden or unpublished items this way).
 */
export function nest<T extends Placed>(items: readonly T[]): Nested<T>[] {
  const children = new Map<string | null, T[]>()
  for (const item of items) {
    const siblings = children.get(item.parentId) ?? []
    siblings.push(item)
    children.set(item.parentId, siblings)
  }
  const build = (parentId: string | null, depth: number): Nested<T>[] =>
    depth > MAX_DEPTH
      ? []
      : (children.get(parentId) ?? [])
          .sort(byPosition)
          .map((item) => ({ ...item, children: build(item.id, depth + 1) }))
  return build(null, 1)
}

/** Why a rearrangement is refused; the service turns it into a 400 naming the item. */
export class TreeError extends Error {
  override name = 'TreeError'
  constructor(
    /** Why, as a phrase of the catalogs (`message` is its English text). */
    readonly phrase: Phrase,
  ) {
    super(translate(phrase, 'en'))
  }
}

/**
 * Checks a whole tree: every parent exists, no item is its own ancestor, no item deeper than
 * `MAX_DEPTH`. Returns the depth of each item.
 * @throws TreeError naming the first offending item.
 */
export function checkTree(items: readonly Placed[]): Map<string, number> {
  const parentOf = new Map(items.map((item) => [item.id, item.parentId]))
  const depths = new Map<string, number>()
  for (const item of items) {
    let depth = 1
    const seen = new Set([item.id])
    for (let parent = item.parentId; parent !== null; parent = parentOf.get(parent) ?? null) {
      if (!parentOf.has(parent))
        throw new TreeError(phrase('menus.parentNotInMenu', { parent, item: item.id }))
      if (seen.has(parent)) throw new TreeError(phrase('menus.ownAncestor', { item: item.id }))
      seen.add(parent)
      depth++
    }
    if (depth > MAX_DEPTH) {
      throw new TreeError(phrase('menus.tooDeep', { item: item.id, depth, most: MAX_DEPTH }))
    }
    depths.set(item.id, depth)
  }
  return depths
}

/** Positions 0..n-1 within each sibling group, in the current order. */
function renumber(items: readonly Placed[]): Map<string, Placed> {
  const groups = new Map<string | null, Placed[]>()
  for (const item of items) groups.set(item.parentId, [...(groups.get(item.parentId) ?? []), item])
  const result = new Map<string, Placed>()
  for (const siblings of groups.values()) {
    for (const [position, item] of siblings.sort(byPosition).entries())
      result.set(item.id, { ...item, position })
  }
  return result
}

/**
 * Moves item `id` under `parentId` (null = root) at `position` (0-based; beyond the end = last),
 * shifting its new and old siblings. Returns the rows whose parent or position changed.
 * @throws TreeError for an unknown item or parent, a cycle, or a depth over `MAX_DEPTH` (counting
 *   the moved item's subtree).
 */
export function move(
  items: readonly Placed[],
  id: string,
  parentId: string | null,
  position: number,
): Placed[] {
  if (!items.some((item) => item.id === id)) throw new TreeError(phrase('menus.itemNotInMenu', { item: id }))
  const others = items.filter((item) => item.id !== id)
  const moved: Placed = { id, parentId, position: -1 }
  const siblings = others.filter((item) => item.parentId === parentId).sort(byPosition)
  const at = Math.max(0, Math.min(position, siblings.length))
  const group = [...siblings.slice(0, at), moved, ...siblings.slice(at)]
  const reordered = [
    ...others.filter((item) => item.parentId !== parentId),
    ...group.map((item, index) => ({ ...item, position: index })),
  ]
  return applied(items, reordered)
}

/**
 * Applies explicit places (`{id, parentId, position}` for some or all items), then renumbers each
 * sibling group; a listed item goes before an unlisted one that had the same position. Returns the
 * rows whose parent or position changed.
 * @throws TreeError for an item twice or not in the menu, a cycle or a depth over `MAX_DEPTH`.
 */
export function reorder(items: readonly Placed[], places: readonly Placed[]): Placed[] {
  // Doubled positions leave room to put a listed item just before an unlisted one at its place.
  const byId = new Map(items.map((item) => [item.id, { ...item, position: item.position * 2 + 1 }]))
  const seen = new Set<string>()
  for (const place of places) {
    if (!byId.has(place.id)) throw new TreeError(phrase('menus.itemNotInMenu', { item: place.id }))
    if (seen.has(place.id)) throw new TreeError(phrase('menus.listedTwice', { item: place.id }))
    seen.add(place.id)
    byId.set(place.id, { ...place, position: place.position * 2 })
  }
  return applied(items, [...byId.values()])
}

function applied(before: readonly Placed[], after: readonly Placed[]): Placed[] {
  checkTree(after)
  const renumbered = renumber(after)
  return before.flatMap((item) => {
    const next = renumbered.get(item.id)
    return next !== undefined && (next.parentId !== item.parentId || next.position !== item.position)
      ? [next]
      : []
  })
}
