import { sql } from 'drizzle-orm'
import { boolean, char, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
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
    /**
     * Deletion lifecycle (`status` `deletion_pending` → `purging` → row gone). `deletion_id` names
     * the current deletion: a purge job queued for an earlier deletion (since restored) does nothing.
     */
    deletionId: char('deletion_id', { length: 24 }),
    deletedBy: char('deleted_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    deletionReason: text('deletion_reason'),
    purgeAfter: optionalTimestamp('purge_after'),
    /** Kept for a billing integration: cancel the subscription at period end rather than at once. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    restoredAt: optionalTimestamp('restored_at'),
  },
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    // The purge sweep looks for tenants whose grace period has passed.
    index('tenants_purge_after_idx').on(t.purgeAfter).where(sql`${t.purgeAfter} is not null`),
  ],
)

/** A user's place in a tenant. `role` is a system role key (see src/permissions.ts). */
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

/**
 * A pending ownership transfer (docs/decisions/tenancy.md "Ownership transfer"): the owner
 * `fromUserId` offers the tenant to the active member `toUserId`. The one-time token is stored as
 * its SHA-256 (docs/decisions/auth.md "One-time tokens"); `acceptedAt` set = used. A new request
 * replaces the tenant's open one.
 */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    fromUserId: char('from_user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: char('to_user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: optionalTimestamp('expires_at').notNull(),
    acceptedAt: optionalTimestamp('accepted_at'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('ownership_transfers_tenant_token_key').on(t.tenantId, t.tokenHash),
  ],
)
