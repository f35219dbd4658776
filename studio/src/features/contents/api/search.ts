import { canonicalTag } from '../../../lib/locales'

/** The statuses a content can have (`status` of the contents API). */
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled', 'archived'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** The contents list's filters, as they stand in the URL (`?status=draft&search=x&page=2`). */
export interface ContentsSearch {
  status?: ContentStatus
  type?: string
  search?: string
  /** A category id: its contents. */
  category?: string
  /** A tag id: its contents. */
  tag?: string
  /** A locale: the translations in it. */
  locale?: string
  /** A locale: the documents with no translation in it yet. */
  missingLocale?: string
  page?: number
}

const ID = /^[0-9a-f]{24}$/

/** `value` when it is a locale tag as the API writes it (`de-AT`, not `de-at`). */
function localeOf(value: unknown): string | undefined {
  return typeof value === 'string' && canonicalTag(value) === value ? value : undefined
}

/**
 * The list's filters from the URL's search parameters: unknown statuses, empty strings, pages
 * below 1 and types the API would refuse are dropped, so a hand-edited URL still opens a list.
 */
export function parseContentsSearch(search: Record<string, unknown>): ContentsSearch {
  const result: ContentsSearch = {}
  const status = search.status
  if (typeof status === 'string' && (CONTENT_STATUSES as readonly string[]).includes(status)) {
    result.status = status as ContentStatus
  }
  if (typeof search.type === 'string' && /^[a-z0-9-]{1,40}$/.test(search.type)) result.type = search.type
  if (typeof search.search === 'string' && search.search.trim() !== '') result.search = search.search.trim()
  if (typeof search.category === 'string' && ID.test(search.category)) result.category = search.category
  if (typeof search.tag === 'string' && ID.test(search.tag)) result.tag = search.tag
  const locale = localeOf(search.locale)
  if (locale !== undefined) result.locale = locale
  const missingLocale = localeOf(search.missingLocale)
  if (missingLocale !== undefined) result.missingLocale = missingLocale
  const page = Number(search.page)
  if (Number.isInteger(page) && page > 1) result.page = page
  return result
}

/** The editor's search: the translation shown beside the form while translating (`?source=<id>`). */
export interface EditContentSearch {
  source?: string
}

/** The editor's search from the URL; a source that is no content id is dropped. */
export function parseEditContentSearch(search: Record<string, unknown>): EditContentSearch {
  return typeof search.source === 'string' && ID.test(search.source) ? { source: search.source } : {}
}

/** The new-content screen's search: what the content starts as (`/contents/new?type=page&parent=<id>`). */
export interface NewContentSearch {
  type?: string
  /** A content id: the new content's parent. */
  parent?: string
}

/** The new-content screen's search from the URL; a type or parent the API would refuse is dropped. */
export function parseNewContentSearch(search: Record<string, unknown>): NewContentSearch {
  const result: NewContentSearch = {}
  if (typeof search.type === 'string' && /^[a-z0-9-]{1,40}$/.test(search.type)) result.type = search.type
  if (typeof search.parent === 'string' && ID.test(search.parent)) result.parent = search.parent
  return result
}
