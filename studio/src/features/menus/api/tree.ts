/**
 * The menu editor's draft: every item in tree order (a parent, then its subtree) with its depth,
 * 1 for a root item. Depth alone says where an item sits: its parent is the nearest item above it
 * one level up. Every change here keeps the list a tree no deeper than the API allows.
 */

/** Deepest nesting the API accepts (src/modules/menus/tree.ts MAX_DEPTH: a root item is 1). */
export const MAX_DEPTH = 3

export const ITEM_TYPES = ['content', 'category', 'form', 'external', 'custom'] as const
export type ItemType = (typeof ITEM_TYPES)[number]
export const REFERENCE_TYPES: ReadonlySet<ItemType> = new Set(['content', 'category', 'form'])

/** What the editor changes of an item (the API keeps the rest: classes, icon, description). */
export interface ItemFields {
  title: string
  type: ItemType
  url: string | null
  referenceId: string | null
  target: '_self' | '_blank'
  isVisible: boolean
}

export interface DraftItem extends ItemFields {
  /** Stable in the editor: the item's id once stored, `new-<n>` before. */
  key: string
  /** The stored item's id; null until the first save creates it. */
  id: string | null
  depth: number
}

/** An item of the API's tree (`GET /api/menus/{id}`): its fields and its children. */
export interface TreeNode extends ItemFields {
  id: string
  children: unknown[]
}

/** The API's tree as the editor's flat list. */
export function flatten(nodes: readonly TreeNode[], depth = 1): DraftItem[] {
  return nodes.flatMap((node) => [
    {
      key: node.id,
      id: node.id,
      depth,
      title: node.title,
      type: node.type,
      url: node.url,
      referenceId: node.referenceId,
      target: node.target,
      isVisible: node.isVisible,
    },
    ...flatten(node.children as TreeNode[], depth + 1),
  ])
}

/** Where each item goes: its parent's key (null at the root) and its 0-based place among siblings. */
export function placesOf(
  items: readonly DraftItem[],
): { key: string; parentKey: string | null; position: number }[] {
  const chain: string[] = []
  const counts = new Map<string | null, number>()
  return items.map((item) => {
    chain.length = item.depth - 1
    const parentKey = chain[item.depth - 2] ?? null
    chain[item.depth - 1] = item.key
    const position = counts.get(parentKey) ?? 0
    counts.set(parentKey, position + 1)
    return { key: item.key, parentKey, position }
  })
}

/** The index just past the item at `index` and its subtree. */
export function subtreeEnd(items: readonly DraftItem[], index: number): number {
  const depth = items[index]?.depth ?? 0
  let end = index + 1
  while (end < items.length && (items[end]?.depth ?? 0) > depth) end++
  return end
}

/** How many levels the subtree at `index` spans below its root (0 for a leaf). */
function subtreeHeight(items: readonly DraftItem[], index: number): number {
  const depth = items[index]?.depth ?? 0
  let height = 0
  for (let i = index + 1; i < subtreeEnd(items, index); i++)
    height = Math.max(height, (items[i]?.depth ?? 0) - depth)
  return height
}

/** The index of the previous sibling of the item at `index`, or -1. */
function previousSibling(items: readonly DraftItem[], index: number): number {
  const depth = items[index]?.depth ?? 0
  for (let i = index - 1; i >= 0; i--) {
    const other = items[i]?.depth ?? 0
    if (other === depth) return i
    if (other < depth) return -1
  }
  return -1
}

/** Which keyboard moves the item at `index` allows. */
export function movesOf(items: readonly DraftItem[], index: number) {
  const item = items[index]
  const end = subtreeEnd(items, index)
  const previous = previousSibling(items, index)
  return {
    up: previous >= 0,
    down: end < items.length && items[end]?.depth === item?.depth,
    indent: previous >= 0 && (item?.depth ?? 0) + subtreeHeight(items, index) < MAX_DEPTH,
    outdent: (item?.depth ?? 1) > 1,
  }
}

/** The item with its subtree before its previous sibling. */
export function moveUp(items: readonly DraftItem[], index: number): DraftItem[] {
  const previous = previousSibling(items, index)
  if (previous < 0) return [...items]
  const end = subtreeEnd(items, index)
  return [
    ...items.slice(0, previous),
    ...items.slice(index, end),
    ...items.slice(previous, index),
    ...items.slice(end),
  ]
}

