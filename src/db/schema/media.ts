import { char, index, integer, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/**
 * Media records. This issue needs only external media (a URL Folio does not store); uploads
 * (`source_type = 'upload'`, storage key, size) extend the same table later.
 */
export const media = pgTable(
  'media',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    sourceType: text('source_type').notNull(),
    status: text('status').notNull().default('active'),
    url: text('url').notNull(),
    title: text('title'),
    description: text('description'),
    provider: text('provider'),
    providerId: text('provider_id'),
    thumbnailUrl: text('thumbnail_url'),
    altText: text('alt_text'),
    caption: text('caption'),
    duration: real('duration'),
    mimeType: text('mime_type'),
    originalName: text('original_name'),
    size: integer('size'),
    tags: text('tags').array().notNull().default([]),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('media_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
)
