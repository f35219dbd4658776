import type { Db } from '../../db/client.js'
import type { EventSink } from '../../events/event-log.js'
import type { ListTotals } from '../../events/list-totals.js'
import type { JobRunner } from '../../jobs/runner.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import type { GalleriesService } from '../galleries/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { HtmlSanitizer } from './sanitize.js'
import { createContentDrafts } from './service-drafts.js'
import { createContentReads } from './service-reads.js'
import { createContentWrites } from './service-writes.js'
import type { TaxonomyIds } from './taxonomy-ids.js'

export { visibleStatuses } from './service-reads.js'
export type { WriteOptions } from './service-writes.js'

/**
 * The contents service: reads (service-reads.ts), writes (service-writes.ts) and drafts of
 * published contents (service-drafts.ts) over one set of
 * dependencies. Only `db`, `events` and `html` are required: tests build it on a transaction with
 * nothing else (no caches, no limits, no jobs: the publish-due sweep publishes what it schedules).
 */
export function createContentsService(deps: {
  db: Db
  events: EventSink
  /** Sanitizes the html of every write, off the event loop (`sanitize.ts`). */
  html: HtmlSanitizer
  listTotals?: ListTotals
  taxonomyIds?: TaxonomyIds
  /**
   * Tenant settings: `limits.entries`, `features.contentScheduling` (absent: neither applies) and
   * `locales` (absent: one locale, `en`).
   */
  settings?: TenantSettingsReader
  customFields?: CustomFieldDefinitions
  jobs?: Pick<JobRunner, 'send'>
  /** Links translations to their source's galleries (absent: translations start without). */
  galleries?: Pick<GalleriesService, 'linkContent'> | undefined
  /** Live versions kept per content (default 100). */
  maxVersions?: number
  /** The clock of the status rules and the scheduler (tests move it). */
  now?: () => Date
}) {
  const writes = createContentWrites(deps)
  return { ...createContentReads(deps), ...writes, ...createContentDrafts({ ...deps, writes }) }
}

export type ContentsService = ReturnType<typeof createContentsService>
