import { type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'
import { createTag } from '../../taxonomy'
import type { ContentsSearch } from './search'
import { type KnownTag, matchTags } from './tags'

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

/** Whether a slug is free for this content (`GET /api/contents/check-slug`). */
export function checkSlug(slug: string, contentId: string | undefined) {
  return unwrap(
    folio.GET('/api/contents/check-slug', {
      params: { query: { slug, ...(contentId === undefined ? {} : { contentId }) } },
    }),
  )
}

/** The tags with these ids (`GET /api/tags?ids=`), to show a content's tags by title. */
export const tagsByIdQuery = (tenantId: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'tags', 'ids', ids],
    queryFn: async (): Promise<{ tags: KnownTag[] }> =>
      ids.length === 0
        ? { tags: [] }
        : unwrap(folio.GET('/api/tags', { params: { query: { ids: [...ids], limit: 100 } } })),
  })

/**
 * The tag ids for the titles typed in the editor: the content's known tags, then an exact title
 * among the tenant's tags, else a new tag (`POST /api/tags`).
 */
export async function resolveTagIds(
  titles: readonly string[],
  known: readonly KnownTag[],
): Promise<string[]> {
  const { ids, missing } = matchTags(titles, known)
  for (const title of missing) {
    const found = await unwrap(folio.GET('/api/tags', { params: { query: { search: title, limit: 100 } } }))
    const [existing] = matchTags([title], found.tags).ids
    ids.push(existing ?? (await createTag(title)).tag.id)
  }
  return ids
}

/** A content's versions, newest first (`GET /api/contents/{id}/versions`). */
export const versionsQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'one', id, 'versions'],
    queryFn: () =>
      unwrap(folio.GET('/api/contents/{id}/versions', { params: { path: { id }, query: { limit: 50 } } })),
  })

/** One version with its snapshot of the content (`GET /api/contents/{id}/versions/{versionId}`). */
export const versionQuery = (tenantId: string, id: string, versionId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'one', id, 'versions', versionId],
    queryFn: () =>
      unwrap(folio.GET('/api/contents/{id}/versions/{versionId}', { params: { path: { id, versionId } } })),
  })

/** Makes a version the current one (`POST /api/contents/{id}/versions/{versionId}/restore`). */
export function restoreVersion(id: string, versionId: string) {
  return unwrap(
    folio.POST('/api/contents/{id}/versions/{versionId}/restore', { params: { path: { id, versionId } } }),
  )
}
