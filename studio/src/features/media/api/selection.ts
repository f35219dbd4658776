/**
 * The library's selection: ids of the media ticked for a bulk action. Immutable sets, so React
 * sees each change; the selection survives paging (a bulk action acts on every ticked item).
 */

/** The selection with `id` ticked when `on`, unticked otherwise. */
export function toggled(selection: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selection)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

/** Whether every id of the page is ticked (`all`), some are (`some`), or none (`none`). */
export function pageState(
  selection: ReadonlySet<string>,
  pageIds: readonly string[],
): 'all' | 'some' | 'none' {
  const ticked = pageIds.filter((id) => selection.has(id)).length
  if (ticked === 0) return 'none'
  return ticked === pageIds.length ? 'all' : 'some'
}

/** The selection with every id of the page ticked (`on`) or unticked; other pages' ids stay. */
export function withPage(
  selection: ReadonlySet<string>,
  pageIds: readonly string[],
  on: boolean,
): Set<string> {
  const next = new Set(selection)
  for (const id of pageIds) {
    if (on) next.add(id)
    else next.delete(id)
  }
  return next
}

/** The selection without the ids a bulk deletion removed. */
export function without(selection: ReadonlySet<string>, removed: readonly string[]): Set<string> {
  const next = new Set(selection)
  for (const id of removed) next.delete(id)
  return next
}
