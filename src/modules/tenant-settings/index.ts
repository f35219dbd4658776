import { type Family, job, type Kernel, mount } from '../../family.js'
import { MAIL_COUNTS_PRUNE_JOB, pruneMailCounts } from './mail-repository.js'
import { tenantSettingsPublicRoutes } from './public-routes.js'
import { createTenantSettingsReader } from './reader.js'
import { tenantSettingsRoutes } from './routes.js'
import { createTenantSettingsService } from './service.js'
import { createTenantMailer, monthKey, tenantNoticeJob } from './tenant-mail.js'

export type { EffectiveSettings, TenantSettingsReader } from './effective.js'
export { assertSchedulingAllowed, limitCheck } from './limits.js'
export { originAllowed, parseOrigin } from './origin-policy.js'
export { PREVIEW_PLACEHOLDERS, type PreviewPlaceholder, previewUrlOf } from './preview-urls.js'
export { createTenantSettingsReader, defaultSettings } from './reader.js'
export { formatRotation, rotateStoredSecrets } from './rotate.js'
export type { TenantSettingsService } from './service.js'
export {
  NO_VERIFIED_OWNER,
  queueTenantNotice,
  type TenantMailer,
  type TenantMailKind,
} from './tenant-mail.js'

/** The first day of the month before this one (UTC), as `YYYY-MM-DD`. */
function previousMonth(now = new Date()): string {
  return monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)))
}

/**
 * Tenant settings (API contract: `/api/tenant-settings`): the cached effective settings every
 * family reads (limits, features, edge policy), the settings writes, and the tenant's mailer (its
 * own SMTP server when configured, within its monthly mail limit).
 */
export function tenantSettingsFamily(kernel: Kernel) {
  const { db, platform, secrets, outbound } = kernel
  const settings = createTenantSettingsReader({ db, bus: platform.bus, secrets })
  const tenantSettings = createTenantSettingsService({ db, sink: kernel.events, secrets, outbound })
  const tenantMailer = createTenantMailer({
    db,
    settings,
    platformMailer: kernel.mailer,
    outbound,
    platformPerDay: kernel.config.tenantPlatformMailPerDay,
  })
  return {
    name: 'tenant-settings',
    services: { settings, tenantSettings, tenantMailer },
    adminRoutes: [
      mount(tenantSettingsRoutes, {
        prefix: '/api/tenant-settings',
        service: tenantSettings,
        mailer: tenantMailer,
      }),
    ],
    publicRoutes: [tenantSettingsPublicRoutes(settings)],
    jobs: [
      tenantNoticeJob(tenantMailer),
      job(MAIL_COUNTS_PRUNE_JOB, async () => void (await pruneMailCounts(db, previousMonth())), {
        every: '43 3 * * *',
      }),
    ],
  } satisfies Family
}
