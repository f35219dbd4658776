import { type Family, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { TenantDirectory } from '../tenants/index.js'
import { quotaRoutes } from './routes.js'
import { createQuotaService } from './service.js'

export { createMeter } from './meter.js'
export type { Budget } from './periods.js'
export { PLANS, type Plan } from './plans.js'
export { createUsageRepository } from './repository.js'
export type { QuotaService } from './service.js'

/**
 * Request metering and the monthly quota of each budget, admin and public (API contract:
 * `/api/dashboard/api-stats`, `/api/tenants/current/limits`, the quota headers): the meter counts,
 * the service decides and reports.
 */
export function quotasFamily(
  kernel: Kernel,
  deps: { settings: TenantSettingsReader; tenants: TenantDirectory },
) {
  const { platform } = kernel
  const quota = createQuotaService({
    meter: platform.meter,
    usage: platform.usage,
    tenants: deps.tenants,
    settings: deps.settings,
    bus: platform.bus,
    deliveryCache: platform.deliveryCache,
  })
  return {
    name: 'quotas',
    services: { quota },
    adminRoutes: [mount(quotaRoutes, { prefix: '/api', service: quota })],
  } satisfies Family
}
