import cors from '@fastify/cors'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { RateLimiterRes } from 'rate-limiter-flexible'
import type { PreviewGrant, PublicContext } from '../context.js'
import { AppError, errors } from '../errors.js'
import { phrase } from '../i18n/index.js'
import { isId } from '../lib/ids.js'
import { fallbackChain, LocalesError, negotiateLocale, type TenantLocales } from '../lib/locale.js'
import { networkOf } from '../modules/auth/index.js'
import type { QuotaService } from '../modules/quotas/index.js'
import type { TenantSettingsReader } from '../modules/tenant-settings/index.js'
import { originAllowed, parseOrigin } from '../modules/tenant-settings/index.js'
import type { TenantDirectory } from '../modules/tenants/index.js'
import type { DeliveryCache } from '../store/delivery-cache.js'
import { createRateLimiter } from '../store/rate-limiter.js'
import type { SharedStore } from '../store/shared-store.js'
import { registerDeliveryCache } from './delivery-cache.js'
import { publicCacheControl, registerHttpCache } from './http-cache.js'
import { admit } from './quota.js'

export { publicContext } from './public-context.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The context of a public route (`http/public.ts`); null elsewhere. */
    publicContext: PublicContext | null
    /** `Cache-Control` of the tenant's public GET answers, from its edge policy; '' before the guard. */
    publicCacheControl: string
  }
  interface FastifyContextConfig {
    /**
     * The route answers in the reader's language (docs/decisions/localization.md "Negotiation"): it
     * takes `locale` and `fallback` (`LocaleQuery`), varies by `Accept-Language`, answers
     * `Content-Language`, and the delivery cache keys it by the negotiated locale.
     */
    localized?: boolean
  }
}

export interface PublicApiOptions {
  tenants: TenantDirectory
  settings: TenantSettingsReader
  quota: QuotaService
  /** The public routes of the families (each declares `config: { auth: 'public' }`). */
  routes: readonly FastifyPluginAsync[]
  /** Holds the per-client counts (Redis when configured, so every instance sees the same numbers). */
  store: SharedStore
  /** Requests a minute per client address (`PUBLIC_CLIENT_LIMIT`); false: no per-client limit. */
  clientLimit: number | false
  /** Serves public reads from kept answers (docs/decisions/delivery.md "The delivery cache"). */
  deliveryCache: DeliveryCache
  /** Checks an `X-Preview-Token` (the contents family's preview tokens; docs/decisions/preview.md). */
  previews: { verify(tenantId: string, token: string): Promise<PreviewGrant | undefined> }
}

/**
 * Every answer of a public route depends on the tenant, the browser origin (docs/decisions/delivery.md)
 * and whether it reads a draft preview: a cache that kept a published answer must not give it to a
 * preview read, nor the reverse (docs/decisions/preview.md "Never cached").
 */
const VARY = ['X-Tenant-ID', 'Origin', 'X-Preview-Token']
/** The header a draft preview read carries its token in (docs/decisions/preview.md). */
const PREVIEW_HEADER = 'x-preview-token'
const CORS_METHODS = ['GET', 'HEAD', 'POST']
const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Tenant-ID',
  'X-API-Key',
  'X-Locale',
  'If-None-Match',
  'X-Preview-Token',
  // EventSource sends it when it reconnects (docs/decisions/live.md "Resuming").
  'Last-Event-ID',
]
const CORS_EXPOSED_HEADERS = [
  'ETag',
  'RateLimit-Policy',
  'RateLimit',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-RateLimit-Period',
  'Retry-After',
  'X-Request-Id',
]
/** Browsers may cache an allowed preflight this long (seconds). */
const PREFLIGHT_MAX_AGE = 600

/**
 * The tenant id a public request names: `X-Tenant-ID` (or `?tenant=` on a route with
 * `config.tenantQuery`, for EventSource). The raw value, unchecked.
 */
function namedTenant(request: FastifyRequest): string | string[] | undefined {
  const header = request.headers['x-tenant-id']
  if (header !== undefined || request.routeOptions.config.tenantQuery !== true) return header
  const query = request.query as Record<string, unknown> | undefined
  return typeof query?.tenant === 'string' ? query.tenant : undefined
}

/** The tenant id of `X-Tenant-ID` (or `?tenant=`). @throws TenantRequired (400) when missing, ValidationFailed (400) when malformed. */
function tenantIdOf(request: FastifyRequest): string {
  const raw = namedTenant(request)
  if (raw === undefined || raw === '') {
    throw new AppError('TenantRequired', 'http.publicTenantRequired')
  }
  if (typeof raw !== 'string' || !isId(raw)) {
    throw errors.validation('http.publicTenantIdFormat')
  }
  return raw
}

