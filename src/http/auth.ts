import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Principal, SessionPrincipal, TenantContext } from '../context.js'
import { errors } from '../errors.js'
import { phrase } from '../i18n/index.js'
import { safeEqual } from '../lib/hash.js'
import { isId } from '../lib/ids.js'
import { type Permission, scopeForMethod } from '../permissions.js'
import { SESSION_COOKIE } from './session-cookie.js'

/**
 * How a route authenticates, set per route in `config.auth`. Every route under the auth plugin must
 * say: one without `auth`, or a tenant route without `permission`, fails at registration.
 * - `none`: no credential (register, login, verification).
 * - `user`: a user session, no tenant needed (own account, tenant list and creation).
 * - `tenant`: a user session or an API token, acting on one tenant (docs/decisions/tenancy.md "The
 *   tenant comes from the credential").
 * - `userTenant`: like `tenant`, but only a user session (API token management: tokens never mint tokens).
 * - `public`: no private credential; the tenant comes from `X-Tenant-ID` and its edge policy applies.
 *   Only for routes under `/api/public` (the public-route plugin, `http/public.ts`).
 */
export type AuthMode = 'none' | 'user' | 'tenant' | 'userTenant' | 'public'

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode
    /** The `resource:action` permission a `tenant`/`userTenant` route requires. */
    permission?: Permission
    /**
     * The tenant may also be named by the query parameter `tenant` (the route declares it), besides
     * `tenantId` and `X-Tenant-ID` (public routes: besides `X-Tenant-ID`): a browser's EventSource
     * cannot send headers (docs/decisions/live.md "Why Server-Sent Events").
     */
    tenantQuery?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
    /** The tenant the request acts on; '' on routes that act on none. */
    tenantId: string
    /** The caller's expanded permissions in `tenantId`. */
    permissions: ReadonlySet<Permission>
    /** The caller's role key in `tenantId` (membership role, or an API token's `actingRole`); '' on routes that act on none. */
    role: string
    /**
     * The request context of tenant routes (docs/architecture.md "Request context"); null on routes
     * that act on no tenant.
     */
    context: TenantContext | null
  }
}

/**
 * What the guard asks of the auth family's credentials (`Credentials`): a principal for a
 * presented credential (401 when invalid), then the caller's role and its permissions in a tenant.
 */
export interface CredentialChecks {
  authenticateBearer(token: string): Promise<Principal>
  authenticateApiToken(token: string): Promise<Principal>
  authenticateSession(token: string): Promise<SessionPrincipal>
  membershipRole(userId: string, tenantId: string): Promise<string | undefined>
  rolePermissions(tenantId: string, role: string): Promise<ReadonlySet<Permission>>
}

/** What the guard asks of the tenants family's directory: whether a tenant is live. */
export interface TenantLiveness {
  get(tenantId: string): Promise<{ live: boolean } | undefined>
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const NO_PERMISSIONS: ReadonlySet<Permission> = new Set()

/**
 * Authenticates, resolves the tenant and checks the permission of every route registered after it
 * in its scope: an `onRequest` hook attached per route, built from the route's own `config`, so
 * `none` routes run nothing and the others look nothing up per request.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      credentials: CredentialChecks
      /** Tenant liveness: a suspended tenant or one being deleted answers 404 on every tenant route. */
      tenants?: TenantLiveness
    },
  ) => {
    const { credentials } = options
    const tenants = options.tenants ?? { get: async () => undefined }
    app.decorateRequest('principal', null)
    app.decorateRequest('tenantId', '')
    app.decorateRequest('role', '')
    app.decorateRequest('context', null)
    // Fastify 5 forbids shared object decorators; the guard gives each request its set.
    app.decorateRequest('permissions', null as unknown as ReadonlySet<Permission>)

    app.addHook('onRoute', (route) => {
      const mode = route.config?.auth
      if (mode === undefined) {
        throw new Error(`${route.method} ${route.url} declares no access: set config.auth.`)
      }
      if ((mode === 'tenant' || mode === 'userTenant') && route.config?.permission === undefined) {
        throw new Error(`${route.method} ${route.url} acts on a tenant but declares no permission.`)
      }
      if (mode === 'public') {
        throw new Error(
          `${route.method} ${route.url} is public: register it under /api/public (http/public.ts).`,
        )
      }
      if (mode === 'none') return
      const guard = createGuard(mode, route.config?.permission, credentials, tenants)
      route.onRequest = route.onRequest === undefined ? [guard] : [...[route.onRequest].flat(), guard]
    })
  },
  { name: 'folio-auth' },
)

