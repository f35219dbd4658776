import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import { EmptyBody } from '../auth/index.js'
import { DeliveryBody, DeliveryDetail, DeliveryPage, ListDeliveriesQuery, TestResult } from './schemas.js'
import type { WebhooksService } from './service.js'

const tags = ['webhooks']
// Deliveries hold event payloads and the receiver's answers: personal, never stored.
const view = { auth: 'tenant', permission: 'webhooks:view', cache: 'no-store' } as const
const update = { auth: 'tenant', permission: 'webhooks:update' } as const

/**
 * `/api/webhooks` (docs/architecture.md "Webhooks"): the tenant's delivery log, redelivery and the
 * test ping, for owners and admins (`webhooks:view` / `webhooks:update`). The webhook itself
 * (enabled, url, secret) is configured in tenant settings.
 */
export const webhooksRoutes: FastifyPluginAsyncTypebox<{ service: WebhooksService }> = async (
  app,
  { service },
) => {
  // The POST routes take no input: a body left out counts as `{}`, one sent must be `{}`.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {}
  })

  app.get(
    '/deliveries',
    {
      config: view,
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'The webhook delivery log, newest first',
        description:
          'One entry per event sent (or being sent) to the tenant’s webhook, and per test ping: status (pending, succeeded, failed), attempts, the last answer’s status code and error, when the next attempt is due. Owners and admins (`webhooks:view`). 400 for a bad page, limit or status.',
        querystring: ListDeliveriesQuery,
        response: { 200: DeliveryPage, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(tenantContext(request), request.query),
  )

  app.get(
    '/deliveries/:id',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getWebhookDelivery',
        summary: 'One webhook delivery with the body sent and the answer',
        description:
          'The delivery, its JSON body `{ type, timestamp, data }` as sent, and `lastResponse`: the start of the receiver’s last answer (2,000 characters at most). Owners and admins (`webhooks:view`). 404 when the tenant has no such delivery.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: DeliveryDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(tenantContext(request), request.params.id),
  )

  app.post(
    '/deliveries/:id/redeliver',
    {
      config: update,
      schema: {
        tags,
        operationId: 'redeliverWebhookDelivery',
        summary: 'Send a delivery again',
        description:
          'Queues the delivery for a new series of attempts (same `webhook-id` and body, fresh signature and timestamp), with the full retry schedule, and answers 202 at once; the log shows the outcome. Owners and admins (`webhooks:update`). 404 when the tenant has no such delivery; 409 when its webhook is off or has no URL or secret.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: EmptyBody,
        response: { 202: DeliveryBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.redeliver(tenantContext(request), request.params.id)),
  )

  app.post(
    '/test',
    {
      config: update,
      schema: {
        tags,
        operationId: 'testWebhook',
        summary: 'Send a signed test ping now',
        description:
          'Sends a signed `webhook.test` event to the tenant’s webhook URL now (also while webhooks are switched off) and answers with the outcome; `ok` is false when the receiver did not answer 2xx or could not be reached (the ping is not retried). The ping appears in the delivery log. Owners and admins (`webhooks:update`). 409 when no URL or secret is set.',
        querystring: TenantOnlyQuery,
        body: EmptyBody,
        response: { 200: TestResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => service.test(tenantContext(request)),
  )
}
