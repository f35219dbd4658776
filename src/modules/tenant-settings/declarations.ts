import { configSection, int } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'
import { Changed, payload } from '../../events/payloads.js'

/** The configuration of tenant settings (`Config` members). */
export interface TenantSettingsConfig {
  /**
   * Mails Folio's own mail server sends for one tenant per UTC day, across instances; tenants cannot
   * raise it (docs/decisions/jobs-and-events.md "Whose mail server").
   */
  tenantPlatformMailPerDay: number
}

/** The tenant settings family's event, permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'settings.updated': payload("The tenant's settings were changed (never a secret's value)", {
      changed: Changed,
    }),
  },
  activity: { nouns: { settings: 'the tenant settings' } },
  permissions: { settings: ['view', 'update', 'manage'] },
  config: configSection<TenantSettingsConfig>()((to) => ({
    TENANT_PLATFORM_MAIL_PER_DAY: to(
      'tenantPlatformMailPerDay',
      int(1, 1_000_000, 200, "platform mails per tenant per UTC day (the tenant's own SMTP is not counted)"),
    ),
  })),
})
