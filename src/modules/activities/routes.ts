import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { ActivityPage, ListActivitiesQuery, RecentActivities, RecentActivitiesQuery } from './schemas.js'
import type { ActivitiesService } from './service.js'

const tags = ['activities']
// Activities name people (e-mail addresses) and client addresses: never stored.
const access = { auth: 'tenant', permission: 'activities:view', cache: 'no-store' } as const

/** `/api/activities` (API contract): the tenant's activity log, for owners and admins. */
export const activitiesRoutes: FastifyPluginAsyncTypebox<{ service: ActivitiesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listActivities',
        summary: 'The activity log, newest first',
        description:
          'Every write of every family appears here (from the outbox), with who did it, a sentence, ids and changed members as metadata, and the client address. Secrets never appear.',
        querystring: ListActivitiesQuery,
        response: { 200: ActivityPage, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(tenantContext(request), request.query),
  )

  app.get(
    '/recent',
    {
      config: access,
      schema: {
        tags,
        operationId: 'listRecentActivities',
        summary: 'The newest activities of a tenant, without client addresses',
        querystring: RecentActivitiesQuery,
        response: { 200: RecentActivities, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.recent(tenantContext(request), request.query.limit ?? 10),
  )
}
