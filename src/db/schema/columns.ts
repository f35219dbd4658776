import { char, timestamp } from 'drizzle-orm/pg-core'

/** Shared column mixins. Ids are 24-hex strings from `lib/ids.ts`, stored as fixed-width text. */
export const idColumn = () => char('id', { length: 24 }).notNull()

export const tenantIdColumn = () => char('tenant_id', { length: 24 }).notNull()

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}

export const optionalTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
