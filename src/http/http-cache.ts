import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Request headers besides its scope's own that change this route's answer (a route that
     * localizes by `Accept-Language`): added to `Vary` (`http/http-cache.ts`).
     */
    vary?: readonly string[]
    /**
     * `'no-store'`: a personal or secret read (settings, form responses, tokens …) that no cache,
     * the browser's included, may keep: every answer is `Cache-Control: no-store`, without ETag
     * (docs/decisions/http.md "Personal reads are never stored"). Tenant routes only; every
     * other authenticated route is no-store already.
     */
    cache?: 'no-store'
  }
  interface FastifyReply {
    /** The surrogate keys of the records in this answer (`surrogateKeys`); null when none. */
    cacheKeys: string[] | null
  }
}

/** How one scope's answers may be cached (docs/decisions/delivery.md "HTTP caching"). */
export interface CachePolicy {
  /** The request headers that change every answer of the scope, in `Vary` order. */
  vary: readonly string[]
  /** `Cache-Control` of a 200 answer to GET or HEAD. */
  cacheControl(request: FastifyRequest): string
  /**
   * The key naming every answer of the request's tenant (`t:<tenantId>`), which makes the answer
   * carry `Surrogate-Key` and `Cache-Tag`; undefined for answers no shared cache keeps.
   */
  tenantKey?(request: FastifyRequest): string | undefined
  /** false: every answer is `no-store` (a stream too), with no ETag and never a 304. */
  store?: boolean
}

/**
 * Tenant routes (a session or an API token): a private answer that any cache must revalidate,
 * varying by every header that selects the caller or the tenant.
 */
export const PRIVATE_CACHE: CachePolicy = {
  vary: ['Authorization', 'Cookie', 'X-API-Key', 'X-Tenant-ID'],
  cacheControl: () => 'private, no-cache',
}

/** What answers that are not a 200 to GET or HEAD carry: they change state, or are errors. */
const NO_STORE = 'no-store'

/**
 * Personal and secret reads (`config.cache: 'no-store'`), and every authenticated route that acts
 * on no tenant (a user's own account, sessions, tenants, invitation previews): nothing keeps them,
 * so they carry no ETag either.
 */
export const NO_STORE_CACHE: CachePolicy = {
  vary: PRIVATE_CACHE.vary,
  cacheControl: () => NO_STORE,
  store: false,
}
/** base64url characters of the SHA-256 digest kept in an ETag: 22, that is 132 bits. */
const ETAG_CHARACTERS = 22
/**
 * Cap of the `Surrogate-Key` value (bytes): Fastly and Cloudflare refuse headers of 16 KB; past it
 * the record keys are left out and the answer stays purgeable by its tenant key and the keys named
 * first (routes name the collection or menu before its members).
 */
const MAX_KEYS_LENGTH = 8_000

/** The strong ETag of a serialized answer: `"` + base64url(SHA-256(body)) cut to 132 bits + `"`. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, ETAG_CHARACTERS)}"`
}

/**
 * Whether `If-None-Match` names `etag`: `*`, or a list of entity tags compared weakly (a `W/`
 * prefix is ignored), RFC 9110 §13.1.2.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  for (const [, tag] of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag === etag) return true
  return false
}

/** `public, max-age=<maxAge>, stale-while-revalidate=<stale>` (seconds). */
export function publicCacheControl(maxAgeSeconds: number, staleSeconds: number): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`
}

/**
 * Names the records an answer holds (`collection:…`, `entry:<id>`, `menu:<id>` …; the
 * key list of docs/decisions/delivery.md "HTTP caching"), so a CDN can purge exactly the answers
 * that hold a changed record. Keys accumulate over calls; the frame adds the tenant's key.
 */
export function surrogateKeys(reply: FastifyReply, keys: Iterable<string>): void {
  reply.cacheKeys = [...(reply.cacheKeys ?? []), ...keys]
}

/** `Vary` with `names` added to what the answer already varies by, each name once. */
function varyWith(current: unknown, names: readonly string[]): string {
  const all = current === undefined ? [] : String(current).split(',')
  const seen = new Map<string, string>()
  for (const name of [...all, ...names]) {
    const trimmed = name.trim()
    if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed)
  }
  return [...seen.values()].join(', ')
}

/** The distinct keys, tenant first, within `MAX_KEYS_LENGTH`. */
function keysOf(tenantKey: string, keys: readonly string[] | null): string[] {
  const out = [tenantKey]
  let length = tenantKey.length
  for (const key of new Set(keys ?? [])) {
    if (key === tenantKey) continue
    if (length + 1 + key.length > MAX_KEYS_LENGTH) break
    out.push(key)
    length += 1 + key.length
  }
  return out
}

/**
 * The `onSend` hook of one route under `policy`:
 * - a 200 answer to GET or HEAD whose body is text (not a stream) and whose route set no
 *   `Cache-Control` gets a strong ETag (the one already set, else the body's SHA-256), the policy's `Cache-Control` and, for a tenant key,
 *   `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated); when `If-None-Match`
 *   names the ETag it becomes a 304 without body that keeps those headers;
 * - any other answer, and every answer of a policy that stores nothing, gets `Cache-Control:
 *   no-store` unless its route set one;
 * - every answer varies by the policy's headers and the route's `config.vary`.
 */
function cacheHook(policy: CachePolicy, routeVary: readonly string[]): onSendHookHandler {
  const vary = [...policy.vary, ...routeVary]
  return (request, reply, payload, done) => {
    reply.header('vary', varyWith(reply.getHeader('vary'), vary))
    if (reply.hasHeader('cache-control')) return done(null, payload)
    const read = request.method === 'GET' || request.method === 'HEAD'
    if (!read || reply.statusCode !== 200 || policy.store === false) {
      reply.header('cache-control', NO_STORE)
      return done(null, payload)
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
    // An ETag already set is this body's (the delivery cache computed it, once, when it kept the
    // answer). Otherwise the text is encoded once here and sent as these bytes: hashing the text
    // would encode it to UTF-8 for the digest and Fastify again for the socket.
    const preset = reply.getHeader('etag')
    const body = typeof preset === 'string' || Buffer.isBuffer(payload) ? payload : Buffer.from(payload)
    const etag = typeof preset === 'string' ? preset : strongEtag(body)
    reply.header('etag', etag).header('cache-control', policy.cacheControl(request))
    const tenantKey = policy.tenantKey?.(request)
    if (tenantKey !== undefined) {
      const keys = keysOf(tenantKey, reply.cacheKeys)
      reply.header('surrogate-key', keys.join(' ')).header('cache-tag', keys.join(','))
    }
    if (!noneMatch(request.headers['if-none-match'], etag)) return done(null, body)
    reply.code(304).removeHeader('content-type').removeHeader('content-length')
    // HEAD: Fastify's own HEAD hook runs next and takes no null.
    done(null, request.method === 'HEAD' ? undefined : null)
  }
}

/**
 * Attaches the caching of `policyOf(route)` to each route registered after it in `app`'s scope
 * (none where it answers undefined), as the first `onSend` hook: it must see the serialized body
 * before Fastify's HEAD hook drops it.
 */
export function registerHttpCache(
  app: FastifyInstance,
  policyOf: (route: RouteOptions) => CachePolicy | undefined,
): void {
  app.decorateReply('cacheKeys', null)
  app.addHook('onRoute', (route) => {
    const policy = policyOf(route)
    if (policy === undefined) return
    const hook = cacheHook(policy, route.config?.vary ?? [])
    route.onSend = route.onSend === undefined ? [hook] : [hook, ...[route.onSend].flat()]
  })
}
