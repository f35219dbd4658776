/**
 * List helpers shared by services and routes (not HTTP: services must not import the transport).
 */

/** The `pagination` member of a list answer: `pages` is at least 1 (an empty list has one page). */
export function paginate(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) }
}

/** The distinct ids of an id-list query value (repeated parameters and/or comma-separated ids). */
export function splitIdList(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((value) => value.split(',')))]
}
