import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import { answerWithStream } from './event-stream.js'
import { EventStreamBody, MemberEventsQuery, PresenceBody, PresenceParams } from './schemas.js'
import type { LiveService } from './service.js'

const tags = ['live']
const STREAM =
  'Server-Sent Events (`text/event-stream`, for EventSource): `event: change` with `{ type, subjectId, payload }` (the event catalog’s payload, as webhooks carry it) for each event of the tenant whose resource the caller may view (`<resource>:view`), `id:` being the event id; `event: presence` with `{ resource, id, editors: [{ userId, name }] }` when the editors of a content change, for callers with `content:view`; a comment line as heartbeat; `retry:`. Resumes after `Last-Event-ID` (or `lastEventId`) as the public stream does, `event: reset` outside the window. The stream ends when the caller’s role or membership changes (EventSource reconnects, with current permissions). 429 past the connection caps. The tenant from `tenantId`, `tenant` or X-Tenant-ID.'
const PRESENCE =
  'Presence (docs/decisions/live.md "Presence"): shared by every instance; an editor lapses 40 seconds after its last announcement. 404 for a content that is not the tenant’s.'

/** `/api/events` (a member's change stream) and `/api/presence/{resource}/{id}`. */
export const liveRoutes: FastifyPluginAsyncTypebox<{ service: LiveService }> = async (app, { service }) => {
  app.get(
    '/events',
    {
      config: { auth: 'tenant', permission: 'dashboard:view', tenantQuery: true, cache: 'no-store' },
      schema: {
        tags,
        operationId: 'streamEvents',
        summary: 'Stream the tenant’s changes and presence (Server-Sent Events)',
        description: STREAM,
        querystring: MemberEventsQuery,
        response: { 200: EventStreamBody('The change stream'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      answerWithStream(
        request,
        reply,
        service.memberStream(tenantContext(request)),
        request.query.lastEventId,
      ),
  )

  app.get(
    '/presence/:resource/:id',
    {
      config: { auth: 'tenant', permission: 'content:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'getPresence',
        summary: 'Who is editing a record',
        description: PRESENCE,
        params: PresenceParams,
        querystring: TenantOnlyQuery,
        response: { 200: PresenceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.editors(tenantContext(request), request.params.resource, request.params.id),
  )

  app.put(
    '/presence/:resource/:id',
    {
      config: { auth: 'tenant', permission: 'content:update' },
      schema: {
        tags,
        operationId: 'announcePresence',
        summary:
          'Announce that the caller is editing a record (a heartbeat, every 15 seconds); answers the editors',
        description: PRESENCE,
        params: PresenceParams,
        querystring: TenantOnlyQuery,
        response: { 200: PresenceBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.announce(tenantContext(request), request.params.resource, request.params.id),
  )

  app.delete(
    '/presence/:resource/:id',
    {
      config: { auth: 'tenant', permission: 'content:update' },
      schema: {
        tags,
        operationId: 'leavePresence',
        summary: 'Stop being shown as editing a record',
        description: PRESENCE,
        params: PresenceParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.leave(tenantContext(request), request.params.resource, request.params.id)
      return { success: true }
    },
  )
}
