import { sql } from 'drizzle-orm'
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
import { apiTokens } from './auth.js'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { media } from './media.js'
import { categories, tags } from './taxonomy.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

export const contents = pgTable(
  'contents',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    /**
     * The language of this translation, a tenant locale (docs/decisions/localization.md "Contents are
     * translated as documents"); contents written before locales are `en`.
     */
    locale: text('locale').notNull(),
    /**
     * The translations of one document share it: the id of the group's first content, a value and
     * not a reference (deleting that content leaves the others grouped).
     */
    translationGroupId: char('translation_group_id', { length: 24 }).notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull().default(''),
    lexical: jsonb('lexical').$type<Record<string, unknown>>(),
    html: text('html').notNull().default(''),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    featuredMediaId: char('featured_media_id', { length: 24 }),
    status: text('status').notNull(),
    publishAt: optionalTimestamp('publish_at'),
    publishedAt: optionalTimestamp('published_at'),
    authorName: text('author_name').notNull().default(''),
    /** `post`, `page` or a key of the tenant's own (docs/decisions/content.md "Types and page trees"). */
    type: text('type').notNull().default('post'),
    /** The parent in a page tree: a content of the same tenant, never a descendant (depth ≤ 8). */
    parentId: char('parent_id', { length: 24 }),
    /** Position among siblings, ascending. */
    order: integer('order').notNull().default(0),
    /** The number of the newest snapshot in content_versions (raised under the row lock). */
    version: integer('version').notNull().default(1),
    /**
     * The version whose snapshot is a published content's pending draft, null when none
     * (docs/decisions/content.md "Drafts of published contents"): the row keeps the live text.
     */
    draftVersion: integer('draft_version'),
    /** When the scheduler publishes the pending draft; null: not scheduled. */
    draftPublishAt: optionalTimestamp('draft_publish_at'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Slugs are unique per locale. Slug first: a read by slug alone (the public one, which prefers
    // the reader's locales and else answers another translation) walks the same index.
    uniqueIndex('contents_tenant_slug_locale_key').on(t.tenantId, t.slug, t.locale),
    // One translation per locale; the group's translations (alternates, the best locale of a chain).
    uniqueIndex('contents_tenant_group_locale_key').on(t.tenantId, t.translationGroupId, t.locale),
    // Lists sort by publishedAt desc, id desc, usually within one status.
    index('contents_tenant_status_published_idx').on(t.tenantId, t.status, t.publishedAt.desc(), t.id.desc()),
    // The same within one locale: a public list in a one-locale chain, an admin list by locale.
    index('contents_tenant_locale_status_published_idx').on(
      t.tenantId,
      t.locale,
      t.status,
      t.publishedAt.desc(),
      t.id.desc(),
    ),
    index('contents_tenant_published_idx').on(t.tenantId, t.publishedAt.desc(), t.id.desc()),
    // Lists of one type (posts, pages) in the lists' order; page trees and `parent` lists by parent.
    index('contents_tenant_type_published_idx').on(t.tenantId, t.type, t.publishedAt.desc(), t.id.desc()),
    index('contents_tenant_parent_order_idx').on(t.tenantId, t.parentId, t.order),
    // Partial-match search on title and summary (ILIKE '%…%'): trigram GIN led by tenant_id through
    // btree_gin; the extensions come from migration 0000.
    index('contents_tenant_title_trgm_idx').using('gin', t.tenantId, sql`${t.title} gin_trgm_ops`),
    index('contents_tenant_summary_trgm_idx').using('gin', t.tenantId, sql`${t.summary} gin_trgm_ops`),
    // `customFields.<key>=<value>` list filters: one containment test (`@>`) on this index.
    index('contents_tenant_custom_fields_idx').using(
      'gin',
      t.tenantId,
      sql`${t.customFields} jsonb_path_ops`,
    ),
    // The scheduler's sweep reads only the (few) scheduled rows.
    index('contents_tenant_scheduled_idx').on(t.tenantId, t.publishAt).where(sql`${t.status} = 'scheduled'`),
    index('contents_tenant_draft_scheduled_idx')
      .on(t.tenantId, t.draftPublishAt)
      .where(sql`${t.draftPublishAt} is not null`),
    foreignKey({
      columns: [t.tenantId, t.featuredMediaId],
      foreignColumns: [media.tenantId, media.id],
    }).onDelete('set null'),
    // The migration narrows SET NULL to parent_id: deleting a parent makes its children roots.
    foreignKey({
      name: 'contents_tenant_parent_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }).onDelete('set null'),
  ],
)

/**
 * Copies of the linked content's status and publishedAt on each category and tag link, kept in
 * step by the contents service, so an archive page needs no scan of the tenant's contents.
 */
const contentState = {
  status: text('status').notNull().default('draft'),
  publishedAt: optionalTimestamp('published_at'),
}

export const contentCategories = pgTable(
  'content_categories',
  {
    tenantId: tenantIdColumn(),
    contentId: char('content_id', { length: 24 }).notNull(),
    categoryId: char('category_id', { length: 24 }).notNull(),
    ...contentState,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId, t.categoryId] }),
    // A category archive (newest published first) reads its page straight off this index.
    index('content_categories_tenant_category_published_idx').on(
      t.tenantId,
      t.categoryId,
      t.status,
      t.publishedAt.desc(),
      t.contentId.desc(),
    ),
    foreignKey({
      columns: [t.tenantId, t.contentId],
      foreignColumns: [contents.tenantId, contents.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [categories.tenantId, categories.id],
    }).onDelete('cascade'),
  ],
)

export const contentTags = pgTable(
  'content_tags',
  {
    tenantId: tenantIdColumn(),
    contentId: char('content_id', { length: 24 }).notNull(),
    tagId: char('tag_id', { length: 24 }).notNull(),
    ...contentState,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contentId, t.tagId] }),
    // A tag archive (newest published first) reads its page straight off this index.
    index('content_tags_tenant_tag_published_idx').on(
      t.tenantId,
      t.tagId,
      t.status,
      t.publishedAt.desc(),
      t.contentId.desc(),
    ),
    foreignKey({
      columns: [t.tenantId, t.contentId],
      foreignColumns: [contents.tenantId, contents.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [tags.tenantId, tags.id] }).onDelete(
      'cascade',
    ),
  ],
)

