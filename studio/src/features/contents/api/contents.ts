import { type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'
import type { ContentsSearch } from './search'

/** Contents per page of the list. */
export const PAGE_SIZE = 20

/** A page of the tenant's contents (`GET /api/contents`, summaries). */
export const contentsQuery = (tenantId: string, search: ContentsSearch) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'list', search],
    queryFn: () =>
      unwrap(
        folio.GET('/api/contents', {
          params: { query: { ...search, page: search.page ?? 1, limit: PAGE_SIZE, view: 'summary' } },
        }),
      ),
    placeholderData: keepPreviousData,
  })

/** One content with its `lexical` tree and `html` (`GET /api/contents/{id}`). */
export const contentQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'one', id],
    queryFn: () => unwrap(folio.GET('/api/contents/{id}', { params: { path: { id } } })),
  })

export type ContentBody = BodyOf<'createContent'>

export function createContent(body: ContentBody) {
  return unwrap(folio.POST('/api/contents', { body }))
}

export function updateContent(id: string, body: BodyOf<'updateContent'>) {
  return unwrap(folio.PUT('/api/contents/{id}', { params: { path: { id } }, body }))
}
