import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { Family, Kernel } from './family.js'
import { createOutbound } from './lib/outbound.js'
import { createSecretBox } from './lib/secrets.js'
import { createWorkerPool } from './lib/worker-pool.js'
import { noticeMailJob } from './mail/jobs.js'
import type { Mailer } from './mail/mailer.js'
import { accountFamily } from './modules/account/index.js'
import { activitiesFamily } from './modules/activities/index.js'
import { apiTokensFamily, apiTokenUse } from './modules/api-tokens/index.js'
import { authFamily } from './modules/auth/index.js'
import { categoriesFamily } from './modules/categories/index.js'
import { collectionsFamily } from './modules/collections/index.js'
import { contentsFamily } from './modules/contents/index.js'
import { customFieldsFamily } from './modules/custom-fields/index.js'
import { featureFlagsFamily } from './modules/feature-flags/index.js'
import { formsFamily } from './modules/forms/index.js'
import { galleriesFamily } from './modules/galleries/index.js'
import { healthFamily } from './modules/health/index.js'
import { importsFamily } from './modules/imports/index.js'
import type { MediaStorage } from './modules/media/index.js'
import { mediaFamily } from './modules/media/index.js'
import { membersFamily, roleHolders } from './modules/members/index.js'
import { menusFamily } from './modules/menus/index.js'
import { outboxFamily } from './modules/outbox/index.js'
import { placementsFamily } from './modules/placements/index.js'
import { quotasFamily } from './modules/quotas/index.js'
import { rolesFamily } from './modules/roles/index.js'
import { tagsFamily } from './modules/tags/index.js'
import { tenantSettingsFamily } from './modules/tenant-settings/index.js'
import { tenantsFamily } from './modules/tenants/index.js'
import { webhooksFamily } from './modules/webhooks/index.js'
import type { Platform } from './platform.js'
import type { SharedStore } from './store/shared-store.js'

/** A worker thread without a task for a minute ends: a busy editor's saves do not start one each. */
const WORKER_IDLE_MS = 60_000
/** Tasks waiting for a thread at most (each holds its input); one more is answered 503 at once. */
const WORKER_MAX_QUEUE = 64
/** A worker's old-generation heap: sanitizing the longest html of any shape fits in half of it. */
const WORKER_HEAP_MB = 64

/**
 * The composition root (docs/architecture.md "The composition root"): builds every family once, in
 * dependency order, from the kernel and the services of the families before it. The same objects
 * serve HTTP routes, jobs, the WordPress importer and the command-line tools, so there is one
 * write path per resource. Returns the families (what `wireFamilies` and `buildApp` loop over) and
 * their services merged by name (route options, `app.folio.services` in tests).
 */
