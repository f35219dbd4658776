import { char, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { users } from './users.js'

export const tenants = pgTable(
  'tenants',
  {
    id: idColumn().primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    plan: text('plan').notNull(),
    status: text('status').notNull().default('active'),
    ...timestamps,
    deletedAt: optionalTimestamp('deleted_at'),
  },
  (t) => [uniqueIndex('tenants_slug_key').on(t.slug)],
)

/** A user's place in a tenant. `role` is a system role key (see modules/roles/catalog.ts). */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    acceptedAt: optionalTimestamp('accepted_at'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('memberships_tenant_user_key').on(t.tenantId, t.userId),
    index('memberships_tenant_role_status_idx').on(t.tenantId, t.role, t.status),
    // Listing a user's tenants is keyed by the user; it is the one lookup that cannot start from a tenant.
    index('memberships_user_idx').on(t.userId),
  ],
)
