import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantQuery } from '../../../app/tenant'

export type ApiStats = AnswerOf<'getApiStats'>

/** Request counts of the tenant (`GET /api/dashboard/api-stats`). */
export const apiStatsQuery = (tenantId: string) =>
  queryOptions(tenantQuery(tenantId, ['api-stats'], (api) => unwrap(api.GET('/api/dashboard/api-stats'))))

/** The plan, limits and this month's request use (`GET /api/tenants/current/limits`). */
export const limitsQuery = (tenantId: string) =>
  queryOptions(tenantQuery(tenantId, ['limits'], (api) => unwrap(api.GET('/api/tenants/current/limits'))))

/** The latest activities of the tenant (`GET /api/activities/recent`). */
export const recentActivitiesQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(tenantId, ['activities', 'recent'], (api) =>
      unwrap(api.GET('/api/activities/recent', { params: { query: { tenantId, limit: 10 } } })),
    ),
  )
