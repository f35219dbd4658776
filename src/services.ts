import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { assembleFamilies, type Family, type Kernel } from './family.js'
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
import { liveFamily } from './modules/live/index.js'
import type { MediaStorage } from './modules/media/index.js'
import { mediaFamily } from './modules/media/index.js'
import { membersFamily, roleHolders } from './modules/members/index.js'
import { menusFamily } from './modules/menus/index.js'
import { outboxFamily } from './modules/outbox/index.js'
import { placementsFamily } from './modules/placements/index.js'
import { portabilityFamily } from './modules/portability/index.js'
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
 * write path per resource. Returns the families in that order (what `wireFamilies` and `buildApp`
 * loop over) and their services merged by name (route options, `app.folio.services` in tests); two
 * families naming a service alike fail here, at start.
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
  const { config, platform, mediaStorage } = deps
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
  // One line a family, in dependency order: each takes what it needs from the services above it.
  const { families, services } = assembleFamilies(kernel, {
    events: kernel.events,
    secrets: kernel.secrets,
    /** The SSRF-guarded outbound client (closed with the app). */
    outbound: kernel.outbound,
    /** The worker threads (closed with the app). */
    workers: kernel.workers,
  })
    .add(healthFamily)
    // Members, which owns the memberships holding a role, depends on roles: roles gets its function.
    .add((k) => rolesFamily(k, { holders: roleHolders }))
    .add(tenantSettingsFamily)
    .add((k, { roles }) => authFamily(k, { roles, recordApiTokenUse: apiTokenUse(k.db) }))
    .add((k, { auth }) => accountFamily(k, { auth }))
    .add((k, s) => membersFamily(k, pick(s, 'auth', 'credentials', 'roles', 'settings', 'tenantMailer')))
    .add((k, s) => tenantsFamily(k, pick(s, 'auth', 'roles', 'settings', 'tenantMailer')))
    .add(featureFlagsFamily)
    .add(outboxFamily)
    .add((k, { roles }) => apiTokensFamily(k, { roles }))
    .add(customFieldsFamily)
    .add((k, { settings }) => categoriesFamily(k, { settings }))
    .add((k, { settings }) => tagsFamily(k, { settings }))
    .add((k, s) =>
      mediaFamily(k, { settings: s.settings, tenants: s.tenantDirectory, storage: mediaStorage }),
    )
    .add((k, { media }) => galleriesFamily(k, { media }))
    .add((k, s) =>
      contentsFamily(k, pick(s, 'settings', 'media', 'customFieldDefinitions', 'galleries', 'credentials')),
    )
    .add((k, s) => collectionsFamily(k, { media: s.media, html: s.htmlSanitizer, settings: s.settings }))
    .add((k, { settings }) => menusFamily(k, { settings }))
    .add((k, { media }) => placementsFamily(k, { media }))
    .add(activitiesFamily)
    .add((k, { settings }) => webhooksFamily(k, { settings }))
    .add((k, s) => formsFamily(k, pick(s, 'settings', 'tenantMailer', 'credentials')))
    .add((k, s) => quotasFamily(k, { settings: s.settings, tenants: s.tenantDirectory }))
    .add(liveFamily)
    .add((k, s) =>
      importsFamily(k, {
        writers: pick(
          s,
          'categories',
          'tags',
          'media',
          'mediaUploads',
          'contents',
          'htmlSanitizer',
          'menus',
          'tenantSettings',
        ),
      }),
    )
    .add((k, { roles }) => portabilityFamily(k, { storage: mediaStorage, roles }))
  return { families, services }
}

/** The services of `services` named in `names`: what a family takes of those built before it. */
function pick<S extends object, K extends keyof S>(services: S, ...names: K[]): Pick<S, K> {
  return Object.fromEntries(names.map((name) => [name, services[name]])) as Pick<S, K>
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