/**
 * Snapshots of a content, one per save (docs/decisions/content.md "Every save keeps a version"):
 * `snapshot` is the full content record as the API returned it after that save. Deleting marks a
 * version (`deletedAt`), keeping the record of who deleted it; pruning removes rows for good.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contentId: char('content_id', { length: 24 }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    status: text('status').notNull(),
    /** A save of a published content's pending draft (the live row did not change). */
    draft: boolean('draft').notNull().default(false),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    /** Who saved it when that was not a user: an API token's name or Folio's own work. */
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamps.createdAt,
    deletedAt: optionalTimestamp('deleted_at'),
    deletedBy: char('deleted_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('content_versions_tenant_content_version_key').on(t.tenantId, t.contentId, t.version),
    foreignKey({
      columns: [t.tenantId, t.contentId],
      foreignColumns: [contents.tenantId, contents.id],
    }).onDelete('cascade'),
  ],
)

/**
 * Draft preview tokens (docs/decisions/preview.md): each reads the latest draft of one content's
 * translation group through the public routes, until `expires_at`. Only the SHA-256 of the token is
 * kept. Deleting the content deletes its tokens; the creator's access is checked at each read.
 */
export const previewTokens = pgTable(
  'preview_tokens',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    translationGroupId: char('translation_group_id', { length: 24 }).notNull(),
    contentId: char('content_id', { length: 24 }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The user who asked for it (for an API token, null: `api_token_id` names the token). */
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'cascade' }),
    /** The API token that asked for it; deleting that token deletes this one. */
    apiTokenId: char('api_token_id', { length: 24 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Looked up by hash with the tenant of the request: a token of another tenant finds nothing.
    uniqueIndex('preview_tokens_hash_key').on(t.tokenHash),
    index('preview_tokens_tenant_expires_idx').on(t.tenantId, t.expiresAt),
    foreignKey({
      columns: [t.tenantId, t.contentId],
      foreignColumns: [contents.tenantId, contents.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.apiTokenId],
      foreignColumns: [apiTokens.tenantId, apiTokens.id],
    }).onDelete('cascade'),
  ],
)

/** Field types of custom field definitions (docs/decisions/content.md "Custom field definitions"). */
export const CUSTOM_FIELD_TYPES = [
  'text',
  'number',
  'boolean',
  'date',
  'select',
  'multi-select',
  'url',
  'json',
  'reference',
  'multi-reference',
] as const
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number]

/** A tenant's typed fields of `contents.custom_fields` (API contract: /api/custom-field-definitions). */
export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<CustomFieldType>().notNull(),
    options: jsonb('options').$type<{ label: string; value: string }[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    defaultValue: jsonb('default_value').$type<unknown>(),
    public: boolean('public').notNull().default(true),
    filterable: boolean('filterable').notNull().default(false),
    searchable: boolean('searchable').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('custom_field_definitions_tenant_key_key').on(t.tenantId, t.key),
  ],
)
