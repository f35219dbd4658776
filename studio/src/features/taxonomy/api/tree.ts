/** A category as the flat list gives it: enough to place it in its tree. */
export interface TreeItem {
  id: string
  parentId: string | null
  position: number
  name: string
}

/**
 * The categories in tree order (each parent followed by its children, siblings by `position`
 * then name) with their depth (0 for a root). A category whose parent is missing from the list
 * is shown as a root, so none is ever hidden.
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
