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
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/**
 * Navigation menus (docs/decisions/menus-and-placements.md). `location` is where a site shows the
 * menu; at most one active menu per location other than `custom` (a partial unique index), so "the
 * header menu" is never ambiguous.
 */
export const menus = pgTable(
  'menus',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull(),
    status: text('status').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('menus_tenant_slug_key').on(t.tenantId, t.slug),
    uniqueIndex('menus_tenant_active_location_key')
      .on(t.tenantId, t.location)
      .where(sql`${t.status} = 'active' and ${t.location} <> 'custom'`),
    index('menus_tenant_name_idx').on(t.tenantId, t.name),
  ],
)

/**
 * The items of a menu, one row each; `parent_id` null for a root item. `reference_id` points at a
 * content, category or form of the same tenant (checked on write, resolved on public reads: no
 * foreign key, as the target table depends on `type`).
 */
export const menuItems = pgTable(
  'menu_items',
  {
    tenantId: tenantIdColumn(),
    menuId: char('menu_id', { length: 24 }).notNull(),
    id: idColumn(),
    parentId: char('parent_id', { length: 24 }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    url: text('url'),
    referenceId: char('reference_id', { length: 24 }),
    target: text('target').notNull().default('_self'),
    cssClasses: text('css_classes').notNull().default(''),
    icon: text('icon').notNull().default(''),
    description: text('description').notNull().default(''),
    isVisible: boolean('is_visible').notNull().default(true),
    /** `{ [locale]: { title } }` for locales other than the default (docs/decisions/localization.md). */
    translations: jsonb('translations').$type<Record<string, { title?: string }>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('menu_items_tenant_menu_idx').on(t.tenantId, t.menuId, t.parentId, t.position),
    index('menu_items_tenant_reference_idx').on(t.tenantId, t.referenceId),
    foreignKey({ columns: [t.tenantId, t.menuId], foreignColumns: [menus.tenantId, menus.id] }).onDelete(
      'cascade',
    ),
    // Deleting an item deletes its subtree; the composite key keeps a parent in the same tenant.
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }).onDelete('cascade'),
  ],
)
