import {
  char,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

export const categories = pgTable(
  'categories',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    parentId: char('parent_id', { length: 24 }),
    position: integer('position').notNull().default(0),
    defaultSortField: text('default_sort_field').notNull().default('publishedAt'),
    defaultSortOrder: text('default_sort_order').notNull().default('desc'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('categories_tenant_slug_key').on(t.tenantId, t.slug),
    index('categories_tenant_parent_position_idx').on(t.tenantId, t.parentId, t.position),
    index('categories_tenant_name_idx').on(t.tenantId, t.name),
    // The composite key keeps a parent inside the same tenant by construction.
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }).onDelete('cascade'),
  ],
)

export const tags = pgTable(
  'tags',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tags_tenant_slug_key').on(t.tenantId, t.slug),
    index('tags_tenant_title_idx').on(t.tenantId, t.title),
  ],
)

/**
 * A category's values in one locale other than the tenant's default (docs/decisions/localization.md
 * "Field-level localization"): each member optional, a row only while one is set. The unique index
 * on (tenant, locale, slug) keeps a translated slug unique within its locale (null slugs never
 * collide); the default locale's slugs are the categories' own (`categories_tenant_slug_key`).
 */
export const categoryTranslations = pgTable(
  'category_translations',
  {
    tenantId: tenantIdColumn(),
    categoryId: char('category_id', { length: 24 }).notNull(),
    locale: text('locale').notNull(),
    name: text('name'),
    slug: text('slug'),
    description: text('description'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.categoryId, t.locale] }),
    uniqueIndex('category_translations_tenant_locale_slug_key').on(t.tenantId, t.locale, t.slug),
    foreignKey({
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [categories.tenantId, categories.id],
    }).onDelete('cascade'),
  ],
)

/** A tag's title and slug in one locale other than the default; as `category_translations`. */
export const tagTranslations = pgTable(
  'tag_translations',
  {
    tenantId: tenantIdColumn(),
    tagId: char('tag_id', { length: 24 }).notNull(),
    locale: text('locale').notNull(),
    title: text('title'),
    slug: text('slug'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tagId, t.locale] }),
    uniqueIndex('tag_translations_tenant_locale_slug_key').on(t.tenantId, t.locale, t.slug),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [tags.tenantId, tags.id] }).onDelete(
      'cascade',
    ),
  ],
)
