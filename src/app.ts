import cookie from '@fastify/cookie'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { authPlugin } from './http/auth.js'
import { BROWSER_CLIENT_FILE, registerBrowserClient } from './http/browser-client.js'
import { registerDocs } from './http/docs.js'
import { registerErrorHandler, renderFrameworkError } from './http/error-handler.js'
import { NO_STORE_CACHE, PRIVATE_CACHE, registerHttpCache } from './http/http-cache.js'
import { registerJsonBodyParser } from './http/json-body.js'
import { loggerOptions } from './http/logging.js'
import { publicApi } from './http/public.js'
import { quotaPlugin } from './http/quota.js'
import { registerRouteContract } from './http/route-contract.js'
import { schemaController } from './http/serialization.js'
import { registerStudio, STUDIO_DIR } from './http/studio.js'
import { createValidatorCompiler } from './http/validation.js'
import type { Mailer } from './mail/mailer.js'
import { createMediaStorage } from './modules/media/index.js'
import { logOutages, reportBackgroundFailure } from './outages.js'
import { createPlatform, type Platform } from './platform.js'
import { createFamilies, type Services, wireFamilies } from './services.js'
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
  /** Where Studio's build is (default `studio/dist`); tests name another, or none. */
  studioDir?: string
  /** The built browser helpers (default `packages/client/dist/browser.js`); tests name another, or none. */
  browserClientFile?: string
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
    schemaController,
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
    onError: (err) => reportBackgroundFailure(app.log, deps.database, deps.store, err),
  })
  logOutages(app.log, deps.database, deps.store)
  const mediaStorage = await createMediaStorage(
    config.media,
    config.dataDir,
    config.publicUrl,
    config.appSecret,
  )
  const { families, services } = createFamilies({ ...deps, platform, mediaStorage })
  wireFamilies(platform, families, services.tenantLifecycle.purger, deps.mailer)
  app.decorate('folio', { platform, services })
  app.addHook('onReady', async () => {
    await platform.start()
    for (const family of families) await family.onReady?.()
  })
  app.addHook('preClose', async () => {
    for (const family of families) await family.beforeClose?.()
  })
  app.addHook('onClose', async () => {
    for (const family of [...families].reverse()) await family.onClose?.()
    await platform.stop()
    await services.outbound.close()
    // After the jobs stopped: an import's last write may still wait for its html.
    await services.workers.close()
  })
  for (const family of families) for (const page of family.pages ?? []) await page.register(app)
  await registerStudio(app, { dir: deps.studioDir ?? STUDIO_DIR, config })
  registerBrowserClient(app, { file: deps.browserClientFile ?? BROWSER_CLIENT_FILE })
  await app.register(async (api) => {
    await api.register(authPlugin, {
      credentials: services.credentials,
      tenants: services.tenantDirectory,
    })
    await api.register(quotaPlugin, { quota: services.quota })
    // Tenant routes revalidate (docs/decisions/delivery.md "HTTP caching"); personal and secret reads,
    // and routes on no tenant, are never stored (docs/decisions/http.md "Personal reads are never stored").
    registerHttpCache(api, (route) =>
      route.config?.auth === 'tenant' && route.config.cache !== 'no-store' ? PRIVATE_CACHE : NO_STORE_CACHE,
    )
    for (const family of families) for (const route of family.adminRoutes ?? []) await route.register(api)
  })
  await app.register(publicApi, {
    prefix: '/api/public',
    tenants: services.tenantDirectory,
    settings: services.settings,
    quota: services.quota,
    store: deps.store,
    clientLimit: config.publicClientLimit,
    deliveryCache: platform.deliveryCache,
    previews: services.previewTokens,
    routes: [...families.flatMap((family) => family.publicRoutes ?? []), ...(deps.extraPublicRoutes ?? [])],
  })
  return app
}
