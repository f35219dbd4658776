import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { ERROR_CODES } from '../errors.js'
import { ALL_PERMISSIONS, type Permission, permissionsOfRole, ROLE_KEYS } from '../permissions.js'
import type { AuthMode } from './auth.js'
import { ErrorBody, Id } from './schemas.js'
import { webhookDocs } from './webhook-docs.js'

const SECURITY_BY_MODE: Record<AuthMode, Array<Record<string, string[]>>> = {
  none: [],
  user: [{ bearerAuth: [] }, { sessionCookie: [] }],
  userTenant: [{ bearerAuth: [] }, { sessionCookie: [] }],
  tenant: [{ bearerAuth: [] }, { sessionCookie: [] }, { apiToken: [] }, { apiKey: [] }],
  public: [{ tenantId: [] }],
}

/** What each status means on any route; a route's own description adds the specifics. */
const STATUS_MEANING: Record<string, string> = {
  '200': 'Success.',
  '201': 'Created.',
  '202': 'Accepted; the work continues in the background.',
  '204': 'Success, no body.',
  '304': 'Not modified since the ETag the client holds.',
  '400':
    'Invalid input: the message names the member and what was expected (ValidationFailed, BadRequest), or no tenant is selected (TenantRequired).',
  '401': 'Missing, invalid, expired or ended credentials (Unauthorized, InvalidCredentials).',
  '403':
    'The caller lacks the permission or API token scope, names a tenant it is not an active member of, or sends the session cookie without a matching X-CSRF-Token (Forbidden, InsufficientScope, CsrfTokenInvalid); on public routes, the tenant’s edge policy refuses the request (public delivery off, or a browser Origin it does not allow).',
  '404':
    'Not found; a record of another tenant answers exactly like a missing one (NotFound). On tenant routes also a suspended or deleted tenant; on public routes also an unknown one.',
  '409': 'Conflicts with existing data, e.g. a slug already in use (Conflict, SlugConflict).',
  '413': 'The body is larger than the server accepts (PayloadTooLarge).',
  '415': 'The body is not sent as application/json (UnsupportedMediaType).',
  '429':
    'Too many attempts or requests; retry after the Retry-After seconds (RateLimitExceeded), or the tenant’s monthly request quota is spent (RequestLimitExceeded with limit, usage, periodKey and resetAt).',
  '503':
    'A service Folio depends on is not configured or not reachable; while the database cannot be reached, ServiceUnavailable with Retry-After (seconds) and retryAfter: try again then.',
}

const ROLE_ORDER = [...ROLE_KEYS]

const ERROR_BODY_REF = '#/components/schemas/ErrorBody'

/**
 * The error body every route answers with (`ErrorBody` in `http/schemas.ts`), its `error` member
 * the `ErrorCode` enum of the catalog (`src/errors.ts`, docs/decisions/http.md "Error body"), so
 * generated clients get the codes as a union from the document.
 */
function errorComponents(): Record<string, object> {
  const body = JSON.parse(JSON.stringify(ErrorBody)) as { properties: Record<string, unknown> }
  return {
    ErrorCode: {
      type: 'string',
      enum: ERROR_CODES,
      description: 'Stable PascalCase error code; each has one fixed HTTP status.',
    },
    ErrorBody: {
      ...body,
      properties: { ...body.properties, error: { $ref: '#/components/schemas/ErrorCode' } },
    },
  }
}

/**
 * Every permission, as one component clients name (`@folio/client` exports it as `Permission`, which
 * Studio's `can` takes): assembled from the families' declarations, so it cannot drift from the API.
 */
const PERMISSION_COMPONENT = {
  type: 'string' as const,
  enum: [...ALL_PERMISSIONS],
  description:
    'A `resource:action` permission (`<resource>:manage` implies the resource’s other actions); routes name the one they need.',
}

/** Who may call a route, in words, from its auth mode and permission (docs/decisions/auth.md). */
function whoMayCall(mode: AuthMode, permission: Permission | undefined): string {
  if (mode === 'none') return 'Anyone; no credentials are needed.'
  if (mode === 'public') {
    return 'Anyone, for a live tenant named by the X-Tenant-ID header, as its edge policy allows: public delivery on, and a browser Origin among the allowed origins (403 otherwise); an unknown, suspended or deleted tenant answers 404.'
  }
  const session = 'a signed-in user (Bearer session token, or the folio_session cookie with X-CSRF-Token)'
  if (mode === 'user') return `${session[0]!.toUpperCase()}${session.slice(1)}; API tokens are refused.`
  const roles =
    permission === undefined ? [] : ROLE_ORDER.filter((role) => permissionsOfRole(role).has(permission))
  const holding =
    permission === undefined
      ? 'any role'
      : `the \`${permission}\` permission (system roles: ${roles.join(', ') || 'none'})`
  const tenant =
    'The tenant is chosen by `tenantId` or the X-Tenant-ID header, else the session’s tenant; an API token fixes its own.'
  if (mode === 'userTenant')
    return `${session} who is an active member of the tenant with ${holding}; API tokens are refused. ${tenant}`
  return `A member of the tenant with ${holding}: ${session}, or an API token of the tenant whose role holds it and whose scopes allow the method (read for GET, write for POST/PUT/PATCH, delete for DELETE). ${tenant}`
}

