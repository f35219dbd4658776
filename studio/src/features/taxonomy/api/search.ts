import { pageOf, wordsOf } from '../../../lib/search-params'

/** The tags table's words and page, as they stand in the address (`?search=news&page=2`). */
export interface TagsSearch {
  search?: string
  page?: number
}

/** The tags table's search from the address. */
export function parseTagsSearch(search: Record<string, unknown>): TagsSearch {
  const words = wordsOf(search.search)
  return { ...(words === undefined ? {} : { search: words }), ...pageOf(search.page) }
}
