import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { type Database, isReachable } from '../../db/client.js'

const Status = Type.Object({ status: Type.String(), timestamp: Type.String({ format: 'date-time' }) })

/**
 * Liveness and readiness, outside `/api` and never quota-counted (docs/decisions/configuration.md
 * "Health and readiness"). Cheap by design.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: { tags: ['health'], operationId: 'getHealth', response: { 200: Status } },
    },
    async () => ({ status: 'ok', timestamp: new Date().toISOString() }),
  )
  app.get(
    '/ready',
    {
      config: { auth: 'none' },
      schema: { tags: ['health'], operationId: 'getReady', response: { 200: Status, 503: Status } },
    },
    async (_request, reply) => {
      const timestamp = new Date().toISOString()
      if (await isReachable(database)) return { status: 'ready', timestamp }
      return reply.status(503).send({ status: 'not_ready', timestamp })
    },
  )
}
