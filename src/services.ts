import { join } from 'node:path'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { createOutbound } from './lib/outbound.js'
import { createSecretBox } from './lib/secrets.js'
import { registerNoticeMail } from './mail/jobs.js'
import type { Mailer } from './mail/mailer.js'
import { createApiTokensService } from './modules/api-tokens/service.js'
import { ACCOUNT_MAIL_JOB, type AccountMailJob } from './modules/auth/account-mail.js'
import { createCredentials } from './modules/auth/credentials.js'
import { createGoogleSignIn } from './modules/auth/google.js'
import { createInvitations, INVITATION_MAIL_JOB, type InvitationMailJob } from './modules/auth/invitations.js'
import { createAuthService } from './modules/auth/service.js'
import { createCategoriesService } from './modules/categories/service.js'
import { createCollectionDefinitionsService } from './modules/collections/definitions-service.js'
import { createCollectionEntriesService } from './modules/collections/entries-service.js'
import { createPublicCollectionsService } from './modules/collections/public-service.js'
import { createEntryReader } from './modules/collections/reader.js'
import {
  type ContentJob,
  PRUNE_VERSIONS_JOB,
  PUBLISH_DUE_JOB,
  PUBLISH_SCHEDULED_JOB,
} from './modules/contents/content-jobs.js'
import { createListTotals } from './modules/contents/list-totals.js'
import { createContentScheduler } from './modules/contents/schedule.js'
import { createContentsService } from './modules/contents/service.js'
import { createTaxonomyIds } from './modules/contents/taxonomy-ids.js'
import { createContentVersionsService } from './modules/contents/versions-service.js'
import { createCustomFieldDefinitions } from './modules/custom-fields/definitions-cache.js'
import { createCustomFieldsService } from './modules/custom-fields/service.js'
import { createFeatureFlagsService } from './modules/feature-flags/service.js'
import { createGeoLookup, createIpHasher } from './modules/forms/client-info.js'
import { createNotifier, NOTIFY_JOB, type NotifyJob } from './modules/forms/notify.js'
import { createPublicFormsService } from './modules/forms/public-service.js'
import { createResponsesService } from './modules/forms/responses-service.js'
import { createFormsService } from './modules/forms/service.js'
import { createCaptchaVerifier, createFormTokens, createSubmissionLimits } from './modules/forms/spam.js'
import { createGalleriesService } from './modules/galleries/service.js'
import {
  createImportsService,
  IMPORT_JOB,
  IMPORT_JOB_OPTIONS,
  type ImportJob,
} from './modules/imports/service.js'
import { createImportSpool } from './modules/imports/spool.js'
import { createMediaFiles } from './modules/media/files.js'
import { registerMediaJobs } from './modules/media/jobs.js'
import { createMediaService } from './modules/media/service.js'
import type { MediaStorage } from './modules/media/storage.js'
import { createMediaUploads } from './modules/media/uploads.js'
import { createMenusService } from './modules/menus/service.js'
import { createDecisions } from './modules/placements/decide.js'
import { createPlacementEvents } from './modules/placements/events.js'
import { createPlacementsService } from './modules/placements/service.js'
import { createQuotaService } from './modules/quotas/service.js'
import { createRoleResolver } from './modules/roles/resolver.js'
import { createRolesService } from './modules/roles/service.js'
import { createTagsService } from './modules/tags/service.js'
import { createTenantSettingsReader } from './modules/tenant-settings/reader.js'
import { createTenantSettingsService } from './modules/tenant-settings/service.js'
import { createMailCounter, createTenantMailer } from './modules/tenant-settings/tenant-mail.js'
import { createTenantDirectory } from './modules/tenants/directory.js'
import { createTenantLifecycleServices } from './modules/tenants/lifecycle-services.js'
import { createTenantsService } from './modules/tenants/service.js'
import { createAccountService } from './modules/users/account-service.js'
import { createMembersService } from './modules/users/members-service.js'
import { createUsersService } from './modules/users/service.js'
import { createWebhooksService, DELIVER_JOB, type DeliverJob } from './modules/webhooks/service.js'
import type { Platform } from './platform.js'
import type { SharedStore } from './store/shared-store.js'

