import {
  char,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { idColumn, tenantIdColumn, timestamps } from './columns.js'
import { memberships, tenants } from './tenants.js'
import { users } from './users.js'

/**
 * A tenant's custom roles (docs/decisions/auth.md "Roles and permissions"). Memberships name a role
 * by `key`; system role keys (src/permissions.ts) are refused by the service, so a key
 * resolves to one role.
 */
export const roles = pgTable(
  'roles',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    level: integer('level').notNull(),
    permissions: text('permissions').array().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_tenant_key_key').on(t.tenantId, t.key),
  ],
)

/**
 * The live invitation of a pending membership: one per membership, its one-time token stored as
 * SHA-256 only. Looked up by hash before the tenant is known, hence the global unique index.
 * Accepting deletes the row; removing the membership deletes it with it (revocation).
 */
export const invitations = pgTable(
  'invitations',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    membershipId: char('membership_id', { length: 24 }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    invitedBy: char('invited_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('invitations_tenant_membership_key').on(t.tenantId, t.membershipId),
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_tenant_expires_idx').on(t.tenantId, t.expiresAt),
    foreignKey({
      columns: [t.tenantId, t.membershipId],
      foreignColumns: [memberships.tenantId, memberships.id],
      name: 'invitations_membership_fk',
    }).onDelete('cascade'),
  ],
)
