import { char, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.js'
import { users } from './users.js'

/**
 * Accounts at external identity providers linked to a Folio account (Google sign-in). One per
 * provider per user; a provider's subject belongs to one user at most (the unique index decides,
 * so two concurrent links cannot both win).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The issuer's `sub` claim: stable, unlike the e-mail address. */
    subject: text('subject').notNull(),
    /** The address the issuer reported when linking (shown to the user; never used to sign in). */
    email: text('email'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('external_identities_subject_key').on(t.provider, t.subject),
  ],
)

/**
 * OpenID Connect flows between `/start` and `/callback` (10 minutes at most), kept server-side and
 * spent once: keyed by the SHA-256 of `state`, bound to the browser that started the flow by the
 * SHA-256 of its flow cookie. The PKCE verifier is stored encrypted (lib/secrets.ts).
 */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    /** `signin` or `link`. */
    mode: text('mode').notNull(),
    /** The signed-in user a `link` flow links to; null for `signin`. */
    userId: char('user_id', { length: 24 }).references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('oauth_flows_expires_idx').on(t.expiresAt)],
)