function createGuard(
  mode: Exclude<AuthMode, 'none' | 'public'>,
  permission: Permission | undefined,
  credentials: CredentialChecks,
  tenants: TenantLiveness,
) {
  return async function guard(request: FastifyRequest) {
    request.permissions = NO_PERMISSIONS
    const principal = await authenticate(request, credentials)
    request.principal = principal
    if (principal.kind === 'apiToken' && (mode === 'user' || mode === 'userTenant')) {
      throw errors.forbidden('http.userSessionOnly')
    }
    if (mode === 'user') return
    await resolveTenant(request, principal, credentials, tenants)
    if (permission !== undefined && !request.permissions.has(permission)) {
      throw errors.forbidden(phrase('http.permissionNeeded', { permission }))
    }
  }
}

async function authenticate(request: FastifyRequest, credentials: CredentialChecks): Promise<Principal> {
  const authorization = request.headers.authorization
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization)
    if (!match?.[1]) throw errors.unauthorized('http.bearerFormat')
    return credentials.authenticateBearer(match[1])
  }
  const apiKey = request.headers['x-api-key']
  if (typeof apiKey === 'string' && apiKey !== '') return credentials.authenticateApiToken(apiKey)
  const cookie = request.cookies[SESSION_COOKIE]
  if (cookie !== undefined && cookie !== '') {
    const principal = await credentials.authenticateSession(cookie)
    // Cookies ride along on cross-site requests; Bearer tokens do not, so only cookies need CSRF proof.
    const presented = request.headers['x-csrf-token']
    if (
      !SAFE_METHODS.has(request.method) &&
      !(typeof presented === 'string' && safeEqual(presented, principal.csrfToken))
    ) {
      throw errors.csrf()
    }
    return principal
  }
  throw errors.unauthorized()
}

/**
 * The caller's credential on a `none` route that serves signed-in and anonymous callers alike
 * (invitation acceptance): null when none is presented, else checked exactly as on other routes
 * (401 when invalid, CSRF proof for a cookie).
 */
export async function optionalPrincipal(
  request: FastifyRequest,
  credentials: CredentialChecks,
): Promise<Principal | null> {
  const presented =
    request.headers.authorization !== undefined ||
    request.headers['x-api-key'] !== undefined ||
    (request.cookies[SESSION_COOKIE] ?? '') !== ''
  return presented ? authenticate(request, credentials) : null
}

/**
 * The tenant a request names through `?tenantId=` (or `?tenant=` on a route with
 * `config.tenantQuery`) or `X-Tenant-ID` (query first), validated.
 */
export function requestedTenantId(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery =
    query?.tenantId ?? (request.routeOptions.config.tenantQuery === true ? query?.tenant : undefined)
  const raw = fromQuery ?? request.headers['x-tenant-id']
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !isId(raw)) {
    throw errors.validation('http.tenantIdFormat')
  }
  return raw
}

async function resolveTenant(
  request: FastifyRequest,
  principal: Principal,
  credentials: CredentialChecks,
  tenants: TenantLiveness,
) {
  const requested = requestedTenantId(request)
  // Checked before membership: a tenant being deleted is gone for its own members and tokens at once
  // (the directory drops it on every instance when `tenant.deleted` commits).
  const named = principal.kind === 'apiToken' ? principal.tenantId : (requested ?? principal.sessionTenantId)
  if (named !== null && named !== undefined) {
    const tenant = await tenants.get(named)
    if (tenant !== undefined && !tenant.live) throw errors.notFound('Tenant')
  }
  if (principal.kind === 'apiToken') {
    if (requested !== undefined && requested !== principal.tenantId) {
      throw errors.forbidden('http.tokenOfAnotherTenant')
    }
    const scope = scopeForMethod(request.method)
    if (!principal.scopes.includes(scope)) throw errors.insufficientScope(scope)
    request.tenantId = principal.tenantId
    request.role = principal.actingRole
    request.permissions = principal.permissions
    request.context = {
      tenantId: principal.tenantId,
      actor: { kind: 'apiToken', tokenId: principal.tokenId, name: principal.name },
      permissions: principal.permissions,
      client: clientOf(request),
    }
    return
  }
  const tenantId = requested ?? principal.sessionTenantId
  if (tenantId === undefined || tenantId === null) throw errors.tenantRequired()
  const role = await credentials.membershipRole(principal.userId, tenantId)
  if (role === undefined) throw errors.forbidden('common.notActiveMember')
  request.tenantId = tenantId
  request.role = role
  request.permissions = await credentials.rolePermissions(tenantId, role)
  request.context = {
    tenantId,
    actor: { kind: 'user', userId: principal.userId },
    permissions: request.permissions,
    client: clientOf(request),
  }
}

/**
 * The request context of a tenant route (`tenant` or `userTenant` mode), built by the guard.
 * @throws TenantRequired when called on a route that acts on no tenant (a wiring mistake).
 */
export function tenantContext(request: FastifyRequest): TenantContext {
  if (request.context === null) throw errors.tenantRequired()
  return request.context
}

/** Where a request came from: the socket address unless a trusted proxy says otherwise. */
export function clientOf(request: FastifyRequest): TenantContext['client'] {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }
}
