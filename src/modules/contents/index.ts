import { createListTotals } from '../../events/list-totals.js'
import { type Family, job, type Kernel, mount } from '../../family.js'
import type { Credentials } from '../auth/index.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import type { GalleriesService } from '../galleries/index.js'
import type { MediaService } from '../media/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import {
  type ContentJob,
  PRUNE_VERSIONS_JOB,
  PUBLISH_DUE_JOB,
  PUBLISH_SCHEDULED_JOB,
} from './content-jobs.js'
import { contentDraftsRoutes } from './drafts-routes.js'
import { contentsPublishingMedia, contentsShowingMedia } from './media-usage.js'
import { contentPreviewRoutes } from './preview-routes.js'
import { createPreviewTokens, PREVIEW_TOKENS_SWEEP_JOB } from './preview-tokens.js'
import { publicContentsRoutes } from './public-routes.js'
import { createPublicContentsService } from './public-service.js'
import { contentsRoutes } from './routes.js'
import { createHtmlSanitizer } from './sanitize.js'
import { createContentScheduler } from './schedule.js'
import { createContentsService } from './service.js'
import { CONTENTS_CHANGING_EVENTS, createTaxonomyIds } from './taxonomy-ids.js'
import { contentTranslationsRoutes } from './translations-routes.js'
import { contentVersionsRoutes } from './versions-routes.js'
import { createContentVersionsService } from './versions-service.js'

export { contentLinkWrites } from './link-writes.js'
export type { PreviewTokens } from './preview-tokens.js'
export { HTML_MAX_DEPTH, HTML_MAX_LENGTH, type HtmlSanitizer, type SanitizedHtml } from './sanitize.js'
export type { Content, ContentStatus, CreateContentInput } from './schemas.js'
export type { ContentsService, WriteOptions } from './service.js'
export { visibleStatuses } from './service.js'

/**
 * Contents (API contract: `/api/contents`, `/api/public/contents`): articles, pages with their taxonomy, custom fields and
 * versions, drafts of published contents, draft preview tokens, scheduled publishing, and version pruning.
 */
export function contentsFamily(
  kernel: Kernel,
  deps: {
    settings: TenantSettingsReader
    customFieldDefinitions: CustomFieldDefinitions
    media: MediaService
    /** Translations copy their source's galleries (absent: they start without). */
    galleries?: Pick<GalleriesService, 'linkContent'>
    /** Whether a preview token's creator still may preview (the auth family's credentials). */
    credentials: Pick<Credentials, 'membershipRole' | 'rolePermissions' | 'apiTokenPermissions'>
  },
) {
  const { db, config, platform } = kernel
  deps.media.usedIn(contentsShowingMedia)
  deps.media.publishedIn(contentsPublishingMedia)
  const listTotals = createListTotals(platform.bus, {
    dropOn: CONTENTS_CHANGING_EVENTS,
    enabled: !platform.deliveryCache.shared,
  })
  const taxonomyIds = createTaxonomyIds(platform.bus)
  // Collections' rich text is sanitized by the same rules (and threads).
  const htmlSanitizer = createHtmlSanitizer(kernel.workers)
  const contents = createContentsService({
    db,
    events: kernel.events,
    html: htmlSanitizer,
    listTotals,
    taxonomyIds,
    settings: deps.settings,
    customFields: deps.customFieldDefinitions,
    jobs: platform.jobs,
    galleries: deps.galleries,
    maxVersions: config.contentVersionsMax,
  })
  const contentVersions = createContentVersionsService({
    db,
    events: kernel.events,
    writes: contents,
    maxVersions: config.contentVersionsMax,
  })
  const contentScheduler = createContentScheduler({ db, contents })
  const publicContents = createPublicContentsService({
    db,
    listTotals,
    taxonomyIds,
    customFields: deps.customFieldDefinitions,
  })
  const previewTokens = createPreviewTokens({ db, settings: deps.settings, access: deps.credentials })
  return {
    name: 'contents',
    services: { contents, contentVersions, contentScheduler, publicContents, htmlSanitizer, previewTokens },
    adminRoutes: [
      mount(contentsRoutes, { prefix: '/api/contents', service: contents }),
      mount(contentDraftsRoutes, { prefix: '/api/contents', service: contents }),
      mount(contentTranslationsRoutes, { prefix: '/api/contents', service: contents }),
      mount(contentVersionsRoutes, { prefix: '/api/contents', service: contentVersions }),
      mount(contentPreviewRoutes, { prefix: '/api/contents', service: previewTokens }),
    ],
    publicRoutes: [publicContentsRoutes(publicContents)],
    jobs: [
      // One job for both schedules: each finds nothing due when the job is the other's.
      job<ContentJob>(PUBLISH_SCHEDULED_JOB, async (data) => {
        if (!(await contents.publishScheduled(data.tenantId, data.contentId))) {
          await contents.publishScheduledDraft(data.tenantId, data.contentId)
        }
      }),
      job(
        PUBLISH_DUE_JOB,
        async () => {
          await contentScheduler.publishDue()
        },
        { every: '* * * * *' },
      ),
      job<ContentJob>(PRUNE_VERSIONS_JOB, async (data) => {
        await contentVersions.prune(data.tenantId, data.contentId)
      }),
      job(
        PREVIEW_TOKENS_SWEEP_JOB,
        async () => {
          await previewTokens.sweep()
        },
        { every: '17 * * * *' },
      ),
    ],
  } satisfies Family
}
