import { type Family, type Kernel, mount } from '../../family.js'
import { createTenantSettingsReader } from './reader.js'
import { tenantSettingsRoutes } from './routes.js'
import { createTenantSettingsService } from './service.js'
import { createMailCounter, createTenantMailer } from './tenant-mail.js'

export type { EffectiveSettings, TenantSettingsReader } from './effective.js'
export { assertSchedulingAllowed, limitCheck } from './limits.js'
export { originAllowed, parseOrigin } from './origin-policy.js'
export { createTenantSettingsReader, defaultSettings } from './reader.js'
export { formatRotation, rotateStoredSecrets } from './rotate.js'
export type { TenantMailer } from './tenant-mail.js'

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
    settings,
    platformMailer: kernel.mailer,
    outbound,
    counter: createMailCounter(kernel.store),
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
  } satisfies Family
}
