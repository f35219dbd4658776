/** A tag as the editor knows it. */
export interface KnownTag {
  id: string
  title: string
}

/**
 * The ids of the titles an editor typed: known tags by title (case-insensitive, trimmed), and the
 * titles no tag has yet, to be created. Duplicates are dropped; order is kept.
 */
export function matchTags(
  titles: readonly string[],
  known: readonly KnownTag[],
): { ids: string[]; missing: string[] } {
  const byTitle = new Map(known.map((tag) => [tag.title.trim().toLowerCase(), tag.id]))
  const ids: string[] = []
  const missing: string[] = []
  const seen = new Set<string>()
  for (const title of titles) {
    const key = title.trim().toLowerCase()
    if (key === '' || seen.has(key)) continue
    seen.add(key)
    const id = byTitle.get(key)
    if (id === undefined) missing.push(title.trim())
    else ids.push(id)
  }
  return { ids, missing }
}
