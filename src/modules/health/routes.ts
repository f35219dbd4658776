import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { type Database, isReachable } from '../../db/client.js'
import type { SharedStore } from '../../store/shared-store.js'

const Status = Type.Object({ status: Type.String(), timestamp: Type.String({ format: 'date-time' }) })

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('not_ready')], {
    description:
      'ready: everything answers; degraded: Folio serves, without Redis (counts per instance, delivery cache bypassed); not_ready: the database cannot be reached (503)',
  }),
  degraded: Type.Array(Type.Union([Type.Literal('database'), Type.Literal('redis')]), {
    description: 'The parts that cannot be reached now (empty when ready)',
  }),
  timestamp: Type.String({ format: 'date-time' }),
})

/** How long readiness waits for the database's answer before it calls it unreachable (ms). */
const READY_TIMEOUT_MS = 2000

/**
 * Liveness and readiness, outside `/api` and never quota-counted (docs/decisions/configuration.md
 * "Health and readiness"). Cheap by design. `/health` touches nothing and stays 200 through any
 * outage; `/ready` is 503 only while the database cannot be reached, and 200 `degraded` while
 * Redis cannot: Folio serves without it.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; store: SharedStore }> = async (
  app,
  { database, store },
) => {
  app.get(
    '/health',
    {
      config: { auth: 'none', database: false },
      schema: { tags: ['health'], operationId: 'getHealth', response: { 200: Status } },
    },
    async () => ({ status: 'ok', timestamp: new Date().toISOString() }),
  )
  app.get(
    '/ready',
    {
      config: { auth: 'none' },
      schema: { tags: ['health'], operationId: 'getReady', response: { 200: Readiness, 503: Readiness } },
    },
    async (_request, reply) => {
      const degraded: ('database' | 'redis')[] = []
      if (!(await isReachable(database, READY_TIMEOUT_MS))) degraded.push('database')
      if (!store.available()) degraded.push('redis')
      const timestamp = new Date().toISOString()
      if (degraded.includes('database'))
        return reply.status(503).send({ status: 'not_ready', degraded, timestamp })
      return {
        status: degraded.length === 0 ? ('ready' as const) : ('degraded' as const),
        degraded,
        timestamp,
      }
    },
  )
}
