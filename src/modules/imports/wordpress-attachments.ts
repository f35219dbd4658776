import type { Readable } from 'node:stream'
import { AppError } from '../../errors.js'
import { type Outbound, OutboundBlockedError, OutboundDownloadError } from '../../lib/outbound.js'
import type { StoredFile } from '../media/index.js'
import { type AttachmentUrls, createAttachmentUrls } from './attachment-urls.js'
import { clip, LIMITS } from './wordpress-mapping.js'
import type { ImportRun } from './wordpress-run.js'
import type { IdMap } from './wordpress-steps.js'
import type { WxrItem } from './wxr-parser.js'

/**
 * Attachment files fetched at once when they are copied: enough that one slow answer does not hold
 * the others up, few enough that the WordPress host (often one small server) does not see a crawl.
 * Each file streams to disk as it arrives, so memory does not grow with the files in flight.
 */
export const CONCURRENT_DOWNLOADS = 4

/** The guarded download the copies go through (`lib/outbound.ts`). */
export type AttachmentDownload = Outbound['download']

/** What the attachments phase leaves for the contents: ids by post id, copies' URLs, file counts. */
export interface ImportedAttachments {
  ids: IdMap
  urls: AttachmentUrls
  /** This run's attachments by where their file is: copied into Folio, or left on the WordPress site. */
  files: { copied: number; external: number }
}

/**
 * Attachments (`total` of them) as media. Without `download`, external media records (Folio keeps
 * the URL and never fetches it), one at a time. With it (`copyMedia`), each file is downloaded
 * through the SSRF guard and stored through the upload checks as uploaded media with variants,
 * `CONCURRENT_DOWNLOADS` at a time; a file that cannot be copied (a refused address, an answer
 * other than 2xx, a type Folio does not accept, too large) is a problem, and the attachment an
 * external record as without the option. An attachment an earlier run recorded is not fetched again.
 * The id map is keyed by `wp:post_id`, which is what a post's `_thumbnail_id` names.
 * @throws the run's signal's reason once the items in flight have settled, or a store's failure.
 */
export async function importAttachments(
  run: ImportRun,
  attachments: AsyncIterable<WxrItem>,
  total: number,
  download: AttachmentDownload | undefined,
): Promise<ImportedAttachments> {
  const result: ImportedAttachments = {
    ids: new Map(),
    urls: createAttachmentUrls(),
    files: { copied: 0, external: 0 },
  }
  await run.phase('attachments', total)
  const inFlight = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  let done = 0
  for await (const item of attachments) {
    if (failure !== undefined) break
    const task: Promise<void> = importAttachment(run, item, download, result)
      .then(async (id) => {
        if (id !== undefined && item.postId !== '') result.ids.set(item.postId, id)
        await run.tick(++done)
      })
      .catch((error: unknown) => {
        failure ??= { error }
      })
      .finally(() => inFlight.delete(task))
    inFlight.add(task)
    if (inFlight.size >= (download === undefined ? 1 : CONCURRENT_DOWNLOADS)) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  if (failure !== undefined) throw failure.error
  return result
}

async function importAttachment(
  run: ImportRun,
  item: WxrItem,
  download: AttachmentDownload | undefined,
  result: ImportedAttachments,
): Promise<string | undefined> {
  if (item.status === 'trash' || item.status === 'auto-draft') {
    run.skip(`attachment status ${item.status}`, 1, 'media')
    return undefined
  }
  const key = `attachment:${item.key}`
  const url = item.attachmentUrl.trim()
  const title = clip(item.title, LIMITS.title)
  const altText = clip(item.altText, LIMITS.altText)
  const html = clip(item.html, LIMITS.description)
  const summary = clip(item.summary, LIMITS.description)
  const tenantId = run.target
  const file =
    download === undefined || tenantId === undefined || run.known(key) !== undefined
      ? undefined
      : await fetchFile(run, tenantId, key, url, download)
  /** The Folio URL of the copy this step recorded; null for an external record. */
  let recorded: string | null | undefined
  let step: Awaited<ReturnType<typeof run.apply>>
  try {
    step = await run.apply('media', {
      key,
      kind: 'media',
      create: async (context) => {
        if (file === undefined) {
          // Folio's external media has no caption: the description, else the caption, is kept.
          const description = html || summary
          const media = await run.writers.media.createExternal(context, {
            url,
            ...(title === '' ? {} : { title }),
            ...(altText === '' ? {} : { altText }),
            ...(description === '' ? {} : { description }),
          })
          recorded = null
          return media.id
        }
        const media = await run.writers.mediaUploads.recordFile(context, file, {
          ...(title === '' ? {} : { title }),
          ...(altText === '' ? {} : { altText }),
          ...(summary === '' ? {} : { caption: summary }),
          ...(html === '' ? {} : { description: html }),
        })
        recorded = media.url
        return media.id
      },
    })
  } catch (err) {
    if (file !== undefined) await run.writers.mediaUploads.discardFile(file)
    throw err
  }
  if (step.outcome === 'created' && typeof recorded === 'string') {
    result.files.copied++
    result.urls.add(url, recorded)
    return step.id
  }
  // Not recorded (a tenant limit, or another run recorded the attachment first): the copy goes.
  if (file !== undefined) await run.writers.mediaUploads.discardFile(file)
  if (step.outcome === 'skipped') return undefined
  if (step.outcome === 'created' && run.target !== undefined) result.files.external++
  if (step.outcome === 'existing' && download !== undefined) await rememberCopy(run, url, step.id, result)
  return step.id
}

/** Adds the copy an earlier run made of the file at `url` (media `id`), if it made one. */
async function rememberCopy(
  run: ImportRun,
  url: string,
  id: string | undefined,
  result: ImportedAttachments,
): Promise<void> {
  if (id === undefined) return
  const media = await run.read((context) => run.writers.media.get(context, id))
  if (media?.sourceType === 'upload') result.urls.add(url, media.url)
}

/**
 * Downloads the file at `url` and stores it through the upload checks, or reports why it could not
 * be copied under `key` and resolves undefined (the attachment then stays external). A refused URL
 * (not http(s), credentials) is left to the external record, which reports it. A stop of the run,
 * or a failing store, is thrown.
 */
async function fetchFile(
  run: ImportRun,
  tenantId: string,
  key: string,
  url: string,
  download: AttachmentDownload,
): Promise<StoredFile | undefined> {
  let body: Readable | undefined
  let bodyError: unknown
  try {
    const answer = await download(url, {
      maxBytes: run.writers.mediaUploads.maxUploadBytes,
      ...(run.signal === undefined ? {} : { signal: run.signal }),
    })
    body = answer.body
    body.on('error', (err) => {
      bodyError = err
    })
    return await run.writers.mediaUploads.storeFile(tenantId, {
      body,
      fileName: fileNameOf(answer.url),
    })
  } catch (err) {
    body?.destroy()
    run.signal?.throwIfAborted()
    if (err instanceof OutboundBlockedError && err.reason === 'url') return undefined
    const fromNetwork = body === undefined || bodyError !== undefined
    const refused = err instanceof AppError && err.statusCode < 500
    if (!fromNetwork && !refused) throw err
    run.report(key, `File not copied, kept as external media: ${reasonOf(err)}`)
    return undefined
  }
}

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
