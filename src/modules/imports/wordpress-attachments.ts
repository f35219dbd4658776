import { AppError } from '../../errors.js'
import type { Media, StoredFile } from '../media/index.js'
import { type AttachmentUrls, createAttachmentUrls } from './attachment-urls.js'
import { CONCURRENT_DOWNLOADS, copyFile, type FileDownload } from './media-copies.js'
import { clip, LIMITS } from './wordpress-mapping.js'
import type { ImportRun } from './wordpress-run.js'
import type { IdMap } from './wordpress-steps.js'
import type { WxrItem } from './wxr-parser.js'

/** The guarded download attachment copies go through (`lib/outbound.ts`). */
export type AttachmentDownload = FileDownload

/** What the attachments phase leaves for the contents: ids by post id, copies' URLs, file counts. */
export interface ImportedAttachments {
  ids: IdMap
  /** Every copy of an attachment's file: those of earlier runs and this run's. */
  urls: AttachmentUrls
  /** The copies earlier runs made (what the html of contents they imported may point to). */
  earlier: AttachmentUrls
  /**
   * This run's copies of attachments' files into Folio (new attachments, and those an earlier run
   * left external), and the export's attachments that are external media after this run.
   */
  files: { copied: number; external: number }
}

/**
 * Attachments (`total` of them) as media. Without `download`, external media records (Folio keeps
 * the URL and never fetches it), one at a time. With it (`copyMedia`), each file is downloaded
 * through the SSRF guard and stored through the upload checks as uploaded media with variants,
 * `CONCURRENT_DOWNLOADS` at a time; a file that cannot be copied (a refused address, an answer
 * other than 2xx, a type Folio does not accept, too large) is a problem, and the attachment an
 * external record as without the option. An attachment an earlier run recorded is not created
 * again: its copy is reused, and one left external is copied now in place (with `download`).
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
    earlier: createAttachmentUrls(),
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
      : await fetchFile(run, tenantId, key, url, download, true)
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
  if (step.outcome === 'created') {
    if (run.target !== undefined) result.files.external++
    return step.id
  }
  await settleExisting(run, key, url, step.id, download, result)
  return step.id
}

/**
 * An attachment an earlier run recorded (media `id`): its copy's URL is kept for the html; one left
 * external is copied now with `download` (docs/decisions/imports.md "Failed copies can be
 * retried"), the media becoming an upload in place; otherwise it counts as external.
 */
async function settleExisting(
  run: ImportRun,
  key: string,
  url: string,
  id: string | undefined,
  download: AttachmentDownload | undefined,
  result: ImportedAttachments,
): Promise<void> {
  if (id === undefined) return
  const media = await run.read((context) => run.writers.media.get(context, id))
  if (media === undefined) return
  if (media.sourceType === 'upload') {
    result.urls.add(url, media.url)
    result.earlier.add(url, media.url)
    return
  }
  const tenantId = run.target
  if (download === undefined || tenantId === undefined || media.provider !== null || media.url !== url) {
    result.files.external++
    return
  }
  const file = await fetchFile(run, tenantId, key, url, download, false)
  let copied: Media | undefined
  if (file !== undefined) {
    try {
      await run.amend(key, async (context) => {
        copied = await run.writers.mediaUploads.attachFile(context, id, file)
      })
    } catch (err) {
      // Copied meanwhile (the media library's "Copy into Folio") or deleted: read it again below.
      if (!(err instanceof AppError && err.statusCode < 500)) {
        await run.writers.mediaUploads.discardFile(file)
        throw err
      }
    }
    if (copied === undefined) await run.writers.mediaUploads.discardFile(file)
  }
  const now = copied ?? (await run.read((context) => run.writers.media.get(context, id)))
  if (now?.sourceType !== 'upload') {
    result.files.external++
    return
  }
  result.urls.add(url, now.url)
  if (copied === undefined) {
    result.earlier.add(url, now.url)
    return
  }
  result.files.copied++
  run.counts.media.updated++
}

/**
 * Downloads the file at `url` and stores it through the upload checks (`copyFile`), or reports why
 * it could not be copied under `key` and resolves undefined (the attachment then stays external).
 * A URL Folio never fetches (not http(s), credentials) is left unreported for a `newRecord`: the
 * external record it becomes refuses that URL and reports it. A stop of the run, or a failing
 * store, is thrown.
 */
async function fetchFile(
  run: ImportRun,
  tenantId: string,
  key: string,
  url: string,
  download: AttachmentDownload,
  newRecord: boolean,
): Promise<StoredFile | undefined> {
  const copy = await copyFile({ download, mediaUploads: run.writers.mediaUploads }, tenantId, url, run.signal)
  if ('file' in copy) return copy.file
  if (!(copy.refusedUrl && newRecord)) {
    run.report(key, `File not copied, kept as external media: ${copy.reason}`)
  }
  return undefined
}
