/**
 * A tree kept as a flat list in tree order (a parent, then its subtree), each row with its depth,
 * 1 for a root. Depth alone says where a row sits: its parent is the nearest row above it one
 * level up. Every change here keeps the list a tree no deeper than `maxDepth`. The menu editor and
 * the Pages view arrange their trees with these moves (and `SortableTree`, lib/sortable-tree.tsx).
 */

/** A row of a flat tree: stable `key`, `depth` from 1. */
export interface FlatNode {
  key: string
  depth: number
}

/** What the keyboard moves of a row allow: up, down, indent (nest under the row above), outdent. */
export type TreeMove = 'up' | 'down' | 'indent' | 'outdent'

/** Nodes nested by `children` as a flat list, each node made a row by `row`. */
export function flattenTree<N extends { children: unknown[] }, R extends FlatNode>(
  nodes: readonly N[],
  row: (node: N, depth: number) => R,
  depth = 1,
): R[] {
  return nodes.flatMap((node) => [row(node, depth), ...flattenTree(node.children as N[], row, depth + 1)])
}

/** Where each row goes: its parent's key (null at the root) and its 0-based place among siblings. */
export function placesOf(
  items: readonly FlatNode[],
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

/** The index just past the row at `index` and its subtree. */
export function subtreeEnd(items: readonly FlatNode[], index: number): number {
  const depth = items[index]?.depth ?? 0
  let end = index + 1
  while (end < items.length && (items[end]?.depth ?? 0) > depth) end++
  return end
}

/** How many levels the subtree at `index` spans below its root (0 for a leaf). */
function subtreeHeight(items: readonly FlatNode[], index: number): number {
  const depth = items[index]?.depth ?? 0
  let height = 0
  for (let i = index + 1; i < subtreeEnd(items, index); i++)
    height = Math.max(height, (items[i]?.depth ?? 0) - depth)
  return height
}

/** The index of the previous sibling of the row at `index`, or -1. */
function previousSibling(items: readonly FlatNode[], index: number): number {
  const depth = items[index]?.depth ?? 0
  for (let i = index - 1; i >= 0; i--) {
    const other = items[i]?.depth ?? 0
    if (other === depth) return i
    if (other < depth) return -1
  }
  return -1
}

/** Which keyboard moves the row at `index` allows in a tree at most `maxDepth` deep. */
export function movesOf(
  items: readonly FlatNode[],
  index: number,
  maxDepth: number,
): Record<TreeMove, boolean> {
  const item = items[index]
  const end = subtreeEnd(items, index)
  const previous = previousSibling(items, index)
  return {
    up: previous >= 0,
    down: end < items.length && items[end]?.depth === item?.depth,
    indent: previous >= 0 && (item?.depth ?? 0) + subtreeHeight(items, index) < maxDepth,
    outdent: (item?.depth ?? 1) > 1,
  }
}

/** The row with its subtree before its previous sibling. */
export function moveUp<T extends FlatNode>(items: readonly T[], index: number): T[] {
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

/** The row with its subtree after its next sibling's subtree. */
export function moveDown<T extends FlatNode>(items: readonly T[], index: number): T[] {
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

/** The row with its subtree becomes the last child of its previous sibling. */
export function indent<T extends FlatNode>(items: readonly T[], index: number, maxDepth: number): T[] {
  if (!movesOf(items, index, maxDepth).indent) return [...items]
  const end = subtreeEnd(items, index)
  return items.map((item, i) => (i >= index && i < end ? { ...item, depth: item.depth + 1 } : item))
}

/** The row with its subtree becomes the next sibling of its parent (after the parent's subtree). */
export function outdent<T extends FlatNode>(items: readonly T[], index: number): T[] {
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

/** One keyboard move of the row at `index` (`moveUp`, `moveDown`, `indent`, `outdent`). */
export function applyMove<T extends FlatNode>(
  items: readonly T[],
  index: number,
  move: TreeMove,
  maxDepth: number,
): T[] {
  if (move === 'up') return moveUp(items, index)
  if (move === 'down') return moveDown(items, index)
  return move === 'indent' ? indent(items, index, maxDepth) : outdent(items, index)
}

/** The row at `index` and its subtree removed. */
export function removeAt<T extends FlatNode>(items: readonly T[], index: number): T[] {
  return [...items.slice(0, index), ...items.slice(subtreeEnd(items, index))]
}

/**
 * A drag's result: the row at `from` with its subtree dropped where the row `over` was, at the
 * depth the pointer asks for (`levels` to the right, negative to the left) as far as the
 * neighbours and `maxDepth` allow. Dropped on its own subtree, nothing moves.
 */
export function dropAt<T extends FlatNode>(
  items: readonly T[],
  from: number,
  over: number,
  levels: number,
  maxDepth: number,
): T[] {
  const end = subtreeEnd(items, from)
  if (over > from && over < end) return [...items]
  const moved = items.slice(from, end)
  const rest = [...items.slice(0, from), ...items.slice(end)]
  const at = over > from ? over - (end - from) + 1 : over
  const root = moved[0]
  if (root === undefined) return [...items]
  const height = Math.max(...moved.map((item) => item.depth)) - root.depth
  const depth = projectedDepth(rest, at, root.depth + levels, height, maxDepth)
  const shifted = moved.map((item) => ({ ...item, depth: item.depth - root.depth + depth }))
  return [...rest.slice(0, at), ...shifted, ...rest.slice(at)]
}

/**
 * The depth a row spanning `height` levels below it may take when inserted at `at` of `rest`,
 * nearest to `wanted`: at most one below the row above it, at least the depth of the row below
 * it (which would otherwise change parent), never past `maxDepth`.
 */
export function projectedDepth(
  rest: readonly FlatNode[],
  at: number,
  wanted: number,
  height: number,
  maxDepth: number,
): number {
  const above = rest[at - 1]
  const below = rest[at]
  const max = Math.min(above === undefined ? 1 : above.depth + 1, maxDepth - height)
  const min = below === undefined ? 1 : below.depth
  return Math.max(1, Math.min(Math.max(wanted, min), max))
}
