import type { TableOwnership } from '../../db/ownership.js'
import {
  contents,
  featureFlags,
  media,
  memberships,
  tenantMailCounts,
  tenantSettings,
  users,
} from '../../db/schema/index.js'

/**
 * The tables the tenant-settings family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [tenantSettings, tenantMailCounts],
  portable: {
    tenant_settings: {
      export: true,
      omit: ['smtp_password_encrypted', 'webhook_secret_encrypted'],
      note: 'secrets never leave: the import lists them to set again',
    },
    tenant_mail_counts: { export: false, why: 'mail sent per period on this instance' },
  },
  reads: [
    {
      table: contents,
      why: "limits.entries counts the tenant's contents; a locale leaves locales.available only when no content is in it",
    },
    { table: media, why: "limits.media counts the tenant's media" },
    {
      table: memberships,
      why: 'limits.users counts members; platform mail needs a verified active owner and goes to verified members',
    },
    {
      table: users,
      why: "platform mail reads the addresses of the tenant's owners and members, and whether they are verified",
    },
    { table: featureFlags, why: "a feature the tenant has not set takes the flag's default" },
  ],
} satisfies TableOwnership
