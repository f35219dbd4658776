import { char, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/**
 * Server-side user sessions (docs/decisions/auth.md "Sessions live on the server"). The JWT carries
 * `sid` and `jti`; a request is accepted only while the row exists, is not revoked, has not passed
 * `expires_at` and its `token_id` equals the JWT's `jti` (so a rotated token stops working at
 * once).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn().primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: char('tenant_id', { length: 24 }).references(() => tenants.id, { onDelete: 'set null' }),
    tokenId: text('token_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: optionalTimestamp('revoked_at'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** One-time tokens mailed to a user (e-mail verification, password reset), stored as SHA-256 only. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: idColumn().primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: optionalTimestamp('used_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
  ],
)

/**
 * API tokens: `folio_` + 32 random bytes, only the SHA-256 stored. Looked up by hash before the
 * tenant is known, hence the global unique index on `token_hash`.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    role: text('role').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: optionalTimestamp('expires_at'),
    lastUsedAt: optionalTimestamp('last_used_at'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
)
