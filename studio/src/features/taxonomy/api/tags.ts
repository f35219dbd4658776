import { type AnswerOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type Tag = AnswerOf<'listTags'>['tags'][number]

/** Tags per page of the list. */
export const TAGS_PAGE_SIZE = 20

/**
 * A page of the tenant's tags by title, optionally searched (`GET /api/tags`): the tags screen's
 * list, and the editor's and contents list's suggestions (first page).
 */
export const tagsQuery = (tenantId: string, search = '', page = 1) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'tags', 'list', { search, page }],
    queryFn: () =>
      unwrap(
        folio.GET('/api/tags', {
          params: { query: { page, limit: TAGS_PAGE_SIZE, ...(search === '' ? {} : { search }) } },
        }),
      ),
    placeholderData: keepPreviousData,
  })

/** Creates a tag; an empty slug is left to the API (made from the title). */
export function createTag(title: string, slug = '') {
  return unwrap(folio.POST('/api/tags', { body: { title, ...(slug.trim() === '' ? {} : { slug }) } }))
}

/** Renames a tag; its slug stays unless a new one is given. */
export function renameTag(id: string, title: string, slug: string) {
  return unwrap(
    folio.PUT('/api/tags/{id}', {
      params: { path: { id } },
      body: { title, ...(slug.trim() === '' ? {} : { slug }) },
    }),
  )
}

export function deleteTag(id: string) {
  return unwrap(folio.DELETE('/api/tags/{id}', { params: { path: { id } } }))
}
