import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { createOutbound } from './lib/outbound.js'
import { createSecretBox } from './lib/secrets.js'
import type { Mailer } from './mail/mailer.js'
import { createApiTokensService } from './modules/api-tokens/service.js'
import { createCredentials } from './modules/auth/credentials.js'
import { createAuthService } from './modules/auth/service.js'
import { createCategoriesService } from './modules/categories/service.js'
import { createListTotals } from './modules/contents/list-totals.js'
import { createContentsService } from './modules/contents/service.js'
import { createTaxonomyIds } from './modules/contents/taxonomy-ids.js'
import { createFeatureFlagsService } from './modules/feature-flags/service.js'
import { createMediaService } from './modules/media/service.js'
import { createMenusService } from './modules/menus/service.js'
import { createDecisions } from './modules/placements/decide.js'
import { createPlacementEvents } from './modules/placements/events.js'
import { createPlacementsService } from './modules/placements/service.js'
import { createQuotaService } from './modules/quotas/service.js'
import { createTagsService } from './modules/tags/service.js'
import { createTenantSettingsReader } from './modules/tenant-settings/reader.js'
import { createTenantSettingsService } from './modules/tenant-settings/service.js'
import { createMailCounter, createTenantMailer } from './modules/tenant-settings/tenant-mail.js'
import { createTenantDirectory } from './modules/tenants/directory.js'
import { createTenantsService } from './modules/tenants/service.js'
import { createUsersService } from './modules/users/service.js'
import { createWebhooksService, DELIVER_JOB, type DeliverJob } from './modules/webhooks/service.js'
import type { Platform } from './platform.js'
import type { SharedStore } from './store/shared-store.js'

/**
 * The composition root for services: the same objects serve HTTP routes, the WordPress importer
 * and scripts (style.md example 4), so there is one write path per resource.
 */
export function createServices(deps: {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  platform: Platform
}) {
  const { config, store, mailer, platform } = deps
  const db = deps.database.db
  const { bus } = platform
  const events = bus.sink
  const secrets = createSecretBox(config.appSecret, config.appSecretPrevious)
  const settings = createTenantSettingsReader({ db, bus, secrets })
  // Every request to an address a tenant chose goes through this guarded client (platform.md §5).
  const outbound = createOutbound({ allowPrivate: config.outboundAllowPrivate })
  const credentials = createCredentials({ db, appSecret: config.appSecret })
  bus.on('api-token.deleted', ({ subjectId }) => {
    if (subjectId !== null) credentials.forgetApiToken(subjectId)
  })
  const auth = createAuthService({ db, config, credentials, store, mailer })
  const users = createUsersService({ db, auth, events })
  const tenants = createTenantsService({ db, config, sessions: auth.sessions, events, settings })
  const apiTokens = createApiTokensService({ db, events })
  const media = createMediaService({ db, events, settings })
  const listTotals = createListTotals(bus)
  const categories = createCategoriesService({ db, events })
  const tags = createTagsService({ db, events })
  const menus = createMenusService({ db, events })
  const placements = createPlacementsService({ db, events })
  const placementDecisions = createDecisions({ db })
  const placementEvents = createPlacementEvents({ db, appSecret: config.appSecret })
  const contents = createContentsService({
    db,
    events,
    listTotals,
    taxonomyIds: createTaxonomyIds(bus),
    settings,
  })
  const webhooks = createWebhooksService({
    db,
    jobs: platform.jobs,
    settings,
    outbound,
    sink: platform.bus.sink,
    retryDelaysSeconds: config.webhookRetryDelaysSeconds,
  })
  platform.consume(webhooks.consumer)
  // An attempt records its own HTTP failures and queues its retries; the runner's retries only
  // cover a crash or a database failure while recording (the receiver may then see it twice, as
  // Standard Webhooks allows: it drops duplicates by webhook-id).
  platform.jobs.handle<DeliverJob>(DELIVER_JOB, (job) => webhooks.attempt(job), {
    retryLimit: 3,
    retryDelaySeconds: 30,
  })
  const tenantSettings = createTenantSettingsService({ db, sink: events, secrets, outbound })
  const tenantMailer = createTenantMailer({
    settings,
    platformMailer: mailer,
    outbound,
    counter: createMailCounter(store),
  })
  const featureFlags = createFeatureFlagsService({ db, config })
  const tenantDirectory = createTenantDirectory({ db, bus })
  const quota = createQuotaService({
    meter: platform.meter,
    usage: platform.usage,
    tenants: tenantDirectory,
    settings,
    bus,
  })
  return {
    events,
    secrets,
    settings,
    tenantSettings,
    tenantMailer,
    featureFlags,
    /** The SSRF-guarded outbound client (close it with the app). */
    outbound,
    tenantDirectory,
    quota,
    credentials,
    auth,
    users,
    tenants,
    apiTokens,
    media,
    categories,
    tags,
    menus,
    placements,
    placementDecisions,
    placementEvents,
    contents,
    listTotals,
    activities: platform.activities,
    webhooks,
  }
}

export type Services = ReturnType<typeof createServices>
