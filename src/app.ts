import cookie from '@fastify/cookie'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { authPlugin } from './http/auth.js'
import { registerDocs } from './http/docs.js'
import { registerErrorHandler } from './http/error-handler.js'
import type { Mailer } from './mail/mailer.js'
import { apiTokensRoutes } from './modules/api-tokens/routes.js'
import { authRoutes } from './modules/auth/routes.js'
import { categoriesRoutes } from './modules/categories/routes.js'
import { contentsRoutes } from './modules/contents/routes.js'
import { healthRoutes } from './modules/health/routes.js'
import { mediaRoutes } from './modules/media/routes.js'
import { rolesRoutes } from './modules/roles/routes.js'
import { tagsRoutes } from './modules/tags/routes.js'
import { tenantsRoutes } from './modules/tenants/routes.js'
import { usersRoutes } from './modules/users/routes.js'
import { createServices } from './services.js'
import type { SharedStore } from './store/shared-store.js'

export interface AppDeps {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  /** false for no logs (tests), or a stream for the JSON log lines instead of stdout. */
  logger?: false | { stream: { write(line: string): void } }
}

/** Paths pino must never print: credentials in headers and secrets in bodies. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
]

/**
 * Builds the Fastify application without listening (style.md example 1). The caller owns the
 * database and store; `app.close()` does not close them.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...deps.logger },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 300, ignoreTrailingSlash: false },
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Set up front in a synchronous hook: every response carries them, and no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.header('x-content-type-options', 'nosniff')
    done()
  })
  registerErrorHandler(app)
  await app.register(cookie)
  await registerDocs(app, config.publicUrl)

  const services = createServices(deps)
  await app.register(healthRoutes, { database: deps.database })
  await app.register(async (api) => {
    await api.register(authPlugin, { credentials: services.credentials })
    await api.register(authRoutes, {
      prefix: '/api/auth',
      service: services.auth,
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
      secureCookie: config.publicUrl.startsWith('https:'),
    })
    await api.register(rolesRoutes, { prefix: '/api/roles' })
    await api.register(apiTokensRoutes, { prefix: '/api/api-tokens', service: services.apiTokens })
    await api.register(contentsRoutes, { prefix: '/api/contents', service: services.contents })
    await api.register(categoriesRoutes, { prefix: '/api/categories', service: services.categories })
    await api.register(tagsRoutes, { prefix: '/api/tags', service: services.tags })
    await api.register(mediaRoutes, { prefix: '/api/media', service: services.media })
  })
  return app
}
