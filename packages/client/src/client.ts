import createClient, { type Client, type Middleware } from 'openapi-fetch'
import type { paths } from './schema.js'

/** How the client reaches Folio. */
export interface FolioClientOptions {
  /** Where Folio answers, without `/api`: `https://cms.example.com` (or `''` for the page's own origin). */
  baseUrl: string
  /**
   * A session token (the `token` of `POST /api/auth/login`) or an API token (`folio_…`), sent as
   * `Authorization: Bearer`. Leave it out in a browser signed in by the session cookie.
   */
  token?: string
  /**
   * The tenant to act on, sent as `X-Tenant-ID` on every call; without it a session acts on its
   * active tenant. An API token always acts on its own tenant (naming another is 403). Fixed for
   * the client's life: `forTenant` gives a client of another tenant.
   */
  tenantId?: string
  /**
   * The browser session cookie (`folio_session`): `'include'` when the page and Folio are on
   * different origins, `'same-origin'` when they share one. Unsafe calls then need `csrfToken`.
   */
  credentials?: 'include' | 'same-origin'
  /**
   * The session's CSRF token, sent as `X-CSRF-Token` on POST, PUT, PATCH and DELETE. The answers
   * that start or rotate a session carry it (login, `GET /api/auth/session`, refresh, tenant
   * switch …); the client takes it from them by itself, so it is only needed here for a session
   * signed in before the client was made.
   */
  csrfToken?: string
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: (request: Request) => Promise<Response>
}

/** The typed openapi-fetch client of the Folio API, with its credentials and tenant. */
export interface FolioClient extends Client<paths> {
  /** The tenant sent as `X-Tenant-ID` (undefined: the session's active tenant). */
  readonly tenantId: string | undefined
  /**
   * A client acting on `tenantId`, sharing this one's credentials (its token and CSRF token, and
   * later changes to them). The tenant is never changed in place: a call in flight while the app
   * moves to another tenant still answers for the tenant it was made for.
   */
  forTenant(tenantId: string): FolioClient
  /** Replaces the Bearer token (e.g. with the `token` a refresh or tenant switch answered). */
  setToken(token: string | undefined): void
  /** The CSRF token sent on unsafe calls. */
  readonly csrfToken: string | undefined
  setCsrfToken(csrfToken: string | undefined): void
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The routes whose successful answer carries the session's new CSRF token (docs/decisions/auth.md
 * "The cookie and CSRF"). The browser takes the rotated cookie by itself; the client takes the
 * CSRF token that goes with it, so the next unsafe call still passes.
 */
const SESSION_ANSWERS: ReadonlySet<string> = new Set([
  'POST /api/auth/login',
  'GET /api/auth/session',
  'POST /api/auth/refresh',
  'POST /api/auth/switch-tenant',
  'POST /api/auth/invitations/accept',
  'PUT /api/users/me/password',
  'POST /api/tenants',
  'POST /api/tenants/{id}/accept',
] satisfies `${'GET' | 'POST' | 'PUT'} ${keyof paths}`[])

/**
 * A typed client of the Folio API (every route of its OpenAPI document, via openapi-fetch):
 * `folio.GET('/api/contents', { params: { query: { status: 'published' } } })` resolves to
 * `{ data }` or `{ error }` with the route's own types; `unwrap(...)` turns that into the data or a
 * thrown `FolioError`.
 *
 * Credentials: `token` (a server, a script) sends `Authorization: Bearer`; `credentials` (a
 * browser) sends the session cookie, with `X-CSRF-Token` on unsafe methods. Tenant: `tenantId`,
 * or the client `forTenant(id)` gives, sends `X-Tenant-ID` unless a call sets the header itself.
 */
export function createFolioClient(options: FolioClientOptions): FolioClient {
  return clientOf(options, { token: options.token, csrfToken: options.csrfToken }, options.tenantId)
}

/** The credentials a client and the clients of other tenants made from it share. */
interface SharedCredentials {
  token: string | undefined
  csrfToken: string | undefined
}

/** A client of `tenantId` (undefined: the session's) over the shared credentials `state`. */
function clientOf(
  options: FolioClientOptions,
  state: SharedCredentials,
  tenantId: string | undefined,
): FolioClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
  })
  const credentials: Middleware = {
    onRequest({ request }) {
      const headers = request.headers
      if (state.token !== undefined && !headers.has('authorization')) {
        headers.set('authorization', `Bearer ${state.token}`)
      }
      if (tenantId !== undefined && !headers.has('x-tenant-id')) headers.set('x-tenant-id', tenantId)
      if (state.csrfToken !== undefined && !SAFE_METHODS.has(request.method)) {
        headers.set('x-csrf-token', state.csrfToken)
      }
      return request
    },
    async onResponse({ request, schemaPath, response }) {
      if (!response.ok || !SESSION_ANSWERS.has(`${request.method} ${schemaPath}`)) return undefined
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined)
      const csrfToken = (body as { csrfToken?: unknown } | undefined)?.csrfToken
      if (typeof csrfToken === 'string') state.csrfToken = csrfToken
      return undefined
    },
  }
  client.use(credentials)
  return {
    ...client,
    tenantId,
    forTenant: (id) => clientOf(options, state, id),
    setToken(token) {
      state.token = token
    },
    get csrfToken() {
      return state.csrfToken
    },
    setCsrfToken(csrfToken) {
      state.csrfToken = csrfToken
    },
  }
}
