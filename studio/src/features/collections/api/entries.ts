import { type AnswerOf, type BodyOf, type QueryOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { TenantLocales } from '../../../lib/locales'

export type Entry = AnswerOf<'getCollectionEntry'>['entry']
export type EntryStatus = NonNullable<BodyOf<'createCollectionEntry'>['status']>
export const ENTRY_STATUSES: readonly EntryStatus[] = ['draft', 'published', 'archived']
/** Entries per page of the list. */
export const ENTRIES_PAGE_SIZE = 20

/** The entries list's state in the URL: status, search, page and sort (`-field` descending). */
export interface EntriesSearch {
  status?: EntryStatus
  q?: string
  page?: number
  sort?: string
}

/** The list's search from the URL, dropping what is not one of its values. */
export function parseEntriesSearch(search: Record<string, unknown>): EntriesSearch {
  const status = ENTRY_STATUSES.find((candidate) => candidate === search.status)
  const page = Number(search.page)
  return {
    ...(status === undefined ? {} : { status }),
    ...(typeof search.q === 'string' && search.q !== '' ? { q: search.q } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    ...(typeof search.sort === 'string' && search.sort !== '' ? { sort: search.sort } : {}),
  }
}

export const entriesQuery = (tenantId: string, key: string, search: EntriesSearch & { limit?: number }) =>
  queryOptions({
    ...tenantQuery(tenantId, ['collections', 'entries', key, search], (api) => {
      const query: QueryOf<'listCollectionEntries'> = { limit: search.limit ?? ENTRIES_PAGE_SIZE }
      if (search.status) query.status = search.status
      if (search.q) query.q = search.q
      if (search.page) query.page = search.page
      if (search.sort) query.sort = search.sort
      return unwrap(api.GET('/api/collections/{key}/entries', { params: { path: { key }, query } }))
    }),
    placeholderData: keepPreviousData,
  })

export const entryQuery = (tenantId: string, key: string, id: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['collections', 'entry', key, id],
      async (api) =>
        (await unwrap(api.GET('/api/collections/{key}/entries/{id}', { params: { path: { key, id } } })))
          .entry,
    ),
  })

export function createEntry(tenantId: string, key: string, body: BodyOf<'createCollectionEntry'>) {
  return unwrap(
    tenantApi(tenantId).POST('/api/collections/{key}/entries', { params: { path: { key } }, body }),
  )
}

export function updateEntry(
  tenantId: string,
  key: string,
  id: string,
  body: BodyOf<'updateCollectionEntry'>,
) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/collections/{key}/entries/{id}', { params: { path: { key, id } }, body }),
  )
}

export function deleteEntry(tenantId: string, key: string, id: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/collections/{key}/entries/{id}', { params: { path: { key, id } } }),
  )
}

/** An entry's name in lists and pickers: its slug field's value, else its slug. */
export function entryTitle(entry: Entry, slugField: string | null): string {
  const value = slugField === null ? undefined : entry.data[slugField]
  return typeof value === 'string' && value !== '' ? value : entry.slug
}

/** A value the entry has: neither null nor empty text. */
const given = (value: unknown) => value !== null && value !== undefined && value !== ''

/**
 * The localized fields' values in the tenant's locales other than the default, as a save sends
 * them (docs/decisions/localization.md "Field-level localization"): a new entry only the values
 * given; a stored one every localized field of a locale it has or is given (null clears a value,
 * which then falls back), and null for a locale it has and no longer gives (the API merges the
 * locales sent over the stored ones).
 */
export function entryTranslationsOf(
  translations: Readonly<Record<string, Record<string, unknown>>>,
  fields: readonly { key: string; localized?: boolean | undefined }[],
  locales: TenantLocales,
  creating: boolean,
): Record<string, Record<string, unknown> | null> {
  const keys = fields.filter((field) => field.localized === true).map((field) => field.key)
  const body: Record<string, Record<string, unknown> | null> = {}
  if (keys.length === 0) return body
  for (const locale of locales.available) {
    if (locale === locales.default) continue
    const values = translations[locale]
    const kept = keys.filter((key) => given(values?.[key]))
    if (kept.length > 0) {
      body[locale] = Object.fromEntries(
        (creating ? kept : keys).map((key) => [key, given(values?.[key]) ? values?.[key] : null]),
      )
    } else if (!creating && values !== undefined) {
      body[locale] = null
    }
  }
  return body
}
