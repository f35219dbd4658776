import type { Readable } from 'node:stream'
import type { TenantContext } from '../../context.js'
import { AppError } from '../../errors.js'
import { type Outbound, OutboundBlockedError, OutboundDownloadError } from '../../lib/outbound.js'
import type { Media, MediaService, MediaUploads, StoredFile } from '../media/index.js'

/**
 * Files fetched at once: enough that one slow answer does not hold the others up, few enough that
 * the site serving them (often one small WordPress server) does not see a crawl. Each file streams
 * to disk as it arrives, so memory does not grow with the files in flight.
 */
export const CONCURRENT_DOWNLOADS = 4

/** The guarded download copies go through (`lib/outbound.ts`). */
export type FileDownload = Outbound['download']

/** What copying a file needs: the guarded download and the media family's upload checks. */
export interface FileCopyDeps {
  download: FileDownload
  mediaUploads: Pick<MediaUploads, 'storeFile' | 'maxUploadBytes'>
}

/**
 * The file at `url` stored under the tenant, or why it could not be: `refusedUrl` when the address
 * itself is not one Folio fetches (not http(s), credentials), `reason` a sentence (the address
 * refused by the outbound rules, an answer other than 2xx, too many redirects, a type the tenant
 * does not accept, too large, a network failure).
 */
export type FileCopy = { file: StoredFile } | { reason: string; refusedUrl: boolean }

/**
 * Downloads the file at `url` through the guarded client (docs/decisions/security.md "Outbound
 * requests go through one guarded client": private addresses refused unless
 * OUTBOUND_ALLOW_PRIVATE) and stores it through the upload checks of the media family (type, size,
 * image size), under a new key of `tenantId`; nothing is recorded yet (`recordFile`, `attachFile`).
 * @throws the signal's reason when aborted, or a failing store (not the file's fault).
 */
export async function copyFile(
  deps: FileCopyDeps,
  tenantId: string,
  url: string,
  signal?: AbortSignal,
): Promise<FileCopy> {
  let body: Readable | undefined
  let bodyError: unknown
  try {
    const answer = await deps.download(url, {
      maxBytes: deps.mediaUploads.maxUploadBytes,
      ...(signal === undefined ? {} : { signal }),
    })
    body = answer.body
    body.on('error', (err) => {
      bodyError = err
    })
    return { file: await deps.mediaUploads.storeFile(tenantId, { body, fileName: fileNameOf(answer.url) }) }
  } catch (err) {
    body?.destroy()
    signal?.throwIfAborted()
    const refusedUrl = err instanceof OutboundBlockedError && err.reason === 'url'
    const fromNetwork = body === undefined || bodyError !== undefined
    const refused = err instanceof AppError && err.statusCode < 500
    if (!refusedUrl && !fromNetwork && !refused) throw err
    return { reason: reasonOf(err), refusedUrl }
  }
}

/** What `POST /api/media/copy-external` answers: the copies, the media that stay external, and unknown ids. */
export interface ExternalCopies {
  copied: Media[]
  failed: { id: string; message: string }[]
  notFound: string[]
}

/**
 * Copies the files of external media into Folio (docs/decisions/imports.md "Failed copies can be
 * retried"): each one's file is downloaded from its URL and stored through the upload checks, and
 * the record becomes an upload in place (same id, so what shows it shows the copy). A media record
 * that cannot be copied stays as it was, with the reason.
 */
export function createExternalMediaCopier(deps: {
  download: FileDownload
  media: Pick<MediaService, 'get'>
  mediaUploads: Pick<MediaUploads, 'storeFile' | 'attachFile' | 'discardFile' | 'maxUploadBytes'>
}) {
  /** Copies one; a sentence when it stays external, undefined when not the tenant's. */
  async function copyOne(context: TenantContext, id: string): Promise<Media | string | undefined> {
    let media: Media
    try {
      media = await deps.media.get(context, id)
    } catch (err) {
      if (err instanceof AppError && err.code === 'NotFound') return undefined
      throw err
    }
    if (media.sourceType !== 'external') return 'Its file is already in Folio.'
    if (media.provider !== null) return `A video on ${media.provider} is not a file Folio can copy.`
    const copy = await copyFile(deps, context.tenantId, media.url)
    if ('reason' in copy) return copy.reason
    try {
      return await deps.mediaUploads.attachFile(context, id, copy.file)
    } catch (err) {
      await deps.mediaUploads.discardFile(copy.file)
      if (err instanceof AppError && err.code === 'NotFound') return undefined
      if (err instanceof AppError && err.statusCode < 500) return err.message
      throw err
    }
  }

  return {
    /**
     * Copies the files of the tenant's external media among `ids`, `CONCURRENT_DOWNLOADS` at a
     * time. Ids that are not media of the tenant are listed in `notFound`; media that stay external
     * (already copied, a provider's video, a download or a check that failed) in `failed` with why.
     */
    async copy(context: TenantContext, ids: readonly string[]): Promise<ExternalCopies> {
      const result: ExternalCopies = { copied: [], failed: [], notFound: [] }
      const queue = [...new Set(ids)]
      const outcomes = new Map<string, Media | string | undefined>()
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          outcomes.set(id, await copyOne(context, id))
        }
      }
      const distinct = [...queue]
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_DOWNLOADS, queue.length) }, worker))
      for (const id of distinct) {
        const outcome = outcomes.get(id)
        if (outcome === undefined) result.notFound.push(id)
        else if (typeof outcome === 'string') result.failed.push({ id, message: outcome })
        else result.copied.push(outcome)
      }
      return result
    },
  }
}

export type ExternalMediaCopier = ReturnType<typeof createExternalMediaCopier>

/** Why a download failed, in a sentence. */
function reasonOf(err: unknown): string {
  if (
    err instanceof OutboundDownloadError ||
    err instanceof OutboundBlockedError ||
    err instanceof AppError
  ) {
    return err.message
  }
  const cause = (err as { cause?: unknown }).cause
  const message = err instanceof Error ? err.message : String(err)
  return cause instanceof Error && cause.message !== message ? `${message} (${cause.message})` : message
}

/** The last segment of `url`'s path, decoded (what names the stored file), or `attachment`. */
function fileNameOf(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? ''
  try {
    return decodeURIComponent(segment) || 'attachment'
  } catch {
    return segment || 'attachment'
  }
}
