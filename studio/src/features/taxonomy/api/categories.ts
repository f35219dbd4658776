import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import { toTree } from './tree'

export type Category = AnswerOf<'listCategories'>['categories'][number]

/**
 * Every category of the tenant, flat (`GET /api/categories?flat=true`), for the pickers of the
 * editor and the contents list, which order them with `inTreeOrder`.
 */
export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['categories', 'flat'], (api) =>
      unwrap(api.GET('/api/categories', { params: { query: { flat: true } } })),
    ),
  })

/** The tenant's whole category tree (`GET /api/categories`, tree mode, unpaged). */
export const categoryTreeQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['categories', 'tree'], async (api) => {
      const { categories } = await unwrap(api.GET('/api/categories', { params: { query: {} } }))
      return toTree(categories)
    }),
  })

export function createCategory(tenantId: string, body: BodyOf<'createCategory'>) {
  return unwrap(tenantApi(tenantId).POST('/api/categories', { body }))
}

/** Changes the given members; `parentId` re-parents (null: the top level), `position` reorders. */
export function updateCategory(tenantId: string, id: string, body: BodyOf<'updateCategory'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/categories/{id}', { params: { path: { id } }, body }))
}

/** Moves `sourceId`'s contents and children into `targetId`, then deletes the source. */
export function mergeCategories(tenantId: string, sourceId: string, targetId: string) {
  return unwrap(tenantApi(tenantId).POST('/api/categories/merge', { body: { sourceId, targetId } }))
}

/** The most category ids one contents list query names (`categories`, comma-separated). */
const COUNTABLE_CATEGORIES = 100

/**
 * How many contents are filed under any of `ids` (`GET /api/contents?categories=…`, the list's
 * total): what a deletion of those categories takes from. Disabled past the ids one query takes.
 */
export const contentsInCategoriesQuery = (tenantId: string, ids: readonly string[]) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'count', { categories: [...ids].sort() }], async (api) => {
      const { pagination } = await unwrap(
        api.GET('/api/contents', {
          params: { query: { categories: ids.join(','), limit: 1, view: 'summary' } },
        }),
      )
      return pagination.total
    }),
    enabled: ids.length > 0 && ids.length <= COUNTABLE_CATEGORIES,
  })

/** Deletes a category with its descendants (the API's default cascade). */
export function deleteCategory(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/categories/{id}', { params: { path: { id }, query: {} } }))
}
