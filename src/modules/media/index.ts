import { type Family, type Kernel, mount } from '../../family.js'
import { createExternalMediaCopier } from '../imports/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { mediaFileRoutes } from './file-routes.js'
import { createMediaFiles, type MediaFilesDeps } from './files.js'
import { mediaJobs } from './jobs.js'
import { mediaRoutes } from './routes.js'
import { createMediaService } from './service.js'
import type { MediaStorage } from './storage.js'
import { createMediaUploads } from './uploads.js'

export { createMediaStorage } from './drivers.js'
export { existingMediaIds, toMedia } from './records.js'
export type { MediaRow } from './repository.js'
export { type Media, MediaSchema, type MediaUsage } from './schemas.js'
export type { MediaReferrer, MediaService, MediaUsageFinder, PublishedMediaCheck } from './service.js'
export type { MediaStorage } from './storage.js'
export type { FileMetadata, MediaUploads, StoredFile } from './uploads.js'
export { MAKE_VARIANTS_JOB, type MakeVariantsJob } from './variant-jobs.js'

/**
 * Media (API contract: `/api/media`, the served files): records, presigned uploads with their
 * variants, external media, and the stored objects (removed with a purged tenant).
 */
export function mediaFamily(
  kernel: Kernel,
  deps: {
    settings: TenantSettingsReader
    storage: MediaStorage
    /** The tenant directory (`tenants` family): files of a tenant that is not live are not served. */
    tenants: MediaFilesDeps['tenants']
  },
) {
  const { db, config, platform } = kernel
  const { storage } = deps
  const media = createMediaService({
    db,
    events: kernel.events,
    settings: deps.settings,
    jobs: platform.jobs,
  })
  const mediaUploads = createMediaUploads({
    db,
    events: kernel.events,
    settings: deps.settings,
    storage,
    jobs: platform.jobs,
    maxUploadBytes: config.media.maxUploadBytes,
    maxImagePixels: config.media.maxImagePixels,
    presignTtlSeconds: config.media.presignTtlSeconds,
    secret: config.appSecret,
  })
  const mediaFiles = createMediaFiles({
    db,
    storage,
    tenants: deps.tenants,
    settings: deps.settings,
    shownPublicly: media.shownPublicly,
  })
  return {
    name: 'media',
    services: {
      media,
      mediaUploads,
      mediaFiles,
      /** `mediaStorage.removeTenant(tenantId)` removes every stored object of a tenant. */
      mediaStorage: storage,
    },
    pages: [mount(mediaFileRoutes, { uploads: mediaUploads, files: mediaFiles })],
    adminRoutes: [
      mount(mediaRoutes, {
        prefix: '/api/media',
        service: media,
        uploads: mediaUploads,
        // The WordPress importer's copy code, so a file copied later meets the same rules.
        copier: createExternalMediaCopier({ download: kernel.outbound.download, media, mediaUploads }),
      }),
    ],
    jobs: mediaJobs(storage, mediaUploads),
    // A purged tenant's files go with its rows.
    purgeCleanups: [{ name: 'media-objects', run: (tenantId) => storage.removeTenant(tenantId) }],
  } satisfies Family
}
