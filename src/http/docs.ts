import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import type { AuthMode } from './auth.js'

const SECURITY_BY_MODE: Record<AuthMode, Array<Record<string, string[]>>> = {
  none: [],
  user: [{ bearerAuth: [] }, { sessionCookie: [] }],
  userTenant: [{ bearerAuth: [] }, { sessionCookie: [] }],
  tenant: [{ bearerAuth: [] }, { sessionCookie: [] }, { apiToken: [] }, { apiKey: [] }],
}

/**
 * The OpenAPI 3.0.3 document, generated from the route schemas (api-spec "Versioning"), served at
 * `/api/docs` (interactive), `/api/docs/json` and `/api/docs/yaml`. Must be registered before the
 * routes so its onRoute hook sees them.
 */
export async function registerDocs(app: FastifyInstance, publicUrl: string) {
  app.addHook('onRoute', (route) => {
    if (route.schema === undefined || route.schema.hide) return
    const mode = route.config?.auth ?? 'tenant'
    route.schema = { ...route.schema, security: SECURITY_BY_MODE[mode] }
  })
  await app.register(swagger, {
    // A family's collection route is registered as '/' under its prefix; document it without the slash.
    transform: ({ schema, url }) => ({ schema, url: url.length > 1 ? url.replace(/\/$/, '') : url }),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Folio API',
        version: '0.1.0',
        description:
          'Multi-tenant headless CMS. Admin routes take a user session (Bearer JWT from login, or the folio_session cookie with X-CSRF-Token) or an API token; tenant-scoped routes choose the tenant with ?tenantId= or X-Tenant-ID.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'User session token from POST /api/auth/login',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'folio_…',
            description: 'API token (Authorization: Bearer folio_…)',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: 'API token in the X-API-Key header',
          },
          tenantId: { type: 'apiKey', in: 'header', name: 'X-Tenant-ID', description: 'Tenant selection' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'folio_session',
            description: 'Browser session; unsafe methods need X-CSRF-Token',
          },
        },
      },
    },
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
}