/**
 * Counts one public request of `ip`'s network (`networkOf`: IPv4 address, IPv6 /64) in a one-minute
 * window of `perMinute`; past it throws 429 RateLimitExceeded with `Retry-After`. Same store and
 * Redis-outage fallback as the auth throttles (auth/throttle.ts).
 */
function createClientThrottle(store: SharedStore, perMinute: number) {
  const limiter = createRateLimiter(store, {
    keyPrefix: `${store.prefix}throttle:public-client`,
    points: perMinute,
    duration: 60,
  })
  return async (ip: string) => {
    try {
      await limiter.consume(networkOf(ip))
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection
      throw errors.rateLimited('http.tooManyFromNetwork', rejection.msBeforeNext / 1000)
    }
  }
}

/**
 * The one plugin of every `/api/public/*` route (docs/decisions/delivery.md, docs/architecture.md
 * "Public delivery routes"). Register it at prefix `/api/public`, outside the authenticated scope;
 * it registers `routes` inside itself. Per request, before the route runs:
 * 1. `Vary: X-Tenant-ID, Origin` on every answer;
 * 2. the tenant from `X-Tenant-ID` (missing or malformed 400);
 * 3. the per-client throttle (`clientLimit` a minute per client address, whichever tenant it
 *    names; 429 past it), so that one visitor cannot spend a tenant's quota: a refused request is
 *    not counted in it;
 * 4. the tenant (unknown, suspended or deleted 404);
 * 5. the monthly quota, the tenant's `public` budget (counted here: every answer for a live tenant
 *    counts; 429 when spent; the admin budget is apart: docs/decisions/quotas.md "Two budgets: admin and public");
 * 6. the tenant's edge policy: `publicReadEnabled: false` 403; a browser `Origin` outside
 *    `allowedOrigins` / localhost 403;
 * 7. a draft preview's `X-Preview-Token` (docs/decisions/preview.md): unknown, expired, revoked or
 *    another tenant's 401; a valid one makes the answer `no-store` and `noindex` and keeps it out
 *    of the delivery cache, and its grant joins the context;
 * 8. `request.publicContext`, frozen, and the tenant's `Cache-Control` for public GET answers.
 * After serialization `http/http-cache.ts` adds the ETag (304 on a matching `If-None-Match`),
 * `Cache-Control` (`no-store` for writes and errors), the route's `config.vary` and the surrogate
 * keys (`t:<tenantId>` and those the handler named with `surrogateKeys`).
 * Between the guard and the route, `http/delivery-cache.ts` answers a read from the delivery cache
 * when it holds the answer (`X-Cache: HIT`), so a cached answer passes every step above first.
 * CORS answers come from the same policy through `@fastify/cors` with a per-request delegator: an
 * allowed origin is reflected (never with credentials); a refused one gets no CORS header.
 * Preflights carry no `X-Tenant-ID` value (browsers send only its name), so a preflight without one
 * is allowed for any http(s) origin that asks for `X-Tenant-ID`, and the actual request decides from
 * the tenant's policy (403, unreadable by the page). A preflight that names a tenant is decided from
 * that tenant's policy.
 * A route in this scope without `config.auth: 'public'` fails at registration.
 */
