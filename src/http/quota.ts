import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Budget, QuotaService } from '../modules/quotas/index.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route is not metered (not counted, never refused, no quota headers). Only for the
     * routes a tenant needs when its quota is spent: its settings, limits and request counts
     * (docs/decisions/quotas.md "What counts as a request").
     */
    quota?: false
  }
}

/**
 * Meters every tenant route registered after it in its scope against the tenant's `admin` budget
 * (docs/decisions/quotas.md "What counts as a request", "Two budgets: admin and public"): an
 * `onRequest` hook placed after the auth guard, so only requests the guard admitted are counted
 * (authenticated, tenant resolved, permission held; never a request refused before that, so nobody
 * spends another tenant's quota). The request is counted before the route runs; the quota headers
 * go on every answer that follows, and an exhausted budget answers 429 `RequestLimitExceeded`.
 */
export const quotaPlugin = fp(
  async (app: FastifyInstance, options: { quota: QuotaService }) => {
    const { quota } = options
    if (!quota.enabled) return
    const meter = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      admit(quota, request.tenantId, 'admin', reply, done)
    }
    app.addHook('onRoute', (route) => {
      const mode = route.config?.auth
      if ((mode !== 'tenant' && mode !== 'userTenant') || route.config?.quota === false) return
      route.onRequest = route.onRequest === undefined ? [meter] : [...[route.onRequest].flat(), meter]
    })
  },
  { name: 'folio-quota', dependencies: ['folio-auth'] },
)

/**
 * Counts one request in the tenant's `budget`, sets the quota headers and calls `done` (with the
 * 429 when the budget is spent). A callback rather than a promise: on the hot path the decision is
 * synchronous.
 */
export function admit(
  quota: QuotaService,
  tenantId: string,
  budget: Budget,
  reply: FastifyReply,
  done: (err?: Error) => void,
): void {
  let decided: ReturnType<QuotaService['admit']>
  try {
    decided = quota.admit(tenantId, budget)
  } catch (err) {
    done(err as Error)
    return
  }
  if (decided instanceof Promise) {
    decided.then((headers) => {
      reply.headers(headers)
      done()
    }, done)
    return
  }
  if (decided !== undefined) reply.headers(decided)
  done()
}
