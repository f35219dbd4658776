import { type Translations, translationsOf } from '../../../lib/translations'

/** A category of the tree as Studio draws it: the API's category with its children, recursively. */
export interface CategoryNode {
  id: string
  name: string
  slug: string
  description: string
  parentId: string | null
  position: number
  /** Its name, slug and description in the tenant's other locales. */
  translations: Translations
  children: CategoryNode[]
}

/** One line of the tree drawn flat: the category and how deep it sits (0 for a root). */
export interface FlatCategory {
  node: CategoryNode
  depth: number
}

/**
 * Reads `GET /api/categories`' tree (whose `children` the document types as free objects) into
 * typed nodes, keeping the API's order (position, then name).
 */
export function toTree(items: readonly Record<string, unknown>[]): CategoryNode[] {
  return items.map((item) => ({
    id: String(item.id),
    name: String(item.name),
    slug: String(item.slug),
    description: typeof item.description === 'string' ? item.description : '',
    parentId: typeof item.parentId === 'string' ? item.parentId : null,
    position: typeof item.position === 'number' ? item.position : 0,
    translations: translationsOf(item.translations),
    children: toTree(Array.isArray(item.children) ? (item.children as Record<string, unknown>[]) : []),
  }))
}

/** The tree in reading order (a parent before its children), each with its depth. */
export function flatten(tree: readonly CategoryNode[], depth = 0): FlatCategory[] {
  return tree.flatMap((node) => [{ node, depth }, ...flatten(node.children, depth + 1)])
}

/** The ids of `id` and all its descendants (empty when `id` is not in the tree). */
export function subtreeIds(tree: readonly CategoryNode[], id: string): Set<string> {
  const found = flatten(tree).find((line) => line.node.id === id)
  return new Set(found ? flatten([found.node]).map((line) => line.node.id) : [])
}

/**
 * Whether `id` may move under `parentId` (null: the top level): not under itself or one of its
 * descendants (the API answers 400 for that cycle), and not where it already is.
 */
export function canMoveTo(tree: readonly CategoryNode[], id: string, parentId: string | null): boolean {
  const moving = flatten(tree).find((line) => line.node.id === id)?.node
  if (moving === undefined || moving.parentId === parentId) return false
  return parentId === null || !subtreeIds(tree, id).has(parentId)
}

/**
 * The position writes that move `id` one place up (`-1`) or down (`+1`) among its siblings: the
 * siblings numbered 0..n-1 in their new order, only those whose position changes. Empty when it
 * is already first (up) or last (down). Renumbering, rather than swapping two positions, also
 * orders siblings that share a position (the API then orders them by name).
 */
export function reorderMoves(
  tree: readonly CategoryNode[],
  id: string,
  delta: -1 | 1,
): { id: string; position: number }[] {
  const siblings = siblingsOf(tree, id)
  const index = siblings.findIndex((node) => node.id === id)
  const to = index + delta
  if (index < 0 || to < 0 || to >= siblings.length) return []
  const order = [...siblings]
  const [moving] = order.splice(index, 1)
  order.splice(to, 0, moving as CategoryNode)
  return order
    .map((node, position) => ({ id: node.id, position, changed: node.position !== position }))
    .filter((move) => move.changed)
    .map(({ id: moved, position }) => ({ id: moved, position }))
}

/** The categories sharing `id`'s parent, in order, `id` among them (empty when absent). */
export function siblingsOf(tree: readonly CategoryNode[], id: string): CategoryNode[] {
  if (tree.some((node) => node.id === id)) return [...tree]
  for (const node of tree) {
    const found = siblingsOf(node.children, id)
    if (found.length > 0) return found
  }
  return []
}

/** A category as the flat list (`GET /api/categories?flat=true`) gives it: enough to place it in its tree. */
export interface TreeItem {
  id: string
  parentId: string | null
  position: number
  name: string
}

/**
 * A flat list of categories in tree order (each parent followed by its children, siblings by
 * `position` then name) with their depth (0 for a root), as the editor's and the contents list's
 * pickers show them. A category whose parent is missing from the list is shown as a root, so none
 * is ever hidden.
 */
export function inTreeOrder<T extends TreeItem>(items: readonly T[]): { item: T; depth: number }[] {
  const ids = new Set(items.map((item) => item.id))
  const children = new Map<string | null, T[]>()
  for (const item of items) {
    const parent = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), item])
  }
  const rows: { item: T; depth: number }[] = []
  const visit = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    )
    for (const item of siblings) {
      rows.push({ item, depth })
      visit(item.id, depth + 1)
    }
  }
  visit(null, 0)
  return rows
}
