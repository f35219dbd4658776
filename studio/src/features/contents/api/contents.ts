import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { ContentsSearch } from './search'

/** Contents per page of the list. */
export const PAGE_SIZE = 20

/** A page of the tenant's contents (`GET /api/contents`, summaries). */
export const contentsQuery = (tenantId: string, search: ContentsSearch) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'list', search], (api) =>
      unwrap(
        api.GET('/api/contents', {
          params: { query: { ...search, page: search.page ?? 1, limit: PAGE_SIZE, view: 'summary' } },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** One content with its `lexical` tree and `html` (`GET /api/contents/{id}`). */
export const contentQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'one', id], (api) =>
      unwrap(api.GET('/api/contents/{id}', { params: { path: { id } } })),
    ),
  })

export type ContentBody = BodyOf<'createContent'>

export function createContent(tenantId: string, body: ContentBody) {
  return unwrap(tenantApi(tenantId).POST('/api/contents', { body }))
}

export function updateContent(tenantId: string, id: string, body: BodyOf<'updateContent'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/contents/{id}', { params: { path: { id } }, body }))
}

export type Content = AnswerOf<'getContent'>['content']

/** Whether `slug` is free for this content (`GET /api/contents/check-slug`), with a suggestion when taken. */
export const slugCheckQuery = (tenantId: string, slug: string, contentId: string | undefined) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'check-slug', slug, contentId ?? null], (api) =>
      unwrap(
        api.GET('/api/contents/check-slug', {
          params: { query: { slug, ...(contentId === undefined ? {} : { contentId }) } },
        }),
      ),
    ),
    staleTime: 5_000,
  })

/** A content's versions, newest first (`GET /api/contents/{id}/versions`, the first 50). */
export const versionsQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'versions', id], (api) =>
      unwrap(api.GET('/api/contents/{id}/versions', { params: { path: { id }, query: { limit: 50 } } })),
    ),
  })

/** One version with its snapshot (`GET /api/contents/{id}/versions/{versionId}`). */
export const versionQuery = (tenantId: string, id: string, versionId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'versions', id, versionId], (api) =>
      unwrap(api.GET('/api/contents/{id}/versions/{versionId}', { params: { path: { id, versionId } } })),
    ),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Saves the version's content as a new version (`POST …/versions/{versionId}/restore`). */
export function restoreVersion(tenantId: string, id: string, versionId: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/contents/{id}/versions/{versionId}/restore', {
      params: { path: { id, versionId } },
    }),
  )
}

/** The tenant's custom field definitions, in their order (`GET /api/custom-field-definitions`). */
export const fieldDefinitionsQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['custom-field-definitions'], (api) =>
      unwrap(api.GET('/api/custom-field-definitions')),
    ),
  })

export type FieldDefinition = AnswerOf<'listCustomFieldDefinitions'>['definitions'][number]

/** Every category of the tenant as a flat list (`GET /api/categories?flat=true`). */
export const categoriesQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['categories', 'flat'], (api) =>
      unwrap(api.GET('/api/categories', { params: { query: { flat: true } } })),
    ),
  })

export type Tag = AnswerOf<'listTags'>['tags'][number]

/** Tags whose title contains `search` (the first 20), or the tags `ids` names (`GET /api/tags`). */
export const tagsQuery = (tenantId: string, filter: { search?: string; ids?: string[] }) =>
  queryOptions({
    ...tenantQuery(tenantId, ['tags', 'list', filter], (api) =>
      unwrap(
        api.GET('/api/tags', {
          params: {
            query:
              filter.ids === undefined
                ? { limit: 20, ...(filter.search ? { search: filter.search } : {}) }
                : { ids: filter.ids, limit: 100 },
          },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** Creates a tag (`POST /api/tags`); its slug is made from the title. */
export function createTag(tenantId: string, title: string) {
  return unwrap(tenantApi(tenantId).POST('/api/tags', { body: { title } }))
}

export type PickerMedia = AnswerOf<'listMedia'>['media'][number]

/** Media per page of the picker. */
export const PICKER_PAGE_SIZE = 12

/** A page of the tenant's active images, for the picker (`GET /api/media`). */
export const pickerMediaQuery = (tenantId: string, page: number, search: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['media', 'picker', { page, search }], (api) =>
      unwrap(
        api.GET('/api/media', {
          params: {
            query: {
              page,
              limit: PICKER_PAGE_SIZE,
              status: 'active',
              mimeType: 'image/',
              ...(search === '' ? {} : { search }),
            },
          },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** One media item (`GET /api/media/{id}`), e.g. the featured image. */
export const oneMediaQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['media', 'one', id], (api) =>
      unwrap(api.GET('/api/media/{id}', { params: { path: { id } } })),
    ),
  })

/** The tenant's galleries (`GET /api/galleries`, the newest 100). */
export const galleriesQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['galleries', 'list'], (api) =>
      unwrap(api.GET('/api/galleries', { params: { query: { limit: 100 } } })),
    ),
  })

/** The galleries the content shows, in order (`PUT /api/contents/{id}/galleries`). */
export function setContentGalleries(tenantId: string, id: string, galleryIds: string[]) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/contents/{id}/galleries', {
      params: { path: { id } },
      body: { galleryIds },
    }),
  )
}

/** Contents whose title or text contains `search` (the first 20, summaries), to pick a reference. */
export const contentOptionsQuery = (tenantId: string, search: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['contents', 'options', search], (api) =>
      unwrap(
        api.GET('/api/contents', {
          params: { query: { limit: 20, view: 'summary', ...(search === '' ? {} : { search }) } },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })
