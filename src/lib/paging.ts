/**
 * List helpers shared by services and routes (not HTTP: services must not import the transport).
 */

/**
 * The page a list query asks for: `page` (from 1, default 1) of `limit` rows (default
 * `defaultLimit`), and the `offset` of its first row. The route's query schema bounds both.
 */
export function pageOf(
  query: { page?: number | undefined; limit?: number | undefined },
  defaultLimit = 20,
): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1
  const limit = query.limit ?? defaultLimit
  return { page, limit, offset: (page - 1) * limit }
}

/** The `pagination` member of a list answer: `pages` is at least 1 (an empty list has one page). */
export function paginate(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) }
}

/** The distinct ids of an id-list query value (repeated parameters and/or comma-separated ids). */
export function splitIdList(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((value) => value.split(',')))]
}