export async function publicApi(app: FastifyInstance, options: PublicApiOptions): Promise<void> {
  const { tenants, settings, quota } = options
  const throttle =
    options.clientLimit === false ? undefined : createClientThrottle(options.store, options.clientLimit)
  app.decorateRequest('publicContext', null)
  app.decorateRequest('publicCacheControl', '')

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('vary', VARY.join(', '))
    done()
  })

  await app.register(cors, {
    hideOptionsRoute: true,
    delegator: async (request: FastifyRequest) => ({
      origin: await corsOrigin(request),
      methods: CORS_METHODS,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      credentials: false,
      maxAge: PREFLIGHT_MAX_AGE,
    }),
  })

  /** Whether to reflect the request's Origin: false leaves every CORS header out. */
  async function corsOrigin(request: FastifyRequest): Promise<boolean> {
    const origin = request.headers.origin
    if (origin === undefined) return false
    const named = namedTenant(request)
    if (request.method === 'OPTIONS' && named === undefined) {
      const asked = String(request.headers['access-control-request-headers'] ?? '').toLowerCase()
      return parseOrigin(origin) !== null && asked.split(',').some((name) => name.trim() === 'x-tenant-id')
    }
    if (typeof named !== 'string' || !isId(named)) return false
    const tenant = await tenants.get(named)
    if (tenant === undefined || !tenant.live) return false
    const policy = (await settings.get(named)).edgeGateway
    return policy.publicReadEnabled && originAllowed(policy, origin)
  }

  async function guard(request: FastifyRequest, reply: FastifyReply) {
    const tenantId = tenantIdOf(request)
    // `request.ip`: the socket address, or X-Forwarded-For only from a TRUST_PROXY address.
    if (throttle !== undefined) await throttle(request.ip)
    const tenant = await tenants.get(tenantId)
    if (tenant === undefined || !tenant.live) throw errors.notFound('Tenant')
    await new Promise<void>((resolve, reject) =>
      admit(quota, tenantId, 'public', reply, (err) => (err === undefined ? resolve() : reject(err))),
    )
    const tenantSettings = await settings.get(tenantId)
    const policy = tenantSettings.edgeGateway
    if (!policy.publicReadEnabled) {
      throw errors.forbidden('http.deliveryOff')
    }
    const origin = request.headers.origin ?? null
    if (origin !== null && !originAllowed(policy, origin)) {
      throw errors.forbidden('http.originRefused')
    }
    request.publicCacheControl = publicCacheControl(
      policy.cacheMaxAgeSeconds,
      policy.staleWhileRevalidateSeconds,
    )
    const preview = await previewOf(request, tenantId)
    if (preview !== undefined) {
      // Set before the route: the HTTP caching hook leaves a Cache-Control it finds (no ETag either).
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
    }
    const { locale, localeChain } = readerLocale(request, tenantSettings.locales)
    if (request.routeOptions.config.localized === true) reply.header('content-language', locale)
    request.publicContext = Object.freeze({
      tenantId,
      origin,
      client: Object.freeze({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
      locale,
      localeChain: Object.freeze(localeChain),
      defaultLocale: tenantSettings.locales.default,
      ...(preview === undefined ? {} : { preview }),
    })
  }

  /**
   * The grant of the request's `X-Preview-Token`, undefined without one.
   * @throws PreviewTokenInvalid (401) for a token that grants nothing in `tenantId` now.
   */
  async function previewOf(request: FastifyRequest, tenantId: string): Promise<PreviewGrant | undefined> {
    const token = request.headers[PREVIEW_HEADER]
    if (token === undefined) return undefined
    const grant = typeof token === 'string' ? await options.previews.verify(tenantId, token) : undefined
    if (grant === undefined) throw errors.previewTokenInvalid()
    return grant
  }

  app.addHook('onRoute', (route) => {
    if (isPreflightRoute(route)) return
    if (route.config?.auth !== 'public') {
      throw new Error(
        `${route.method} ${route.url} is under /api/public but does not declare config.auth 'public'.`,
      )
    }
    route.onRequest = route.onRequest === undefined ? [guard] : [...[route.onRequest].flat(), guard]
    if (route.config?.localized === true) {
      route.config = { ...route.config, vary: [...(route.config.vary ?? []), 'Accept-Language'] }
    }
  })
  registerHttpCache(app, (route) =>
    isPreflightRoute(route)
      ? undefined
      : {
          vary: VARY,
          cacheControl: (request) => request.publicCacheControl,
          tenantKey: (request) =>
            request.publicContext === null ? undefined : `t:${request.publicContext.tenantId}`,
        },
  )

  // A draft preview is never read from nor written to the delivery cache.
  registerDeliveryCache(app, options.deliveryCache, (request) =>
    request.publicContext?.preview === undefined ? request.publicContext?.tenantId : undefined,
  )

  for (const routes of options.routes) await app.register(routes)
}

/**
 * The reader's locale and its chain (docs/decisions/localization.md "Negotiation"). Runs before
 * validation, so it reads the raw `locale` and `fallback` query parameters itself; a route that
 * is not localized answers in the tenant's default locale.
 * @throws ValidationFailed (400) when `locale` is not one of the tenant's locales.
 */
function readerLocale(request: FastifyRequest, locales: TenantLocales) {
  if (request.routeOptions.config.localized !== true) {
    return { locale: locales.default, localeChain: [locales.default] }
  }
  const query = request.query as Record<string, unknown> | undefined
  const requested = typeof query?.locale === 'string' ? query.locale : undefined
  const language = request.headers['accept-language']
  let locale: string
  try {
    locale = negotiateLocale(locales, requested, Array.isArray(language) ? language.join(',') : language)
  } catch (err) {
    if (!(err instanceof LocalesError)) throw err
    throw errors.validation(phrase('http.localeParameter', { problem: err.phrase }), [
      { path: 'querystring/locale', message: err.phrase },
    ])
  }
  const localeChain = query?.fallback === 'false' ? [locale] : fallbackChain(locales, locale)
  return { locale, localeChain }
}

/** @fastify/cors' preflight route: no guard, no caching (browsers cache it by `Access-Control-Max-Age`). */
function isPreflightRoute(route: RouteOptions): boolean {
  return route.schema?.hide === true && route.method === 'OPTIONS'
}