/**
 * The composition root for services: the same objects serve HTTP routes, the WordPress importer and
 * scripts (docs/architecture.md "The composition root"), so there is one write path per resource.
 */
export function createServices(deps: {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  platform: Platform
  /** The configured media store (`createMediaStorage`, loaded before the services). */
  mediaStorage: MediaStorage
}) {
  const { config, store, mailer, platform } = deps
  const db = deps.database.db
  const { bus } = platform
  const events = bus.sink
  const secrets = createSecretBox(config.appSecret, config.appSecretPrevious)
  const settings = createTenantSettingsReader({ db, bus, secrets })
  // Every request to an address a tenant chose goes through this guarded client
  // (docs/decisions/security.md "Outbound requests go through one guarded client").
  const outbound = createOutbound({ allowPrivate: config.outboundAllowPrivate })
  const roles = createRoleResolver({ db, bus })
  const credentials = createCredentials({ db, appSecret: config.appSecret, roles })
  bus.on('api-token.deleted', ({ subjectId }) => {
    if (subjectId !== null) credentials.forgetApiToken(subjectId)
  })
  // Cached API tokens carry their role's permissions and depend on their creator's membership.
  for (const prefix of ['role.', 'member.'])
    bus.on(prefix, ({ tenantId }) => {
      if (tenantId !== null) credentials.forgetTenant(tenantId)
    })
  const auth = createAuthService({
    db,
    config,
    credentials,
    store,
    mailer,
    roles,
    jobs: platform.jobs,
    events,
  })
  registerNoticeMail(platform.jobs, mailer)
  platform.jobs.handle<AccountMailJob>(ACCOUNT_MAIL_JOB, (job) => auth.sendAccountMail(job), {
    retryLimit: 5,
    retryDelaySeconds: 30,
  })
  const google = createGoogleSignIn({
    db,
    config,
    secrets,
    credentials,
    sessions: auth.sessions,
    writeAccount: auth.writeAccount,
    verifyCurrentPassword: auth.verifyCurrentPassword,
    membershipsOf: auth.membershipsOf,
  })
  const users = createUsersService({ db, auth })
  const tenants = createTenantsService({ db, config, sessions: auth.sessions, events, settings, roles })
  const tenantLifecycle = createTenantLifecycleServices({
    db,
    config,
    events,
    auth,
    mailer,
    jobs: platform.jobs,
    roles,
  })
  const apiTokens = createApiTokensService({ db, events, roles })
  const rolesService = createRolesService({ db, events, roles })
  const { mediaStorage } = deps
  const media = createMediaService({ db, events, settings, jobs: platform.jobs })
  const mediaUploads = createMediaUploads({
    db,
    events,
    settings,
    storage: mediaStorage,
    jobs: platform.jobs,
    maxUploadBytes: config.media.maxUploadBytes,
    maxImagePixels: config.media.maxImagePixels,
    presignTtlSeconds: config.media.presignTtlSeconds,
    secret: config.appSecret,
  })
  registerMediaJobs(platform.jobs, mediaStorage, mediaUploads)
  const imports = createImportsService({
    db,
    events,
    jobs: platform.jobs,
    spool: createImportSpool(join(config.dataDir, 'imports'), config.importMaxBytes),
    // Embedded PGlite is this process's alone (in memory, or on disk under the DATA_DIR lock).
    exclusiveDatabase: deps.database.kind === 'pglite',
  })
  platform.jobs.handle<ImportJob>(IMPORT_JOB, imports.run, IMPORT_JOB_OPTIONS)
  const galleries = createGalleriesService({ db, events })
  // A purged tenant's files go with its rows.
  tenantLifecycle.purger.registerCleanup({
    name: 'media-objects',
    run: (tenantId) => mediaStorage.removeTenant(tenantId),
  })
  const listTotals = createListTotals(bus)
  const categories = createCategoriesService({ db, events })
  const tags = createTagsService({ db, events })
  const customFields = createCustomFieldsService({ db, events })
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
    customFields: createCustomFieldDefinitions({ db, bus }),
    jobs: platform.jobs,
    maxVersions: config.contentVersionsMax,
  })
  const contentVersions = createContentVersionsService({
    db,
    events,
    writes: contents,
    maxVersions: config.contentVersionsMax,
  })
  const contentScheduler = createContentScheduler({ db, contents })
  platform.jobs.handle<ContentJob>(PUBLISH_SCHEDULED_JOB, async (job) => {
    await contents.publishScheduled(job.tenantId, job.contentId)
  })
  platform.jobs.handle(PUBLISH_DUE_JOB, async () => {
    await contentScheduler.publishDue()
  })
  platform.jobs.every(PUBLISH_DUE_JOB, '* * * * *')
  platform.jobs.handle<ContentJob>(PRUNE_VERSIONS_JOB, async (job) => {
    await contentVersions.prune(job.tenantId, job.contentId)
  })
  const collectionReader = createEntryReader({ db, timeoutMs: config.publicQueryTimeoutMs })
  const collections = createCollectionDefinitionsService({ db, events })
  const collectionEntries = createCollectionEntriesService({
    db,
    events,
    definitions: collections,
    reader: collectionReader,
  })
  const publicCollections = createPublicCollectionsService({ db, reader: collectionReader })
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
  const invitations = createInvitations({
    db,
    config,
    events,
    mailer: tenantMailer,
    jobs: platform.jobs,
    auth,
  })
  // A tenant's SMTP server that refuses, or its mail limit, delays the invitation; the last retry
  // leaves the job failed, and the admin can re-send the invitation.
  platform.jobs.handle<InvitationMailJob>(INVITATION_MAIL_JOB, (job) => invitations.mailInvitation(job), {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
  })
  const members = createMembersService({ db, events, roles, settings, invitations })
  const account = createAccountService({
    db,
    events,
    auth,
    tenantDeletionGraceMs: config.tenantDeletionGraceMs,
  })
  const featureFlags = createFeatureFlagsService({ db, config, events })
  platform.jobs.handle<NotifyJob>(NOTIFY_JOB, createNotifier({ db, mailer: tenantMailer }), {
    retryLimit: 3,
    retryDelaySeconds: 60,
  })
  const forms = createFormsService({ db, events, settings, captchaConfigured: config.captcha !== undefined })
  const formResponses = createResponsesService({ db, events })
  const publicForms = createPublicFormsService({
    db,
    events,
    settings,
    credentials,
    jobs: platform.jobs,
    tokens: createFormTokens(config.appSecret),
    limits: createSubmissionLimits(store),
    hashIp: createIpHasher(config.appSecret),
    geo: createGeoLookup(config.geoipDatabase),
    verifyCaptcha: createCaptchaVerifier(config.captcha, outbound),
  })
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
    roles,
    rolesService,
    credentials,
    auth,
    google,
    users,
    invitations,
    members,
    account,
    tenants,
    tenantLifecycle,
    apiTokens,
    media,
    mediaUploads,
    imports,
    mediaFiles: createMediaFiles({ db, storage: mediaStorage }),
    /**
     * The media store; `mediaStorage.removeTenant(tenantId)` removes every stored object of a
     * tenant (the tenant purge).
     */
    mediaStorage,
    galleries,
    categories,
    tags,
    menus,
    placements,
    placementDecisions,
    placementEvents,
    contents,
    contentVersions,
    contentScheduler,
    customFields,
    listTotals,
    collections,
    collectionEntries,
    publicCollections,
    activities: platform.activities,
    webhooks,
    forms,
    formResponses,
    publicForms,
  }
}

export type Services = ReturnType<typeof createServices>
