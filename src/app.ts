import cookie from '@fastify/cookie'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { authPlugin } from './http/auth.js'
import { registerDocs } from './http/docs.js'
import { failureOf, registerErrorHandler, renderFrameworkError } from './http/error-handler.js'
import { registerJsonBodyParser } from './http/json-body.js'
import { loggerOptions } from './http/logging.js'
import { publicApi } from './http/public.js'
import { quotaPlugin } from './http/quota.js'
import { registerRouteContract } from './http/route-contract.js'
import { createValidatorCompiler } from './http/validation.js'
import type { Mailer } from './mail/mailer.js'
import { accountRoutes } from './modules/account/routes.js'
import { activitiesRoutes } from './modules/activities/routes.js'
import { apiTokensRoutes } from './modules/api-tokens/routes.js'
import { googleRoutes } from './modules/auth/google-routes.js'
import { invitationRoutes } from './modules/auth/invitation-routes.js'
import { authRoutes } from './modules/auth/routes.js'
import { categoriesRoutes } from './modules/categories/routes.js'
import { collectionDefinitionsRoutes } from './modules/collections/definitions-routes.js'
import { collectionEntriesRoutes } from './modules/collections/entries-routes.js'
import { publicCollectionsRoutes } from './modules/collections/public-routes.js'
import { contentsRoutes } from './modules/contents/routes.js'
import { contentVersionsRoutes } from './modules/contents/versions-routes.js'
import { customFieldsRoutes } from './modules/custom-fields/routes.js'
import { featureFlagsRoutes } from './modules/feature-flags/routes.js'
import { publicFormsRoutes } from './modules/forms/public-routes.js'
import { responsesRoutes } from './modules/forms/responses-routes.js'
import { formsRoutes } from './modules/forms/routes.js'
import { contentGalleriesRoutes, galleriesRoutes } from './modules/galleries/routes.js'
import { healthRoutes } from './modules/health/routes.js'
import { importsRoutes } from './modules/imports/routes.js'
import { mediaFileRoutes } from './modules/media/file-routes.js'
import { mediaRoutes } from './modules/media/routes.js'
import { createMediaStorage } from './modules/media/storage.js'
import { menusPublicRoutes } from './modules/menus/public-routes.js'
import { menusRoutes } from './modules/menus/routes.js'
import { placementsPublicRoutes } from './modules/placements/public-routes.js'
import { placementsRoutes } from './modules/placements/routes.js'
import { quotaRoutes } from './modules/quotas/routes.js'
import { rolesRoutes } from './modules/roles/routes.js'
import { tagsRoutes } from './modules/tags/routes.js'
import { tenantSettingsRoutes } from './modules/tenant-settings/routes.js'
import { tenantsRoutes } from './modules/tenants/routes.js'
import { accountDeletionRoutes, membershipsRoutes } from './modules/users/account-routes.js'
import { membersRoutes } from './modules/users/members-routes.js'
import { usersRoutes } from './modules/users/routes.js'
import { webhooksRoutes } from './modules/webhooks/routes.js'
import { createPlatform, type Platform } from './platform.js'
import { createServices, type Services } from './services.js'
import type { SharedStore } from './store/shared-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The application's platform and services, for tests and diagnostics (a test hands events to
     * this app's own consumers: on a shared test database another app's relay may claim them).
     * Routes get what they need as plugin options instead.
     */
    folio: { platform: Platform; services: Services }
  }
}

export interface AppDeps {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  /** pg-boss's schema (default `pgboss`); tests sharing one PostgreSQL give each app its own. */
  jobsSchema?: string
  /** How often an idle job worker looks for jobs queued in a transaction (seconds, ≥ 0.5; default 1). */
  jobsPollingIntervalSeconds?: number
  /** false for no logs (tests), or a stream for the JSON log lines instead of stdout. */
  logger?: false | { stream: { write(line: string): void } }
  /**
   * Routes registered under `/api/public` beside the families' own (each declares
   * `config: { auth: 'public' }`). For tests of the public-route plugin only.
   */
  extraPublicRoutes?: readonly FastifyPluginAsync[]
}

