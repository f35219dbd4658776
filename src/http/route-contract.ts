import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify'
import { ErrorBody } from './schemas.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for a route that never touches the database (`/health`), so the contract does not
     * declare the 503 a database outage answers on every other route.
     */
    database?: false
  }
  interface FastifyInstance {
    /**
     * Every route registered with a schema, as completed by the contract. Validators and
     * serializers compile at a route's first use (`validation.ts`, `serialization.ts`), so a test
     * compiles each of these instead (`route-schemas.test.ts`).
     */
    routeSchemas: readonly RouteSchema[]
  }
}

/** A registered route's method(s), URL, final schema and config (auth, permission, delivery cache …). */
export interface RouteSchema {
  method: RouteOptions['method']
  url: string
  schema: FastifySchema
  config: FastifyContextConfig | undefined
}

/** What the frame (auth guard, quota, edge policy) may answer per auth mode, besides 400. */
const FRAME_STATUSES: Record<string, number[]> = {
  none: [],
  user: [401, 403],
  tenant: [401, 403, 429],
  userTenant: [401, 403, 429],
  public: [403, 404, 429],
}

/** The auth modes whose GET answers carry an ETag and may be 304 (`http/http-cache.ts`). */
const CONDITIONAL_MODES = new Set(['public', 'tenant'])
/** A 304 has no body (`type: 'null'` documents none). */
const NotModified = { type: 'null', description: 'Not modified: the ETag the client holds is current.' }

/** A query string that allows no parameter: docs/decisions/http.md "Query strings are strict". */
const NO_QUERY = { type: 'object', properties: {}, additionalProperties: false }

/**
 * Completes every documented route's contract at registration, so no route can forget it:
 * - a route without a `querystring` schema accepts no query parameter (400 for any);
 * - the error statuses Folio's frame can answer on any route are declared with the error body:
 *   400 (validation, which every route has), 401/403 for authenticated routes, 429 for metered
 *   routes (tenant and public: the monthly quota; not those with `config.quota: false`), 403/404
 *   for public routes (edge policy, unknown tenant), 413/415 for routes that take a body, and 503
 *   for every route that reads the database (`ServiceUnavailable` with Retry-After while it cannot
 *   be reached: docs/decisions/http.md). A family declares the rest (404, 409 …) itself;
 * - 304 on the GET routes of public and tenant routes that answer JSON (ETag and If-None-Match,
 *   `http/http-cache.ts`), unless the route is never stored (`config.cache: 'no-store'`).
 * Register before the routes (it is an `onRoute` hook) and after the auth plugin's hook, whose
 * `config.auth` it reads.
 */
export function registerRouteContract(app: FastifyInstance): void {
  const routeSchemas: RouteSchema[] = []
  app.decorate('routeSchemas', routeSchemas)
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema
    if (schema === undefined) return
    if (schema.hide === true) {
      routeSchemas.push({ method: route.method, url: route.url, schema, config: route.config })
      return
    }
    const mode = route.config?.auth ?? 'tenant'
    const unmetered = route.config?.quota === false
    const statuses = [400, ...(FRAME_STATUSES[mode] ?? []).filter((status) => !(unmetered && status === 429))]
    if (schema.body !== undefined) statuses.push(413, 415)
    if (route.config?.database !== false) statuses.push(503)
    const response = { ...(schema.response as Record<string, unknown> | undefined) }
    for (const status of statuses) response[status] ??= ErrorBody
    const stored = route.config?.cache !== 'no-store'
    if (route.method === 'GET' && CONDITIONAL_MODES.has(mode) && stored && answersJson(response[200])) {
      response[304] ??= NotModified
    }
    route.schema = { ...schema, querystring: schema.querystring ?? NO_QUERY, response }
    routeSchemas.push({ method: route.method, url: route.url, schema: route.schema, config: route.config })
  })
}

/** Whether a 200 response schema is a JSON body (a file download declares its own `content`). */
function answersJson(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && !('content' in schema)
}
