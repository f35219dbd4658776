import { type Family, job, type Kernel, mount } from '../../family.js'
import type { AuthService } from '../auth/index.js'
import type { RoleResolver } from '../roles/index.js'
import type { TenantMailer, TenantSettingsReader } from '../tenant-settings/index.js'
import { createTenantDirectory } from './directory.js'
import { createTenantLifecycleServices } from './lifecycle-services.js'
import { purgeJobs } from './purge.js'
import { tenantsRoutes } from './routes.js'
import { TENANT_SLUG_MAX_LENGTH } from './schemas.js'
import { createTenantsService } from './service.js'
import { TRANSFER_MAIL_JOB, type TransferMailJob } from './transfer.js'

export type { TenantDirectory, TenantEntry } from './directory.js'
export type { TenantsService } from './service.js'
export { tenantWrites } from './tenant-writes.js'
export { TENANT_SLUG_MAX_LENGTH }

/**
 * Tenants (API contract: `/api/tenants*`): creation and onboarding, reads, deletion with its grace
 * period and purge, restore, ownership transfer, and the cached tenant directory the guards read.
 */
export function tenantsFamily(
  kernel: Kernel,
  deps: {
    auth: AuthService
    roles: RoleResolver
    settings: TenantSettingsReader
    tenantMailer: TenantMailer
  },
) {
  const { db, config, platform } = kernel
  const events = kernel.events
  const tenants = createTenantsService({
    db,
    config,
    sessions: deps.auth.sessions,
    events,
    settings: deps.settings,
    roles: deps.roles,
  })
  const tenantLifecycle = createTenantLifecycleServices({
    db,
    config,
    events,
    auth: deps.auth,
    mailer: deps.tenantMailer,
    jobs: platform.jobs,
    roles: deps.roles,
  })
  const tenantDirectory = createTenantDirectory({ db, bus: platform.bus })
  return {
    name: 'tenants',
    services: { tenants, tenantLifecycle, tenantDirectory },
    adminRoutes: [
      mount(tenantsRoutes, {
        prefix: '/api',
        service: tenants,
        lifecycle: tenantLifecycle,
        secureCookie: config.publicUrl.startsWith('https:'),
      }),
    ],
    jobs: [
      ...purgeJobs(platform.jobs, tenantLifecycle.purger),
      job<TransferMailJob>(TRANSFER_MAIL_JOB, (data) => tenantLifecycle.transfers.mailOffer(data), {
        retryLimit: 5,
        retryDelaySeconds: 30,
        retryBackoff: true,
      }),
    ],
  } satisfies Family
}
