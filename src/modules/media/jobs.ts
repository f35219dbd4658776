import type { JobRunner } from '../../jobs/runner.js'
import { REMOVE_OBJECTS_JOB, type RemoveObjectsJob } from './service.js'
import type { MediaStorage } from './storage.js'
import { type MediaUploads, PRUNE_UPLOADS_JOB } from './uploads.js'
import { MAKE_VARIANTS_JOB, MAKE_VARIANTS_OPTIONS, type MakeVariantsJob } from './variant-jobs.js'

/**
 * The media family's background work: making the variants of registered images and removing the
 * stored objects of deleted media (each queued by its write's transaction) and, hourly, pruning
 * expired upload grants with their unregistered files.
 */
export function registerMediaJobs(
  jobs: Pick<JobRunner, 'handle' | 'every'>,
  storage: MediaStorage,
  uploads: MediaUploads,
) {
  jobs.handle<RemoveObjectsJob>(REMOVE_OBJECTS_JOB, async (job) => {
    // Keys come from our own rows; still, a job never reaches outside its tenant's prefix.
    await storage.remove(job.keys.filter((key) => key.startsWith(`${job.tenantId}/`)))
  })
  jobs.handle<MakeVariantsJob>(MAKE_VARIANTS_JOB, uploads.makeVariants, MAKE_VARIANTS_OPTIONS)
  jobs.handle(PRUNE_UPLOADS_JOB, async () => {
    await uploads.pruneUploads()
  })
  jobs.every(PRUNE_UPLOADS_JOB, '41 * * * *')
}
