import { char, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/**
 * What an importer has already brought in: `(source, source_key)` → Folio record. It makes
 * imports idempotent without relying on slugs, which a source may repeat across kinds
 * (a WordPress post and page can share one).
 */
export const importRecords = pgTable(
  'import_records',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    kind: text('kind').notNull(),
    targetId: char('target_id', { length: 24 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.source, t.sourceKey] })],
)
