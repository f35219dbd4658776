import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { ApiStats, TenantLimits } from './schemas.js'
import type { QuotaService } from './service.js'

/**
 * The tenant's quota and request counts, registered at prefix `/api`. Every role holds
 * `dashboard:view`, so any member or API token of the tenant may read them. Neither is metered: a
 * tenant whose quota is spent must still see why and until when (docs/decisions/quotas.md "What
 * counts as a request").
 */
export const quotaRoutes: FastifyPluginAsyncTypebox<{ service: QuotaService }> = async (app, { service }) => {
  app.get(
    '/tenants/current/limits',
    {
      config: { auth: 'tenant', permission: 'dashboard:view', quota: false },
      schema: {
        tags: ['quotas'],
        operationId: 'getCurrentTenantLimits',
        summary: "The tenant's effective plan, limits and request usage",
        description:
          "The plan, the settings' limits and the request metrics of the current UTC month. Public (/api/public) and admin requests count against separate budgets: usage.budgets holds each budget's metric, its limit the smallest of the plan's, limits.apiCalls and the budget's own limit (publicApiCalls, adminApiCalls). usage.requests and limits.monthlyRequests are the admin budget's. This route is not metered itself",
        querystring: TenantOnlyQuery,
        response: { 200: TenantLimits, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.limits(tenantContext(request)),
  )

  app.get(
    '/dashboard/api-stats',
    {
      config: { auth: 'tenant', permission: 'dashboard:view', quota: false },
      schema: {
        tags: ['quotas'],
        operationId: 'getApiStats',
        summary: "The tenant's metered request counts",
        description:
          'Requests counted for the tenant in the current four-hour UTC block (00, 04 … 20 h), the last 24 hours (hourly buckets), the UTC day so far, the ISO week (from Monday 00:00 UTC) and the quota month: in budgets for each budget (admin, public), at the top level both together. days: the quota month’s requests per UTC day so far, for a time series. This route is not metered itself',
        querystring: TenantOnlyQuery,
        response: { 200: ApiStats, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.stats(tenantContext(request)),
  )
}
