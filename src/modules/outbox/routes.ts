import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses } from '../../http/schemas.js'
import type { SessionPrincipal } from '../auth/index.js'
import { DeadLetterList, ListDeadLettersQuery, ReplayDeadLettersBody, ReplayResult } from './schemas.js'
import type { OutboxService } from './service.js'

const tags = ['outbox']
const WHO =
  'Platform administrators only (PLATFORM_ADMIN_EMAILS, verified e-mail, a user session): 403 otherwise.'

/** `/api/outbox`: the platform's dead letters, for its operators. */
export const outboxRoutes: FastifyPluginAsyncTypebox<{ service: OutboxService }> = async (
  app,
  { service },
) => {
  app.get(
    '/dead-letters',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'listDeadLetters',
        summary: 'Events a consumer gave up on',
        description: `Every outbox event a durable consumer (activities, webhooks) could not handle after its retries, newest first, across tenants. ${WHO}`,
        querystring: ListDeadLettersQuery,
        response: { 200: DeadLetterList, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(request.principal as SessionPrincipal, request.query),
  )

  app.post(
    '/dead-letters/replay',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'replayDeadLetters',
        summary: 'Hand dead letters to their consumer again',
        description: `The dead letters matching the body (every one when it names nothing) are retried from their first attempt. Consumers are idempotent on the event id. ${WHO}`,
        body: ReplayDeadLettersBody,
        response: { 200: ReplayResult, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.replay(request.principal as SessionPrincipal, request.body),
  )
}
