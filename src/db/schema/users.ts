import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, timestamps } from './columns.js'

/** Accounts are global (one person, many tenants through memberships); they hold no tenant data. */
export const users = pgTable(
  'users',
  {
    id: idColumn().primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    language: text('language'),
    status: text('status').notNull().default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    emailVerifiedAt: optionalTimestamp('email_verified_at'),
    lastLoginAt: optionalTimestamp('last_login_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
)
