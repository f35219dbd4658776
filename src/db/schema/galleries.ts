import { char, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { contents } from './content.js'
import { media } from './media.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/**
 * Galleries: ordered media sets (docs/decisions/content.md "Galleries"), linked to contents through
 * `gallery_contents`.
 */
export const galleries = pgTable(
  'galleries',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('galleries_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
)

/** A gallery's items in order (`position` 0, 1, …); removing the media removes its items. */
export const galleryItems = pgTable(
  'gallery_items',
  {
    tenantId: tenantIdColumn(),
    galleryId: char('gallery_id', { length: 24 }).notNull(),
    position: integer('position').notNull(),
    mediaId: char('media_id', { length: 24 }).notNull(),
    title: text('title').notNull().default(''),
    caption: text('caption').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.galleryId, t.position] }),
    index('gallery_items_tenant_media_idx').on(t.tenantId, t.mediaId),
    foreignKey({
      columns: [t.tenantId, t.galleryId],
      foreignColumns: [galleries.tenantId, galleries.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.mediaId], foreignColumns: [media.tenantId, media.id] }).onDelete(
      'cascade',
    ),
  ],
)

/** Which galleries a content shows, in order (`PUT /api/contents/{id}/galleries`). */
export const galleryContents = pgTable(
  'gallery_contents',
  {
    tenantId: tenantIdColumn(),
    contentId: char('content_id', { length: 24 }).notNull(),
    galleryId: char('gallery_id', { length: 24 }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId, t.galleryId] }),
    index('gallery_contents_tenant_gallery_idx').on(t.tenantId, t.galleryId),
    foreignKey({
      columns: [t.tenantId, t.contentId],
      foreignColumns: [contents.tenantId, contents.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.galleryId],
      foreignColumns: [galleries.tenantId, galleries.id],
    }).onDelete('cascade'),
  ],
)