/**
 * Builds the Fastify application without listening (docs/architecture.md "The application"). The
 * caller owns the database and store; `app.close()` does not close them.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config, deps.logger?.stream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // Room for a 240-character slug in any script, percent-encoded (up to 12 characters each).
    routerOptions: { maxParamLength: 3000, ignoreTrailingSlash: false },
    frameworkErrors: renderFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>()
  app.setValidatorCompiler(createValidatorCompiler())
  registerJsonBodyParser(app)

  // Set up front in a synchronous hook: every response carries them, and no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.header('x-content-type-options', 'nosniff')
    done()
  })
  registerErrorHandler(app)
  await app.register(cookie)
  registerRouteContract(app)
  await registerDocs(app, config.publicUrl)

  const platform = createPlatform({
    config,
    database: deps.database,
    store: deps.store,
    jobsSchema: deps.jobsSchema,
    jobsPollingIntervalSeconds: deps.jobsPollingIntervalSeconds,
    onError: (err) => app.log.error({ failure: failureOf(err) }, 'background work failed'),
  })
  const mediaStorage = await createMediaStorage(
    config.media,
    config.dataDir,
    config.publicUrl,
    config.appSecret,
  )
  const services = createServices({ ...deps, platform, mediaStorage })
  app.decorate('folio', { platform, services })
  app.addHook('onReady', async () => {
    await platform.start()
    await services.imports.resume()
  })
  app.addHook('onClose', async () => {
    // Imports are cut between two items and queued again while the job runner still runs.
    await services.imports.stop()
    await platform.stop()
    await services.outbound.close()
  })
  await app.register(healthRoutes, { database: deps.database })
  await app.register(accountRoutes, { prefix: '/account' })
  await app.register(mediaFileRoutes, { uploads: services.mediaUploads, files: services.mediaFiles })
  await app.register(async (api) => {
    await api.register(authPlugin, {
      credentials: services.credentials,
      tenants: services.tenantDirectory,
    })
    await api.register(quotaPlugin, { quota: services.quota })
    await api.register(authRoutes, {
      prefix: '/api/auth',
      service: services.auth,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(invitationRoutes, {
      prefix: '/api/auth/invitations',
      service: services.invitations,
      credentials: services.credentials,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(membersRoutes, { prefix: '/api/users', service: services.members })
    await api.register(accountDeletionRoutes, {
      prefix: '/api/users',
      service: services.account,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(membershipsRoutes, { prefix: '/api/memberships', service: services.account })
    await api.register(googleRoutes, {
      prefix: '/api/auth/google',
      service: services.google,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(usersRoutes, {
      prefix: '/api/users',
      service: services.users,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(tenantsRoutes, {
      prefix: '/api',
      service: services.tenants,
      lifecycle: services.tenantLifecycle,
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(tenantSettingsRoutes, {
      prefix: '/api/tenant-settings',
      service: services.tenantSettings,
      mailer: services.tenantMailer,
    })
    await api.register(featureFlagsRoutes, { prefix: '/api/feature-flags', service: services.featureFlags })
    await api.register(rolesRoutes, { prefix: '/api/roles', service: services.rolesService })
    await api.register(apiTokensRoutes, { prefix: '/api/api-tokens', service: services.apiTokens })
    await api.register(contentsRoutes, { prefix: '/api/contents', service: services.contents })
    await api.register(contentVersionsRoutes, { prefix: '/api/contents', service: services.contentVersions })
    await api.register(customFieldsRoutes, {
      prefix: '/api/custom-field-definitions',
      service: services.customFields,
    })
    await api.register(categoriesRoutes, { prefix: '/api/categories', service: services.categories })
    await api.register(tagsRoutes, { prefix: '/api/tags', service: services.tags })
    await api.register(mediaRoutes, {
      prefix: '/api/media',
      service: services.media,
      uploads: services.mediaUploads,
    })
    await api.register(galleriesRoutes, { prefix: '/api/galleries', service: services.galleries })
    await api.register(contentGalleriesRoutes, { prefix: '/api/contents', service: services.galleries })
    await api.register(collectionDefinitionsRoutes, {
      prefix: '/api/collections',
      service: services.collections,
    })
    await api.register(collectionEntriesRoutes, {
      prefix: '/api/collections',
      service: services.collectionEntries,
    })
    await api.register(menusRoutes, { prefix: '/api/menus', service: services.menus })
    await api.register(placementsRoutes, {
      prefix: '/api/placements',
      service: services.placements,
      decisions: services.placementDecisions,
      events: services.placementEvents,
    })
    await api.register(activitiesRoutes, { prefix: '/api/activities', service: services.activities })
    await api.register(webhooksRoutes, { prefix: '/api/webhooks', service: services.webhooks })
    await api.register(formsRoutes, { prefix: '/api/forms', service: services.forms })
    await api.register(responsesRoutes, { prefix: '/api/forms', service: services.formResponses })
    await api.register(quotaRoutes, { prefix: '/api', service: services.quota })
    await api.register(importsRoutes, { prefix: '/api/imports', service: services.imports })
  })
  await app.register(publicApi, {
    prefix: '/api/public',
    tenants: services.tenantDirectory,
    settings: services.settings,
    quota: services.quota,
    store: deps.store,
    clientLimit: config.publicClientLimit,
    routes: [
      publicFormsRoutes(services.publicForms),
      publicCollectionsRoutes(services.publicCollections),
      menusPublicRoutes(services.menus),
      placementsPublicRoutes({ decisions: services.placementDecisions, events: services.placementEvents }),
      ...(deps.extraPublicRoutes ?? []),
    ],
  })
  return app
}
