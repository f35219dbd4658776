import { type JobDefinition, job } from '../../family.js'
import { REMOVE_OBJECTS_JOB, type RemoveObjectsJob } from './service.js'
import type { MediaStorage } from './storage.js'
import { type MediaUploads, PRUNE_UPLOADS_JOB } from './uploads.js'
import { MAKE_VARIANTS_JOB, MAKE_VARIANTS_OPTIONS, type MakeVariantsJob } from './variant-jobs.js'

/**
 * The media family's background work: making the variants of registered images and removing the
 * stored objects of deleted media (each queued by its write's transaction) and, hourly, pruning
 * expired upload grants with their unregistered files.
 */
export function mediaJobs(storage: MediaStorage, uploads: MediaUploads): JobDefinition[] {
  return [
    job<RemoveObjectsJob>(REMOVE_OBJECTS_JOB, async (data) => {
      // Keys come from our own rows; still, a job never reaches outside its tenant's prefix.
      await storage.remove(data.keys.filter((key) => key.startsWith(`${data.tenantId}/`)))
    }),
    job<MakeVariantsJob>(MAKE_VARIANTS_JOB, uploads.makeVariants, MAKE_VARIANTS_OPTIONS),
    job(
      PRUNE_UPLOADS_JOB,
      async () => {
        await uploads.pruneUploads()
      },
      { every: '41 * * * *' },
    ),
  ]
}
