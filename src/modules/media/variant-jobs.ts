import { systemContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import type { VariantsStatus } from '../../db/schema/index.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { JobHandlerOptions } from '../../jobs/runner.js'
import { mediaFacts, toMedia } from './records.js'
import { createMediaRepository, type MediaValues } from './repository.js'
import type { MediaStorage } from './storage.js'
import { renderVariants, UnrenderableImageError } from './variants.js'

/** The job making an uploaded image's variants, queued by its registration's transaction. */
export const MAKE_VARIANTS_JOB = 'media.make-variants'
export interface MakeVariantsJob {
  tenantId: string
  mediaId: string
}

/**
 * Retries of a failing attempt (a store that does not answer): three, 10 s, 20 s and 40 s apart. An
 * attempt running beyond ten minutes (a crashed worker) is retried too. pg-boss's worker runs one
 * job of a queue at a time per instance, so at most one image is decoded at once on each instance.
 */
export const MAKE_VARIANTS_OPTIONS = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 600,
} as const satisfies JobHandlerOptions

/**
 * The variants job's handler: renders the variants of the media `mediaId` (still pending; a media
 * deleted meanwhile is left alone, and variants written for it removed) and records them, with its
 * measured size and `thumbnailUrl`, as `variantsStatus: ready`, emitting `media.updated`. An image
 * that cannot be rendered (undecodable, beyond `maxImagePixels`) is recorded `failed` at once; any
 * other failure is thrown for pg-boss to retry, and recorded `failed` when it was the last attempt.
 */
export function createVariantJob(deps: {
  db: Db
  events: EventSink
  storage: MediaStorage
  maxImagePixels: number
}) {
  const { db, storage } = deps
  const write = transactional(db, deps.events)

  /** Records the outcome on the media when it is still pending; false when it is gone or settled. */
  const settle = (job: MakeVariantsJob, values: Partial<MediaValues> & { variantsStatus: VariantsStatus }) =>
    write(systemContext(job.tenantId, 'media-variants'), async (tx, emit) => {
      const repository = createMediaRepository(tx)
      const row = await repository.updatePendingVariants(job.tenantId, job.mediaId, values)
      if (row === undefined) return false
      emit({
        type: 'media.updated',
        subjectId: row.id,
        payload: { ...mediaFacts(toMedia(row)), changed: Object.keys(values) },
      })
      return true
    })

  return async (job: MakeVariantsJob, attempt: { retryCount: number }): Promise<void> => {
    const row = await createMediaRepository(db).findById(job.tenantId, job.mediaId)
    if (row?.variantsStatus !== 'pending' || row.key === null || row.folder === null || row.mimeType === null)
      return
    let rendered: Awaited<ReturnType<typeof renderVariants>>
    try {
      rendered = await renderVariants(storage, row.folder, row.key, row.mimeType, deps.maxImagePixels)
    } catch (err) {
      if (err instanceof UnrenderableImageError || attempt.retryCount >= MAKE_VARIANTS_OPTIONS.retryLimit) {
        await settle(job, { variantsStatus: 'failed' })
      }
      if (err instanceof UnrenderableImageError) return
      throw err
    }
    const settled = await settle(job, {
      variantsStatus: 'ready',
      variants: rendered.variants,
      width: rendered.width,
      height: rendered.height,
      thumbnailUrl: rendered.variants.find((variant) => variant.name === 'thumbnail')?.url ?? null,
    })
    if (!settled) await storage.remove(rendered.variants.map((variant) => variant.key))
  }
}
