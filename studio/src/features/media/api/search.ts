import { oneOf, pageOf } from '../../../lib/search-params'

/** The library's page and view, as they stand in the address (`?view=list&page=2`). */
export interface MediaSearch {
  page?: number
  /** The table; the grid, the default, is left out of the address. */
  view?: 'list'
}

/** The library's search from the address. */
export function parseMediaSearch(search: Record<string, unknown>): MediaSearch {
  const view = oneOf(['list'] as const, search.view)
  return { ...(view === undefined ? {} : { view }), ...pageOf(search.page) }
}
