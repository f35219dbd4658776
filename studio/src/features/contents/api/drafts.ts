import { type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

/**
 * A content as the editor opens it (`GET /api/contents/{id}`): with `draft`, as its pending draft
 * makes it (docs/decisions/content.md "Drafts of published contents"), for members who may preview
 * or edit; otherwise the live content. Under the content's key, so its invalidations reach it.
 */
export const editorContentQuery = (tenantId: string, id: string, draft: boolean) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'contents', 'one', id, draft ? 'draft' : 'live'],
    queryFn: () =>
      unwrap(
        folio.GET('/api/contents/{id}', {
          params: { path: { id }, query: draft ? { draft: true } : {} },
        }),
      ),
  })

/** Saves to a published content's draft (`PUT /api/contents/{id}/draft`); the live text stays. */
export function saveDraft(id: string, body: BodyOf<'saveContentDraft'>) {
  return unwrap(folio.PUT('/api/contents/{id}/draft', { params: { path: { id } }, body }))
}

/** Makes the pending draft live now, or at `publishAt` (`POST /api/contents/{id}/draft/publish`). */
export function publishDraft(id: string, body: BodyOf<'publishContentDraft'>) {
  return unwrap(folio.POST('/api/contents/{id}/draft/publish', { params: { path: { id } }, body }))
}

/** Drops the pending draft (`DELETE /api/contents/{id}/draft`); answers the live content. */
export function discardDraft(id: string, expectedVersion: number | undefined) {
  return unwrap(
    folio.DELETE('/api/contents/{id}/draft', {
      params: { path: { id }, query: expectedVersion === undefined ? {} : { expectedVersion } },
    }),
  )
}
