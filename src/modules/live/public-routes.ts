import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import { answerWithStream } from './event-stream.js'
import { EventStreamBody, PublicEventsQuery } from './schemas.js'
import type { LiveService } from './service.js'

const STREAM =
  'Server-Sent Events (`text/event-stream`, for EventSource) of the tenant’s public changes (docs/decisions/live.md): `id: <event id>`, `event: change`, `data: { type, record: { type, id, slug?, locale?, collectionKey?, location? } | null, surrogateKeys, at }` for published contents, published collection entries (record type `entry`), active menus, published forms, categories, tags and settings (record null: refetch everything); never a draft or a private field. A comment line as heartbeat; `retry: 2000`. Resumes after `Last-Event-ID` (or `lastEventId`): the tenant’s events after it are replayed when it is within the last hour and 1,000 events, else one `event: reset` (refetch everything). Tenant from X-Tenant-ID or `tenant`; the edge policy applies (403), the request counts once in the public quota; 429 past the connections per tenant or per client network.'

/** `GET /api/public/events` (registered in the public-route plugin, `/api/public`). */
export function livePublicRoutes(service: LiveService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/events',
      {
        // A stream is never cached: the delivery cache and the ETag hook leave it alone.
        config: { auth: 'public', tenantQuery: true, deliveryCache: false },
        schema: {
          tags: ['public'],
          operationId: 'streamPublicEvents',
          summary: 'Stream the tenant’s public changes (Server-Sent Events)',
          description: STREAM,
          querystring: PublicEventsQuery,
          response: { 200: EventStreamBody('The change stream'), ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) =>
        answerWithStream(
          request,
          reply,
          service.publicStream(publicContext(request)),
          request.query.lastEventId,
        ),
    )
  }
}
