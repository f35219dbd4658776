import { sql } from 'drizzle-orm'
import {
  char,
  doublePrecision,
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

/** A field of a typed collection, as stored in `collections.fields` (validated by the service). */
export interface StoredField {
  key: string
  type: string
  label: Record<string, string>
  description?: Record<string, string>
  required?: boolean
  unique?: boolean
  multiple?: boolean
  /** Values per locale (docs/decisions/content.md "Localized fields"): string, text and richText only. */
  localized?: boolean
  options?: { value: string; label: Record<string, string> }[]
  ref?: string
}

/**
 * Typed collection definitions (docs/decisions/content.md "Typed collections"): one row per
 * collection key and tenant.
 */
export const collections = pgTable(
  'collections',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    key: text('key').notNull(),
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
    fields: jsonb('fields').$type<StoredField[]>().notNull().default([]),
    // Read by the entries trigger of the custom migration: a required field is enforced by the database.
    requiredFields: text('required_fields').array().notNull().default([]),
    slugField: text('slug_field'),
    defaultSortField: text('default_sort_field').notNull().default('createdAt'),
    defaultSortDir: text('default_sort_dir').notNull().default('desc'),
    status: text('status').notNull().default('active'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('collections_tenant_key_key').on(t.tenantId, t.key),
  ],
)

export const collectionEntries = pgTable(
  'collection_entries',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    collectionId: char('collection_id', { length: 24 }).notNull(),
    slug: text('slug').notNull(),
    status: text('status').notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // The other locales' values of localized fields: `{ "de": { "title": "…" } }` (`data` holds the default's).
    translations: jsonb('translations')
      .$type<Record<string, Record<string, unknown>>>()
      .notNull()
      .default({}),
    publishedAt: optionalTimestamp('published_at'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('collection_entries_tenant_collection_slug_key').on(t.tenantId, t.collectionId, t.slug),
    index('collection_entries_tenant_collection_status_created_idx').on(
      t.tenantId,
      t.collectionId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    foreignKey({
      columns: [t.tenantId, t.collectionId],
      foreignColumns: [collections.tenantId, collections.id],
    }).onDelete('cascade'),
  ],
)

/**
 * The searchable values of each entry: one row per declared scalar field, locale and value (several
 * for a `multiple` field), written in the entry's transaction. `locale` is '' for the entry's own
 * values (`data`, the default locale's) and the locale of a localized field's translation otherwise. Filters and sorts on declared fields read
 * these typed columns through their indexes, with the field key as a bound value, never as SQL.
 * `unique_value` (the normalized value of a `unique` field) carries the uniqueness: the partial
 * unique index decides, not a pre-check.
 */
export const collectionEntryValues = pgTable(
  'collection_entry_values',
  {
    tenantId: tenantIdColumn(),
    collectionId: char('collection_id', { length: 24 }).notNull(),
    entryId: char('entry_id', { length: 24 }).notNull(),
    field: text('field').notNull(),
    locale: text('locale').notNull().default(''),
    position: integer('position').notNull().default(0),
    textValue: text('text_value'),
    numberValue: doublePrecision('number_value'),
    timeValue: timestamp('time_value', { withTimezone: true, mode: 'date' }),
    uniqueValue: text('unique_value'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entryId, t.field, t.locale, t.position] }),
    index('collection_entry_values_text_idx').on(t.tenantId, t.collectionId, t.field, t.textValue),
    index('collection_entry_values_number_idx').on(t.tenantId, t.collectionId, t.field, t.numberValue),
    index('collection_entry_values_time_idx').on(t.tenantId, t.collectionId, t.field, t.timeValue),
    index('collection_entry_values_text_trgm_idx').using(
      'gin',
      t.tenantId,
      t.collectionId,
      t.field,
      sql`${t.textValue} gin_trgm_ops`,
    ),
    uniqueIndex('collection_entry_values_unique_key')
      .on(t.tenantId, t.collectionId, t.field, t.uniqueValue)
      .where(sql`${t.uniqueValue} IS NOT NULL`),
    foreignKey({
      columns: [t.tenantId, t.entryId],
      foreignColumns: [collectionEntries.tenantId, collectionEntries.id],
    }).onDelete('cascade'),
  ],
)
