import {
  boolean,
  char,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/** A text in one language or a map of language tag to text (API contract: /api/forms: string or object). */
export type I18nText = string | Record<string, string>

/** The parts of a form that a version freezes. */
const definition = {
  title: jsonb('title').$type<Record<string, string>>().notNull(),
  description: jsonb('description').$type<I18nText>().notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  visibility: text('visibility').notNull().default('public'),
  /** Unknown extra members of the written form, kept as given (API contract: /api/forms). */
  extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
}

export const forms = pgTable(
  'forms',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    slug: text('slug').notNull(),
    status: text('status').notNull().default('draft'),
    ...definition,
    /** The newest frozen version (0: never published). */
    version: integer('version').notNull().default(0),
    /** The version served publicly and validated against (null: never published). */
    publishedVersion: integer('published_version'),
    publishedAt: optionalTimestamp('published_at'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('forms_tenant_slug_key').on(t.tenantId, t.slug),
    index('forms_tenant_status_updated_idx').on(t.tenantId, t.status, t.updatedAt.desc(), t.id.desc()),
  ],
)

export const formVersions = pgTable(
  'form_versions',
  {
    tenantId: tenantIdColumn(),
    formId: char('form_id', { length: 24 }).notNull(),
    version: integer('version').notNull(),
    ...definition,
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.formId, t.version] }),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }).onDelete(
      'cascade',
    ),
  ],
)

export const formResponses = pgTable(
  'form_responses',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    formId: char('form_id', { length: 24 }).notNull(),
    formVersion: integer('form_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    flaggedAsSpam: boolean('flagged_as_spam').notNull().default(false),
    /** Why the anti-spam checks suspected it (honeypot, too-fast, duplicate, captcha). */
    spamReasons: jsonb('spam_reasons').$type<string[]>().notNull().default([]),
    source: text('source').notNull().default('api'),
    locale: text('locale').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** HMAC-SHA-256 of the client address with the tenant's salt; the address itself is never stored. */
    ipHash: text('ip_hash').notNull().default(''),
    geo: jsonb('geo').$type<{ country: string | null; city: string | null }>(),
    device: jsonb('device').$type<{ type: string; os: string; browser: string }>(),
    /** Who submitted, as the submitting server says (its own user ids, not Folio's). */
    userId: text('user_id'),
    userEmail: text('user_email'),
    userName: text('user_name'),
    fieldMetadata: jsonb('field_metadata').$type<Record<string, Record<string, unknown>>>().notNull(),
    /** SHA-256 of the form id and the canonical answers: finds repeated submissions. */
    fingerprint: text('fingerprint').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_responses_tenant_form_created_idx').on(t.tenantId, t.formId, t.createdAt.desc(), t.id.desc()),
    index('form_responses_tenant_form_fingerprint_idx').on(t.tenantId, t.formId, t.fingerprint, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.formId], foreignColumns: [forms.tenantId, forms.id] }).onDelete(
      'cascade',
    ),
  ],
)

/**
 * Form tokens already used by a submission (docs/decisions/forms.md "Form tokens are single-use"):
 * a token's random id, kept until the token expires, so a second submission with it is known on
 * every instance. A daily job removes expired rows.
 */
export const formTokenUses = pgTable(
  'form_token_uses',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    tokenId: text('token_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenId] }),
    index('form_token_uses_expires_idx').on(t.expiresAt),
  ],
)
