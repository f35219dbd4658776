import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type Category = AnswerOf<'listCategories'>['categories'][number]
export type Tag = AnswerOf<'listTags'>['tags'][number]

/** Every category of the tenant, flat (`GET /api/categories?flat=true`); the screens order them. */
export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'categories'],
    queryFn: () => unwrap(folio.GET('/api/categories', { params: { query: { flat: true } } })),
  })

/** Tags per page of the tags screen. */
export const TAGS_PAGE_SIZE = 50

/** A page of the tenant's tags, or those whose title contains `search` (`GET /api/tags`). */
export const tagsQuery = (tenantId: string, page: number, search = '') =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'tags', page, search],
    queryFn: () =>
      unwrap(
        folio.GET('/api/tags', {
          params: { query: { page, limit: TAGS_PAGE_SIZE, ...(search === '' ? {} : { search }) } },
        }),
      ),
  })

export function createCategory(body: BodyOf<'createCategory'>) {
  return unwrap(folio.POST('/api/categories', { body }))
}

export function deleteCategory(id: string) {
  return unwrap(folio.DELETE('/api/categories/{id}', { params: { path: { id } } }))
}

export function createTag(body: BodyOf<'createTag'>) {
  return unwrap(folio.POST('/api/tags', { body }))
}
