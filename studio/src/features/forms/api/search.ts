import { oneOf, pageOf } from '../../../lib/search-params'

/** The statuses of a form (`status` of the forms API). */
export const FORM_STATUSES = ['draft', 'published', 'archived'] as const
export type FormStatus = (typeof FORM_STATUSES)[number]

/** The statuses of a response. */
export const RESPONSE_STATUSES = ['pending', 'processed', 'spam', 'deleted'] as const

/** The forms list's filters, as they stand in the URL (`?status=draft&search=x&page=2`). */
export interface FormsSearch {
  status?: FormStatus
  search?: string
  page?: number
}

/** The responses table's filters in the URL; `from` and `to` are local days (`2026-05-01`), inclusive. */
export interface ResponsesSearch {
  status?: (typeof RESPONSE_STATUSES)[number]
  from?: string
  to?: string
  page?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The forms list's filters from the URL: unknown statuses, empty words and pages below 2 dropped. */
export function parseFormsSearch(search: Record<string, unknown>): FormsSearch {
  const status = oneOf(FORM_STATUSES, search.status)
  const words = typeof search.search === 'string' ? search.search.trim().slice(0, 200) : ''
  return {
    ...(status === undefined ? {} : { status }),
    ...(words === '' ? {} : { search: words }),
    ...pageOf(search.page),
  }
}

/** The responses table's filters from the URL: days that are not `YYYY-MM-DD` dropped. */
export function parseResponsesSearch(search: Record<string, unknown>): ResponsesSearch {
  const status = oneOf(RESPONSE_STATUSES, search.status)
  const day = (value: unknown) =>
    typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined
  const from = day(search.from)
  const to = day(search.to)
  return {
    ...(status === undefined ? {} : { status }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...pageOf(search.page),
  }
}
