import { type AnswerOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { Translations } from '../../../lib/translations'

export type Tag = AnswerOf<'listTags'>['tags'][number]

/** Tags per page of the list. */
export const TAGS_PAGE_SIZE = 20

/**
 * A page of the tenant's tags by title, optionally searched (`GET /api/tags`): the tags screen's
 * list, and the editor's and contents list's suggestions (first page).
 */
export const tagsQuery = (tenantId: string, search = '', page = 1) =>
  queryOptions({
    ...tenantQuery(tenantId, ['tags', 'list', { search, page }], (api) =>
      unwrap(
        api.GET('/api/tags', {
          params: { query: { page, limit: TAGS_PAGE_SIZE, ...(search === '' ? {} : { search }) } },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** Creates a tag; an empty slug is left to the API (made from the title). */
export function createTag(tenantId: string, title: string, slug = '') {
  return unwrap(
    tenantApi(tenantId).POST('/api/tags', { body: { title, ...(slug.trim() === '' ? {} : { slug }) } }),
  )
}

/**
 * Renames a tag; its slug stays unless a new one is given, its values in the other locales unless
 * `translations` is (the whole map: it replaces the stored one).
 */
export function renameTag(
  tenantId: string,
  id: string,
  title: string,
  slug: string,
  translations?: Translations,
) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/tags/{id}', {
      params: { path: { id } },
      body: {
        title,
        ...(slug.trim() === '' ? {} : { slug }),
        ...(translations === undefined ? {} : { translations }),
      },
    }),
  )
}

export function deleteTag(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/tags/{id}', { params: { path: { id } } }))
}
