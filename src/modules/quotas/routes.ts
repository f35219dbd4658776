import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { ApiStats, TenantLimits } from './schemas.js'
import type { QuotaService } from './service.js'

/**
 * The tenant's quota and request counts, registered at prefix `/api`. Every role holds
 * `dashboard:view`, so any member or API token of the tenant may read them.
 */
export const quotaRoutes: FastifyPluginAsyncTypebox<{ service: QuotaService }> = async (app, { service }) => {
  app.get(
    '/tenants/current/limits',
    {
      // Not metered: a tenant whose quota is spent must still be able to see why and until when.
      config: { auth: 'tenant', permission: 'dashboard:view', quota: false },
      schema: {
        tags: ['quotas'],
        operationId: 'getCurrentTenantLimits',
        summary: "The tenant's effective plan, limits and request usage",
        description:
          "The plan, the effective monthly request limit (the smaller of the plan's and the settings' limits.apiCalls), the settings' other limits, and the request metric of the current UTC month. This route is not metered itself",
        querystring: TenantOnlyQuery,
        response: { 200: TenantLimits, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.limits(tenantContext(request)),
  )

  app.get(
    '/dashboard/api-stats',
    {
      config: { auth: 'tenant', permission: 'dashboard:view' },
      schema: {
        tags: ['quotas'],
        operationId: 'getApiStats',
        summary: "The tenant's metered request counts",
        description:
          'Requests counted for the tenant in the current four-hour UTC block (00, 04 … 20 h), the last 24 hours (hourly buckets), the UTC day so far, the ISO week (from Monday 00:00 UTC) and the quota month; this request included',
        querystring: TenantOnlyQuery,
        response: { 200: ApiStats, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.stats(tenantContext(request)),
  )
}