export function createFamilies(deps: {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  platform: Platform
  /** The configured media store (`createMediaStorage`, loaded before the families). */
  mediaStorage: MediaStorage
}) {
  const { config, platform } = deps
  const kernel: Kernel = {
    config,
    database: deps.database,
    db: deps.database.db,
    store: deps.store,
    mailer: deps.mailer,
    platform,
    events: platform.bus.sink,
    secrets: createSecretBox(config.appSecret, config.appSecretPrevious),
    // Every request to an address a tenant chose goes through this guarded client
    // (docs/decisions/security.md "Outbound requests go through one guarded client").
    outbound: createOutbound({ allowPrivate: config.outboundAllowPrivate }),
    // Nothing starts before the first task (docs/decisions/configuration.md "Worker threads").
    workers: createWorkerPool({
      maxThreads: config.workerThreads,
      timeLimitMs: config.workerTaskTimeoutMs,
      idleTimeoutMs: WORKER_IDLE_MS,
      maxQueue: WORKER_MAX_QUEUE,
      maxHeapMb: WORKER_HEAP_MB,
    }),
  }
  const health = healthFamily(kernel)
  // Members, which owns the memberships holding a role, depends on roles: roles gets its function.
  const roles = rolesFamily(kernel, { holders: roleHolders })
  const tenantSettings = tenantSettingsFamily(kernel)
  const { settings, tenantMailer } = tenantSettings.services
  const auth = authFamily(kernel, { roles: roles.services.roles, recordApiTokenUse: apiTokenUse(kernel.db) })
  const { credentials } = auth.services
  const account = accountFamily(kernel, { auth: auth.services.auth })
  const members = membersFamily(kernel, {
    auth: auth.services.auth,
    credentials,
    roles: roles.services.roles,
    settings,
    tenantMailer,
  })
  const tenants = tenantsFamily(kernel, {
    auth: auth.services.auth,
    roles: roles.services.roles,
    settings,
    tenantMailer,
  })
  const featureFlags = featureFlagsFamily(kernel)
  const outbox = outboxFamily(kernel)
  const apiTokens = apiTokensFamily(kernel, { roles: roles.services.roles })
  const customFields = customFieldsFamily(kernel)
  const categories = categoriesFamily(kernel)
  const tags = tagsFamily(kernel)
  const media = mediaFamily(kernel, {
    settings,
    storage: deps.mediaStorage,
    tenants: tenants.services.tenantDirectory,
  })
  const galleries = galleriesFamily(kernel, { media: media.services.media })
  const contents = contentsFamily(kernel, {
    settings,
    media: media.services.media,
    customFieldDefinitions: customFields.services.customFieldDefinitions,
  })
  const collections = collectionsFamily(kernel, {
    media: media.services.media,
    html: contents.services.htmlSanitizer,
  })
  const menus = menusFamily(kernel)
  const placements = placementsFamily(kernel, { media: media.services.media })
  const activities = activitiesFamily(kernel)
  const webhooks = webhooksFamily(kernel, { settings })
  const forms = formsFamily(kernel, { settings, tenantMailer, credentials })
  const quotas = quotasFamily(kernel, { settings, tenants: tenants.services.tenantDirectory })
  const imports = importsFamily(kernel, {
    writers: {
      categories: categories.services.categories,
      tags: tags.services.tags,
      media: media.services.media,
      mediaUploads: media.services.mediaUploads,
      contents: contents.services.contents,
      htmlSanitizer: contents.services.htmlSanitizer,
      menus: menus.services.menus,
    },
  })

  const families: readonly Family[] = [
    health,
    auth,
    members,
    account,
    tenants,
    tenantSettings,
    featureFlags,
    outbox,
    roles,
    apiTokens,
    contents,
    customFields,
    categories,
    tags,
    media,
    galleries,
    collections,
    menus,
    placements,
    activities,
    webhooks,
    forms,
    quotas,
    imports,
  ]
  const services = {
    events: kernel.events,
    secrets: kernel.secrets,
    /** The SSRF-guarded outbound client (closed with the app). */
    outbound: kernel.outbound,
    /** The worker threads (closed with the app). */
    workers: kernel.workers,
    ...health.services,
    ...roles.services,
    ...tenantSettings.services,
    ...auth.services,
    ...account.services,
    ...members.services,
    ...tenants.services,
    ...featureFlags.services,
    ...outbox.services,
    ...apiTokens.services,
    ...customFields.services,
    ...categories.services,
    ...tags.services,
    ...media.services,
    ...galleries.services,
    ...contents.services,
    ...collections.services,
    ...menus.services,
    ...placements.services,
    ...activities.services,
    ...webhooks.services,
    ...forms.services,
    ...quotas.services,
    ...imports.services,
  }
  return { families, services }
}

export type Services = ReturnType<typeof createFamilies>['services']

/**
 * Hands the platform what the families declare (call once, before `platform.start`): job handlers
 * and schedules, outbox consumers, cache listeners, and the tenant purge's cleanups.
 */
export function wireFamilies(
  platform: Platform,
  families: readonly Family[],
  purger: { registerCleanup(cleanup: { name: string; run(tenantId: string): Promise<void> }): void },
  mailer: Mailer,
): void {
  const jobs = [
    noticeMailJob(mailer),
    ...platform.ownJobs,
    ...families.flatMap((family) => family.jobs ?? []),
  ]
  for (const job of jobs) {
    platform.jobs.handle(job.name, job.handler, job.options)
    if (job.every !== undefined) platform.jobs.every(job.name, job.every)
  }
  for (const family of families) {
    for (const consumer of family.consumers ?? []) platform.consume(consumer)
    for (const { prefix, listener } of family.cacheListeners ?? []) platform.bus.on(prefix, listener)
    if (family.cacheResync) platform.bus.onResync(family.cacheResync)
    for (const cleanup of family.purgeCleanups ?? []) purger.registerCleanup(cleanup)
  }
}
