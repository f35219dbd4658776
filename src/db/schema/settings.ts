import {
  boolean,
  char,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/**
 * A tenant's settings (API contract: /api/tenant-settings): one row per tenant, one jsonb column
 * per group. The SMTP password and webhook secret live apart, encrypted (`lib/secrets.ts`), never
 * in a group's JSON. No row means every default (reads answer createdAt/updatedAt null).
 */
export const tenantSettings = pgTable('tenant_settings', {
  tenantId: char('tenant_id', { length: 24 })
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  smtp: jsonb('smtp').$type<Record<string, unknown>>().notNull().default({}),
  smtpPasswordEncrypted: text('smtp_password_encrypted'),
  webhook: jsonb('webhook').$type<Record<string, unknown>>().notNull().default({}),
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  branding: jsonb('branding').$type<Record<string, unknown>>().notNull().default({}),
  limits: jsonb('limits').$type<Record<string, unknown>>().notNull().default({}),
  edgeGateway: jsonb('edge_gateway').$type<Record<string, unknown>>().notNull().default({}),
  /** `{ default, available, fallbacks }` (lib/locale.ts `TenantLocales`); {} means one locale, en. */
  locales: jsonb('locales').$type<Record<string, unknown>>().notNull().default({}),
  /** `{ urls: { <content type or *>: <URL template> } }` (docs/decisions/preview.md); {} means none. */
  preview: jsonb('preview').$type<Record<string, unknown>>().notNull().default({}),
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
})

/**
 * The platform's feature-flag catalogue (API contract: /api/feature-flags): global, written by
 * platform administrators only (docs/decisions/tenancy.md "Feature flags": a tenant admin writing
 * it would change every tenant). Tenants switch flags in their settings' `features`; the effective
 * value is the tenant's, else the default.
 */
export const featureFlags = pgTable('feature_flags', {
  id: char('id', { length: 24 }).primaryKey(),
  key: text('key').notNull().unique('feature_flags_key_key'),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  defaultEnabled: boolean('default_enabled').notNull().default(false),
  notes: text('notes').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/**
 * Mails counted per tenant and period, shared by every instance (docs/decisions/jobs-and-events.md
 * "Whose mail server"): `month` counts every mail sent for the tenant against
 * `limits.emailPerMonth` (`period`: the first day of the UTC month); `platform-day` counts the mails
 * Folio's own mail server sent for it against `TENANT_PLATFORM_MAIL_PER_DAY` (`period`: the UTC
 * day). A send reserves with a conditional upsert, so concurrent sends on any instance never pass a
 * limit; a daily job removes periods past.
 */
export const tenantMailCounts = pgTable(
  'tenant_mail_counts',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.counter, t.period] })],
)
