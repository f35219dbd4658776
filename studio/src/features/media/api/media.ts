import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import { putWithProgress } from './put'

export type Media = AnswerOf<'listMedia'>['media'][number]

/** Media per page of the library. */
export const MEDIA_PAGE_SIZE = 24

/** A page of the tenant's active media (`GET /api/media`). */
export const mediaQuery = (tenantId: string, page: number) =>
  queryOptions(
    tenantQuery(tenantId, ['media', 'list', page], (api) =>
      unwrap(
        api.GET('/api/media', { params: { query: { page, limit: MEDIA_PAGE_SIZE, status: 'active' } } }),
      ),
    ),
  )

/**
 * Uploads one file through the presigned flow (docs/decisions/media.md): `POST /api/media/presign`
 * for a URL, a PUT of the bytes there (progress reported 0..1), then `POST /api/media` registers it.
 */
export async function uploadMedia(
  tenantId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Media> {
  const api = tenantApi(tenantId)
  const contentType = file.type || 'application/octet-stream'
  const presigned = await unwrap(
    api.POST('/api/media/presign', { body: { fileName: file.name, contentType, size: file.size } }),
  )
  await putWithProgress(presigned.uploadUrl, presigned.method, presigned.headers, file, onProgress)
  const { media } = await unwrap(
    api.POST('/api/media', {
      body: { key: presigned.key, originalName: file.name, mimeType: contentType, size: file.size },
    }),
  )
  return media
}

/** Sets a media item's alternative text (`PATCH /api/media/{id}`); empty clears it. */
export function setAltText(tenantId: string, id: string, altText: string) {
  return unwrap(
    tenantApi(tenantId).PATCH('/api/media/{id}', {
      params: { path: { id } },
      body: { altText: altText.trim() === '' ? null : altText.trim() },
    }),
  )
}

export type MediaUsage = AnswerOf<'getMediaUsage'>['usage'][number]

/** The records that show a media item (`GET /api/media/{id}/usage`). */
export const mediaUsageQuery = (tenantId: string, id: string) =>
  queryOptions(
    tenantQuery(tenantId, ['media', 'usage', id], (api) =>
      unwrap(api.GET('/api/media/{id}/usage', { params: { path: { id } } })),
    ),
  )

/** What the details form edits; empty strings clear a text (`PATCH /api/media/{id}`). */
export interface MediaDetails {
  title: string
  altText: string
  caption: string
  tags: string[]
}

/** Saves a media item's title, alt text, caption and tags (`PATCH /api/media/{id}`). */
export function updateMediaDetails(tenantId: string, id: string, details: MediaDetails) {
  const text = (value: string) => (value.trim() === '' ? null : value.trim())
  return unwrap(
    tenantApi(tenantId).PATCH('/api/media/{id}', {
      params: { path: { id } },
      body: {
        title: text(details.title),
        altText: text(details.altText),
        caption: text(details.caption),
        tags: details.tags,
      },
    }),
  )
}

/** Adds tags to several media at once (`POST /api/media/bulk/tags`, mode add). */
export function bulkTagMedia(tenantId: string, ids: string[], tags: string[]) {
  return unwrap(tenantApi(tenantId).POST('/api/media/bulk/tags', { body: { ids, tags, mode: 'add' } }))
}

/** Deletes several media at once (`POST /api/media/bulk/delete`). */
export function bulkDeleteMedia(tenantId: string, ids: string[]) {
  return unwrap(tenantApi(tenantId).POST('/api/media/bulk/delete', { body: { ids } }))
}

/** Whether the item's file is elsewhere: Folio keeps its URL only (an imported attachment left on its site). */
export const isExternal = (media: Media) => media.sourceType === 'external'

/**
 * What an external item's URL points at, for showing it without loading it: the file name (the
 * last segment of the path, decoded) and its type (the recorded one, else the extension).
 */
export function externalFile(media: Media): { name: string; type: string } {
  let path = ''
  try {
    path = new URL(media.url).pathname
  } catch {
    path = media.url
  }
  const segment = path.split('/').filter(Boolean).pop() ?? ''
  let name = segment
  try {
    name = decodeURIComponent(segment)
  } catch {
    // Not valid percent-encoding: shown as it is.
  }
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toUpperCase() ?? ''
  return { name: name || media.url, type: media.mimeType ?? extension }
}

export type CopyResult = AnswerOf<'copyExternalMedia'>

/** Media one `POST /api/media/copy-external` takes at most. */
const COPY_BATCH = 20

/**
 * Copies the files of external media into Folio (`POST /api/media/copy-external`): each becomes an
 * upload in place, or is reported with why it stays external. Sent 20 ids a request.
 */
export async function copyExternalMedia(tenantId: string, ids: string[]): Promise<CopyResult> {
  const result: CopyResult = { copied: [], failed: [], notFound: [] }
  for (let start = 0; start < ids.length; start += COPY_BATCH) {
    const answer = await unwrap(
      tenantApi(tenantId).POST('/api/media/copy-external', {
        body: { ids: ids.slice(start, start + COPY_BATCH) },
      }),
    )
    result.copied.push(...answer.copied)
    result.failed.push(...answer.failed)
    result.notFound.push(...answer.notFound)
  }
  return result
}