/**
 * Turns a route's schema into its documented operation: security by auth mode, a description
 * (what, who may call it, which errors), a description per response, and the X-Tenant-ID header
 * on tenant routes. Only the document changes; validation and serialization use the route's own
 * schema.
 */
function documentRoute(route: RouteOptions, schema: Record<string, unknown>) {
  const config = (route.config ?? {}) as { auth?: AuthMode; permission?: Permission }
  const mode = config.auth ?? 'tenant'
  const responses = (schema.response ?? {}) as Record<string, Record<string, unknown>>
  const documentedResponses = Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      const meaning = STATUS_MEANING[status] ?? `HTTP ${status}.`
      // The shared error body is documented once, as a component (with the catalog's codes).
      if ((response as unknown) === ErrorBody) return [status, { $ref: ERROR_BODY_REF, description: meaning }]
      return [status, { ...response, 'x-response-description': meaning }]
    }),
  )
  const errors = Object.keys(responses)
    .filter((status) => Number(status) >= 400)
    .map((status) => `- **${status}**: ${STATUS_MEANING[status] ?? ''}`)
  const what = String(schema.description ?? schema.summary ?? '')
  const description = [
    what.endsWith('.') ? what : `${what}.`,
    `**Who may call it:** ${whoMayCall(mode, config.permission)}`,
    errors.length === 0 ? '' : `**Errors:**\n${errors.join('\n')}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  const tenantScoped = mode === 'tenant' || mode === 'userTenant'
  const headers = tenantScoped
    ? {
        type: 'object',
        properties: {
          'X-Tenant-ID': {
            ...Id,
            description:
              'The tenant to act on (as the tenantId query parameter); with an API token it must be the token’s own tenant.',
          },
        },
      }
    : mode === 'public'
      ? {
          type: 'object',
          properties: { 'X-Tenant-ID': { ...Id, description: 'The tenant whose public data is read.' } },
          required: ['X-Tenant-ID'],
        }
      : schema.headers
  return {
    ...schema,
    description,
    security: SECURITY_BY_MODE[mode],
    response: documentedResponses,
    ...(headers === undefined ? {} : { headers }),
  }
}

/** Content-Security-Policy of the docs page: Swagger UI sets style attributes, never inline scripts. */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
}

/**
 * The OpenAPI 3.0.3 document, generated from the route schemas: the repository's copy of the API
 * contract (docs/architecture.md "Citing the docs and the API contract in comments"), served at
 * `/api/docs` (interactive), `/api/docs/json` and `/api/docs/yaml`. Register before the routes.
 */
export async function registerDocs(app: FastifyInstance, publicUrl: string) {
  const webhooks = webhookDocs()
  await app.register(swagger, {
    transform: ({ schema, url, route }) => ({
      schema: (schema === undefined || schema.hide
        ? schema
        : documentRoute(route, schema as Record<string, unknown>)) as typeof schema,
      // A family's collection route is registered as '/' under its prefix; document it without the slash.
      url: url.length > 1 ? url.replace(/\/$/, '') : url,
    }),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Folio API',
        version: '0.1.0',
        description: [
          'Folio is a multi-tenant headless CMS. Admin routes take a user session (a Bearer JWT from POST /api/auth/login, or the folio_session cookie with X-CSRF-Token on unsafe methods) or an API token (`folio_…`, as Bearer or X-API-Key).',
          'Tenant-scoped routes act on the tenant named by the `tenantId` query parameter or the X-Tenant-ID header, else the session’s active tenant; an API token always acts on its own tenant. Another tenant’s records answer 404, exactly like missing ones.',
          'Errors are `{ "error": "<Code>", "message": "<text>" }`; validation errors add `details` naming each member. Query strings are strict: unknown parameters answer 400. JSON bodies are never type-coerced.',
        ].join('\n\n'),
      },
      servers: [{ url: publicUrl }],
      // The webhook bodies Folio sends (an extension: OpenAPI 3.0.3 has no `webhooks` member).
      ...webhooks.extensions,
      components: {
        schemas: { ...errorComponents(), Permission: PERMISSION_COMPONENT, ...webhooks.schemas },
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
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The generated document shares schema objects between routes, which YAML writes as anchors and
    // aliases (hundreds); common parsers refuse that many by default (the yaml package, SnakeYAML
    // stops at 50). A JSON round trip gives every occurrence its own copy: plain YAML, same content.
    transformSpecificationClone: false,
    transformSpecification: plainDocument,
    staticCSP: DOCS_CSP,
    // The public validator badge would send the document to validator.swagger.io.
    uiConfig: { validatorUrl: null },
  })
}

const plainCopies = new WeakMap<object, object>()

/** The document without shared objects (made once per generated document). */
function plainDocument(document: Record<string, unknown>): Record<string, unknown> {
  let copy = plainCopies.get(document)
  if (copy === undefined) {
    copy = JSON.parse(JSON.stringify(document)) as object
    plainCopies.set(document, copy)
  }
  return copy as Record<string, unknown>
}