/** The item with its subtree after its next sibling's subtree. */
export function moveDown(items: readonly DraftItem[], index: number): DraftItem[] {
  const end = subtreeEnd(items, index)
  if (end >= items.length || items[end]?.depth !== items[index]?.depth) return [...items]
  const nextEnd = subtreeEnd(items, end)
  return [
    ...items.slice(0, index),
    ...items.slice(end, nextEnd),
    ...items.slice(index, end),
    ...items.slice(nextEnd),
  ]
}

/** The item with its subtree becomes the last child of its previous sibling. */
export function indent(items: readonly DraftItem[], index: number): DraftItem[] {
  if (!movesOf(items, index).indent) return [...items]
  const end = subtreeEnd(items, index)
  return items.map((item, i) => (i >= index && i < end ? { ...item, depth: item.depth + 1 } : item))
}

/** The item with its subtree becomes the next sibling of its parent (after the parent's subtree). */
export function outdent(items: readonly DraftItem[], index: number): DraftItem[] {
  const item = items[index]
  if (item === undefined || item.depth <= 1) return [...items]
  let parent = index - 1
  while (parent >= 0 && (items[parent]?.depth ?? 0) >= item.depth) parent--
  const end = subtreeEnd(items, index)
  const moved = items.slice(index, end).map((node) => ({ ...node, depth: node.depth - 1 }))
  const rest = [...items.slice(0, index), ...items.slice(end)]
  const parentEnd = subtreeEnd(rest, parent)
  return [...rest.slice(0, parentEnd), ...moved, ...rest.slice(parentEnd)]
}

/** The item at `index` and its subtree removed. */
export function removeAt(items: readonly DraftItem[], index: number): DraftItem[] {
  return [...items.slice(0, index), ...items.slice(subtreeEnd(items, index))]
}

/**
 * A drag's result: the item at `from` with its subtree dropped where the item `over` was, at the
 * depth the pointer asks for (`levels` to the right, negative to the left) as far as the
 * neighbours and MAX_DEPTH allow. Dropped on its own subtree, nothing moves.
 */
export function dropAt(items: readonly DraftItem[], from: number, over: number, levels: number): DraftItem[] {
  const end = subtreeEnd(items, from)
  if (over > from && over < end) return [...items]
  const moved = items.slice(from, end)
  const rest = [...items.slice(0, from), ...items.slice(end)]
  const at = over > from ? over - (end - from) + 1 : over
  const root = moved[0]
  if (root === undefined) return [...items]
  const height = Math.max(...moved.map((item) => item.depth)) - root.depth
  const depth = projectedDepth(rest, at, root.depth + levels, height)
  const shifted = moved.map((item) => ({ ...item, depth: item.depth - root.depth + depth }))
  return [...rest.slice(0, at), ...shifted, ...rest.slice(at)]
}

/**
 * The depth an item spanning `height` levels below it may take when inserted at `at` of `rest`,
 * nearest to `wanted`: at most one below the item above it, at least the depth of the item below
 * it (which would otherwise change parent), never past MAX_DEPTH.
 */
export function projectedDepth(
  rest: readonly DraftItem[],
  at: number,
  wanted: number,
  height: number,
): number {
  const above = rest[at - 1]
  const below = rest[at]
  const max = Math.min(above === undefined ? 1 : above.depth + 1, MAX_DEPTH - height)
  const min = below === undefined ? 1 : below.depth
  return Math.max(1, Math.min(Math.max(wanted, min), max))
}

const PICK_PROBLEMS = {
  content: 'menus.problems.content',
  category: 'menus.problems.category',
  form: 'menus.problems.form',
} as const

/** Why an item cannot be saved as it is, by field (message keys); empty when it can. */
export function itemProblems(item: ItemFields): Partial<Record<'title' | 'url' | 'referenceId', string>> {
  const problems: Partial<Record<'title' | 'url' | 'referenceId', string>> = {}
  if (item.title.trim() === '') problems.title = 'menus.problems.title'
  if (REFERENCE_TYPES.has(item.type)) {
    if (item.referenceId === null)
      problems.referenceId = PICK_PROBLEMS[item.type as 'content' | 'category' | 'form']
  } else if (item.type === 'external') {
    if (!isExternalUrl(item.url ?? '')) problems.url = 'menus.problems.external'
  } else if (!/^(\/(?![/\\])|#|\?)\S*$/.test(item.url ?? '')) {
    problems.url = 'menus.problems.custom'
  }
  return problems
}

/** An absolute http(s), mailto: or tel: URL: what the API takes for an external item. */
export function isExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(parsed.protocol) && !/\s/.test(url)
  } catch {
    return false
  }
}
