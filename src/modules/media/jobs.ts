import type { JobRunner } from '../../jobs/runner.js'
import { REMOVE_OBJECTS_JOB, type RemoveObjectsJob } from './service.js'
import type { MediaStorage } from './storage.js'
import { type MediaUploads, PRUNE_UPLOADS_JOB } from './uploads.js'

/**
 * The media family's background work: removing the stored objects of deleted media (queued by the
 * delete's transaction) and, hourly, pruning expired upload grants with their unregistered files.
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
  jobs.handle(PRUNE_UPLOADS_JOB, async () => {
    await uploads.pruneUploads()
  })
  jobs.every(PRUNE_UPLOADS_JOB, '41 * * * *')
}
