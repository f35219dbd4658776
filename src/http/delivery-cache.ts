import type {
  FastifyInstance,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import type { EventResource } from '../events/catalog.js'
import type { DeliveryCache } from '../store/delivery-cache.js'
import { strongEtag } from './http-cache.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The delivery cache of a public route (docs/decisions/delivery.md "The delivery cache"):
     * false: never cached (an answer carrying a per-request secret); `dependsOn`: the event
     * resources (`collection-entry`, `menu` …) whose changes can change the answer (default: every
     * event of the tenant). GET routes are cached unless false; POST routes only when declared.
     */
    deliveryCache?: false | DeliveryCaching
  }
  interface FastifyRequest {
    /** Where this request's answer is kept once served (`http/delivery-cache.ts`); null: not kept. */
    deliverySlot: string | null
  }
}

/**
 * How a public route's answers are cached: `dependsOn` names the event resources whose changes can
 * change them (`EventResource`: checked against the event catalog; `settings` and `tenant` always
 * count). test/delivery-dependencies.test.ts keeps each route's list complete.
 */
export interface DeliveryCaching {
  readonly dependsOn?: readonly EventResource[]
}

/** The header telling whether the answer came from the delivery cache: `HIT` or `MISS`. */
export const CACHE_STATUS_HEADER = 'x-cache'

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? ''
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
}

/**
 * The normalized request a cached answer is kept under: tenant, method (HEAD reads as GET: same
 * body), the route's pattern, its path parameters, query and body after validation (coerced and
 * with defaults) as canonical JSON, and the values of the route's `vary` headers (lowercased
 * names, absent as empty). Origin is not part of it: the edge policy decides before the cache, and
 * the body never depends on it. `locale`: the negotiated locale of a localized route, which keys
 * `Accept-Language` in place of the header's text: the many values browsers send collapse to one
 * entry per locale (docs/decisions/localization.md "Negotiation").
 */
export function requestKey(
  tenantId: string,
  request: Pick<FastifyRequest, 'method' | 'params' | 'query' | 'body' | 'headers'>,
  route: string,
  vary: readonly string[],
  locale?: string,
): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method
  const headers = vary.map((name) => {
    if (locale !== undefined && name.toLowerCase() === 'accept-language') return `locale=${locale}`
    const value = request.headers[name.toLowerCase()]
    return `${name.toLowerCase()}=${Array.isArray(value) ? value.join(',') : (value ?? '')}`
  })
  return [
    tenantId,
    method,
    route,
    canonicalJson(request.params),
    canonicalJson(request.query),
    headers.join('&'),
    method === 'GET' ? '' : canonicalJson(request.body),
  ].join('\n')
}

/** Whether the answer carries an ETag: reads by GET or HEAD (a cached POST query answer does not). */
function entityTagged(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD'
}

/** What the cache does for a route: undefined when its answers are not cached. */
function cachingOf(route: RouteOptions): { dependsOn: readonly EventResource[] | null } | undefined {
  const declared = route.config?.deliveryCache
  if (declared === false) return undefined
  const methods = [route.method].flat()
  const read = methods.every((method) => method === 'GET' || method === 'HEAD')
  if (!read && declared === undefined) return undefined
  if (!read && !methods.every((method) => method === 'POST')) return undefined
  return { dependsOn: declared?.dependsOn ?? null }
}

/**
 * Serves the public routes registered after it in `app`'s scope from `cache`: a `preHandler`
 * (after the public guard, the throttle, the quota, the edge policy and validation) answers a hit
 * with the kept status, content type, body and surrogate keys, and `X-Cache: HIT`; a miss goes on to
 * the handler with `X-Cache: MISS`, and an `onSend` hook placed before the HTTP caching hook keeps
 * a 200 text answer with its ETag, computed there once. `Cache-Control`, surrogate keys and 304 are
then computed as for any answer.
 * `tenantOf` names the request's tenant (undefined: not cached).
 */
export function registerDeliveryCache(
  app: FastifyInstance,
  cache: DeliveryCache,
  tenantOf: (request: FastifyRequest) => string | undefined,
): void {
  if (!cache.enabled) return
  app.decorateRequest('deliverySlot', null)
  app.addHook('onRoute', (route) => {
    const caching = cachingOf(route)
    if (caching === undefined) return
    const vary = route.config?.vary ?? []
    const serve: preHandlerAsyncHookHandler = async (request, reply) => {
      const tenantId = tenantOf(request)
      if (tenantId === undefined) return
      const locale = route.config?.localized === true ? request.publicContext?.locale : undefined
      const key = requestKey(tenantId, request, route.url, vary, locale)
      const found = await cache.lookup(tenantId, caching.dependsOn, key)
      if (found === undefined) return
      if (found.answer === undefined) {
        request.deliverySlot = found.slot
        reply.header(CACHE_STATUS_HEADER, 'MISS')
        return
      }
      const { status, contentType, body, etag, keys } = found.answer
      reply.cacheKeys = keys
      // An answer kept in Redis by an older Folio has no ETag: the HTTP caching hook hashes it.
      if (etag !== undefined && entityTagged(request)) reply.header('etag', etag)
      reply.code(status).header(CACHE_STATUS_HEADER, 'HIT').type(contentType).send(body)
      return reply
    }
    const keep: onSendHookHandler = (request, reply, payload, done) => {
      const slot = request.deliverySlot
      if (slot === null || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload)
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8')
      // Hashed once, here: the HTTP caching hook that runs next takes the ETag it finds, and so
      // does every hit on this answer.
      // A POST query answer carries no ETag: it is not hashed.
      const etag = entityTagged(request) ? strongEtag(payload) : undefined
      if (etag !== undefined) reply.header('etag', etag)
      // Kept before the answer leaves, so a read that follows this one (on any instance) finds it.
      void cache
        .keep(slot, { status: 200, contentType, body: payload, etag, keys: reply.cacheKeys })
        .then(() => done(null, payload))
    }
    route.preHandler = route.preHandler === undefined ? [serve] : [serve, ...[route.preHandler].flat()]
    route.onSend = route.onSend === undefined ? [keep] : [keep, ...[route.onSend].flat()]
  })
}
