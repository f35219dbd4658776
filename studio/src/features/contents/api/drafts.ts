import { type BodyOf, type FolioClient, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

/**
 * A content as the editor opens it (`GET /api/contents/{id}`): with `draft`, as its pending draft
 * makes it (docs/decisions/content.md "Drafts of published contents"), for members who may preview
 * or edit; otherwise the live content. Under the content's key, so its invalidations reach it.
 */
export const editorContentQuery = (tenantId: string, id: string, draft: boolean) =>
  queryOptions(
    tenantQuery(tenantId, ['contents', 'one', id, draft ? 'draft' : 'live'], (api) =>
      readContent(api, id, draft),
    ),
  )

/**
 * The content as another save left it (its `version`), read after a `VersionConflict` for the
 * conflict dialog: a key per version, so each conflict reads it afresh.
 */
export const conflictingContentQuery = (tenantId: string, id: string, version: number | undefined) =>
  queryOptions(
    tenantQuery(tenantId, ['contents', 'conflict', id, String(version)], (api) => readContent(api, id, true)),
  )

function readContent(api: FolioClient, id: string, draft: boolean) {
  return unwrap(
    api.GET('/api/contents/{id}', { params: { path: { id }, query: draft ? { draft: true } : {} } }),
  )
}

/** Saves to a published content's draft (`PUT /api/contents/{id}/draft`); the live text stays. */
export function saveDraft(tenantId: string, id: string, body: BodyOf<'saveContentDraft'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/contents/{id}/draft', { params: { path: { id } }, body }))
}

/** Makes the pending draft live now, or at `publishAt` (`POST /api/contents/{id}/draft/publish`). */
export function publishDraft(tenantId: string, id: string, body: BodyOf<'publishContentDraft'>) {
  return unwrap(
    tenantApi(tenantId).POST('/api/contents/{id}/draft/publish', { params: { path: { id } }, body }),
  )
}

/** Drops the pending draft (`DELETE /api/contents/{id}/draft`); answers the live content. */
export function discardDraft(tenantId: string, id: string, expectedVersion: number | undefined) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/contents/{id}/draft', {
      params: { path: { id }, query: expectedVersion === undefined ? {} : { expectedVersion } },
    }),
  )
}
