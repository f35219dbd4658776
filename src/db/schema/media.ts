import { sql } from 'drizzle-orm'
import {
  bigint,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/** One generated rendition of an uploaded image (`media.variants`). */
export interface MediaVariant {
  name: string
  key: string
  url: string
  width: number
  height: number
  size: number
  mimeType: string
}

/**
 * Where an upload's variants are (`media.variants_status`): `none` (not an image Folio renders, or
 * external media), `pending` (queued or being made by the variants job), `ready` (listed in
 * `variants`) or `failed` (the job gave up: the image could not be decoded, was beyond the pixel
 * limit, or the store kept failing).
 */
export const VARIANTS_STATUSES = ['none', 'pending', 'ready', 'failed'] as const
export type VariantsStatus = (typeof VARIANTS_STATUSES)[number]

/**
 * Media records: external media (a URL Folio links to and never fetches) and uploads (an object in
 * the media storage under `key`, which the server generated: `<tenantId>/<YYYY>/<MM>/<uploadId>/<file>`).
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
    key: text('key'),
    folder: text('folder'),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    variantsStatus: text('variants_status').$type<VariantsStatus>().notNull().default('none'),
    tags: text('tags').array().notNull().default([]),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('media_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    // One record per stored object; serving looks an object's folder up.
    uniqueIndex('media_tenant_key_key').on(t.tenantId, t.key).where(sql`${t.key} is not null`),
    index('media_tenant_folder_idx').on(t.tenantId, t.folder).where(sql`${t.folder} is not null`),
  ],
)

/**
 * Upload grants issued by `POST /api/media/presign`: what the client may put under `key` (content
 * type, at most `maxBytes`, before `expiresAt`). Registration needs this tenant's unused grant for
 * the key, so a key cannot be registered by another tenant nor twice; `uploadedAt` makes the local
 * driver's signed PUT single-use.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
)
