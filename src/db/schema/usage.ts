import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { tenantIdColumn } from './columns.js'
import { tenants } from './tenants.js'

/**
 * Metered API requests per tenant, budget and UTC hour (docs/decisions/quotas.md "Counting never
 * writes on the request path", "Two budgets: admin and public"). Each instance counts in memory and
 * folds its counts here every few seconds with an additive upsert, so no request writes to the
 * database. Hourly buckets answer every window the dashboard shows (four-hour, daily, today,
 * weekly) and the monthly quota period.
 */
export const apiUsage = pgTable(
  'api_usage',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The budget the requests count against: `admin` (tenant routes) or `public` (/api/public). */
    budget: text('budget', { enum: ['admin', 'public'] }).notNull(),
    /** Start of the UTC hour the requests fell in. */
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hour, t.budget] })],
)
