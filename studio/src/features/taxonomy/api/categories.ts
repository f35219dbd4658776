import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'
import { toTree } from './tree'

export type Category = AnswerOf<'listCategories'>['categories'][number]

/**
 * Every category of the tenant, flat (`GET /api/categories?flat=true`), for the pickers of the
 * editor and the contents list, which order them with `inTreeOrder`.
 */
export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'categories', 'flat'],
    queryFn: () => unwrap(folio.GET('/api/categories', { params: { query: { flat: true } } })),
  })

/** The tenant's whole category tree (`GET /api/categories`, tree mode, unpaged). */
export const categoryTreeQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'categories', 'tree'],
    queryFn: async () => {
      const { categories } = await unwrap(folio.GET('/api/categories', { params: { query: {} } }))
      return toTree(categories)
    },
  })

export function createCategory(body: BodyOf<'createCategory'>) {
  return unwrap(folio.POST('/api/categories', { body }))
}

/** Changes the given members; `parentId` re-parents (null: the top level), `position` reorders. */
export function updateCategory(id: string, body: BodyOf<'updateCategory'>) {
  return unwrap(folio.PUT('/api/categories/{id}', { params: { path: { id } }, body }))
}

/** Moves `sourceId`'s contents and children into `targetId`, then deletes the source. */
export function mergeCategories(sourceId: string, targetId: string) {
  return unwrap(folio.POST('/api/categories/merge', { body: { sourceId, targetId } }))
}

/** The most category ids one contents list query names (`categories`, comma-separated). */
const COUNTABLE_CATEGORIES = 100

/**
 * How many contents are filed under any of `ids` (`GET /api/contents?categories=…`, the list's
 * total): what a deletion of those categories takes from. Disabled past the ids one query takes.
 */
export const contentsInCategoriesQuery = (tenantId: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'count', { categories: [...ids].sort() }],
    queryFn: async () => {
      const { pagination } = await unwrap(
        folio.GET('/api/contents', {
          params: { query: { categories: ids.join(','), limit: 1, view: 'summary' } },
        }),
      )
      return pagination.total
    },
    enabled: ids.length > 0 && ids.length <= COUNTABLE_CATEGORIES,
  })

/** Deletes a category with its descendants (the API's default cascade). */
export function deleteCategory(id: string) {
  return unwrap(folio.DELETE('/api/categories/{id}', { params: { path: { id }, query: {} } }))
}
