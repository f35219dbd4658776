import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type ApiStats = AnswerOf<'getApiStats'>

/** Request counts of the tenant (`GET /api/dashboard/api-stats`). */
export const apiStatsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'api-stats'],
    queryFn: () => unwrap(folio.GET('/api/dashboard/api-stats')),
  })

/** The plan, limits and this month's request use (`GET /api/tenants/current/limits`). */
export const limitsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'limits'],
    queryFn: () => unwrap(folio.GET('/api/tenants/current/limits')),
  })

/** The latest activities of the tenant (`GET /api/activities/recent`). */
export const recentActivitiesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'activities', 'recent'],
    queryFn: () =>
      unwrap(folio.GET('/api/activities/recent', { params: { query: { tenantId, limit: 10 } } })),
  })
