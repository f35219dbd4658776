import { type FlatNode, flattenTree, placesOf } from '../../../lib/flat-tree'
import type { ContentTreeNode } from '../../contents'

/** How deep a page tree goes (the API's MAX_TREE_DEPTH: a root is level 1). */
export const MAX_DEPTH = 8
/** The step between siblings' orders when they are numbered afresh: room for later moves between. */
export const ORDER_STEP = 10
/** The API's bounds of `order`. */
const ORDER_LIMIT = 1_000_000

/** A page as a row of the Pages view: where the API has it, and where the view shows it. */
export interface PageRow extends FlatNode {
  /** The content id (also the row's key). */
  id: string
  title: string
  slug: string
  status: string
  order: number
  /** The stored parent; on a root of the view, a content of another type (or null). */
  parentId: string | null
}

/** The API's tree (`GET /api/contents/tree`) as the view's rows. */
export function pageRows(tree: readonly ContentTreeNode[]): PageRow[] {
  return flattenTree(tree, (node, depth) => ({
    key: node.id,
    id: node.id,
    depth,
    title: node.title,
    slug: node.slug,
    status: node.status,
    order: node.order,
    parentId: node.parentId,
  }))
}

/**
 * Orders for siblings in the order shown, the one at `moved` just placed there, changing as few as
 * possible: the moved one alone takes an order between its neighbours when the others already
 * ascend strictly and there is room (or keeps its own when it fits); otherwise all are numbered
 * afresh in steps of ORDER_STEP. Strictly ascending orders make the API's sort (order, then title)
 * show the siblings as placed.
 */
export function siblingOrders(orders: readonly number[], moved: number): number[] {
  const others = orders.filter((_, index) => index !== moved)
  const ascending = others.every((order, index) => index === 0 || order > (others[index - 1] as number))
  if (ascending) {
    const low = moved > 0 ? (orders[moved - 1] as number) : -Infinity
    const high = moved < orders.length - 1 ? (orders[moved + 1] as number) : Infinity
    const own = orders[moved] as number
    const wanted =
      own > low && own < high
        ? own
        : low === -Infinity
          ? high === Infinity
            ? own
            : high - ORDER_STEP
          : high === Infinity
            ? low + ORDER_STEP
            : high - low >= 2
              ? Math.floor((low + high) / 2)
              : undefined
    if (wanted !== undefined && Math.abs(wanted) <= ORDER_LIMIT)
      return orders.map((order, index) => (index === moved ? wanted : order))
  }
  return orders.map((_, index) => index * ORDER_STEP)
}

/** One write of a move: `PUT /api/contents/{id}` with these members. */
export interface PageWrite {
  id: string
  parentId?: string | null
  order?: number
}

/**
 * The writes that make the API's tree what `after` shows, after the page `movedId` moved from
 * where `before` had it: the page's new parent (only when the view's parent changed, so a root
 * whose parent is of another type keeps it) and the orders of its new siblings that must change.
 */
export function moveWrites(
  before: readonly PageRow[],
  after: readonly PageRow[],
  movedId: string,
): PageWrite[] {
  const parentBefore = placesOf(before).find((place) => place.key === movedId)?.parentKey ?? null
  const places = placesOf(after)
  const parent = places.find((place) => place.key === movedId)?.parentKey ?? null
  const rows = new Map(after.map((row) => [row.key, row]))
  const siblings = places
    .filter((place) => place.parentKey === parent)
    .map((place) => rows.get(place.key) as PageRow)
  const moved = siblings.findIndex((row) => row.id === movedId)
  const orders = siblingOrders(
    siblings.map((row) => row.order),
    moved,
  )
  const writes: PageWrite[] = []
  siblings.forEach((row, index) => {
    const order = orders[index] as number
    const reparented = row.id === movedId && parent !== parentBefore
    if (!reparented && order === row.order) return
    writes.push({
      id: row.id,
      ...(reparented ? { parentId: parent } : {}),
      ...(order === row.order ? {} : { order }),
    })
  })
  // The moved page first: its parent is the write the API may refuse (tree rules).
  return writes.sort((a, b) => Number(b.id === movedId) - Number(a.id === movedId))
}

/** `rows` with the writes applied (what the API will have once they succeed). */
export function withWrites(rows: readonly PageRow[], writes: readonly PageWrite[]): PageRow[] {
  const byId = new Map(writes.map((write) => [write.id, write]))
  return rows.map((row) => {
    const write = byId.get(row.id)
    return write === undefined ? row : { ...row, ...write }
  })
}
