import { sql } from 'drizzle-orm'
import { char, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/**
 * One message to a tenant's webhook (docs/architecture.md "Webhooks") and its delivery state. The
 * id is the domain event's id (a test ping gets its own), so the outbox consumer records each event
 * once per tenant however often it is replayed; it is also the `webhook-id` header, the same on
 * every retry and redelivery, which receivers use to drop duplicates. `payload` is the exact JSON
 * body sent (text: jsonb would reorder its members), so every attempt sends the same bytes.
 *
 * `attempt_key` names the one queued attempt: a job carries the key it was queued with, and a job
 * whose key no longer matches (a redelivery replaced it) does nothing. `status`: pending →
 * succeeded | failed. The tenant's secret is never stored here.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    /** Attempts in the current series (a redelivery starts a new one). */
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** The start of the last answer's body as the receiver sent it (2,000 characters at most). */
    lastResponse: text('last_response'),
    lastAttemptAt: optionalTimestamp('last_attempt_at'),
    /** When the queued attempt is due; null once the delivery succeeded or failed. */
    nextAttemptAt: optionalTimestamp('next_attempt_at'),
    attemptKey: char('attempt_key', { length: 24 }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_deliveries_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('webhook_deliveries_tenant_status_idx').on(t.tenantId, t.status, t.createdAt.desc()),
    // The dispatcher's queue across tenants (docs/architecture.md "Webhooks").
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
)
