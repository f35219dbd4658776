/**
 * Pieces of the lists' search-parameter schemas (each screen's `validateSearch`, docs/decisions/studio.md
 * "Lists in the address"): each takes what the address holds, of any type, and answers a valid value
 * or nothing, so a hand-edited or outdated address opens the list with its defaults instead of failing.
 */

/** `{ page }` for a whole page number above 1; page 1, the default, is left out of the address. */
export function pageOf(value: unknown): { page?: number } {
  const page = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isSafeInteger(page) && page > 1 ? { page } : {}
}

/** `value` when it is one of `values`. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined
}

/** Search words: trimmed, at most `max` characters; undefined when there are none. */
export function wordsOf(value: unknown, max = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const words = String(value).trim().slice(0, max)
  return words === '' ? undefined : words
}

/** The search of a list that has pages only (`?page=2`). */
export interface PageSearch {
  page?: number
}

/** The search schema of a list that has pages only. */
export function parsePageSearch(search: Record<string, unknown>): PageSearch {
  return pageOf(search.page)
}

/**
 * `parse` as a route's `validateSearch`, its answer the whole of the screen's search. TanStack
 * Router lays a route's validated search over the address's own (`{ ...raw, ...validated }`), so a
 * value `parse` refuses would still reach the screen; here every name of the address that `parse`
 * leaves out is set to undefined, and the screen sees only what its schema let through.
 */
export function exactSearch<Search extends object>(
  parse: (search: Record<string, unknown>) => Search,
): (search: Record<string, unknown>) => Search {
  return (search) => {
    const parsed = parse(search)
    const refused = Object.keys(search).filter((name) => !(name in parsed))
    return { ...Object.fromEntries(refused.map((name) => [name, undefined])), ...parsed }
  }
}
