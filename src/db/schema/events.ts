import { sql } from 'drizzle-orm'
import { char, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/** Who caused an event, as recorded (names are resolved when an activity is written). */
export type ActorRef =
  | { kind: 'user'; id: string }
  | { kind: 'apiToken'; id: string; name?: string }
  | { kind: 'system'; name: string }

/**
 * The transactional outbox (docs/architecture.md "Outbox"): each write records its domain events in
 * its own transaction; consumers (activities, webhooks, cache invalidation) read them after commit.
 * Unprocessed rows are found through a partial index across tenants: this table is a queue, the one
 * place (with the job queue) where an index does not start with `tenant_id`. Its key is the event id
 * alone, since account events have no tenant; no tenant reads this table (consumers copy each event
 * into the tenants it concerns).
 */
export const outbox = pgTable(
  'outbox',
  {
    /** null for an account event (about an account or the platform, docs/architecture.md "Outbox"). */
    tenantId: char('tenant_id', { length: 24 }).references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    type: text('type').notNull(),
    subjectId: char('subject_id', { length: 24 }),
    actor: jsonb('actor').$type<ActorRef>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The client of the request that caused it (activities show the address). */
    ipAddress: text('ip_address'),
    createdAt: timestamps.createdAt,
    processedAt: optionalTimestamp('processed_at'),
    /** Consumer failures so far; past the relay's limit the event is set aside (processed with an error). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.id] }),
    index('outbox_pending_idx').on(t.createdAt, t.id).where(sql`${t.processedAt} is null`),
    index('outbox_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
)

/**
 * The activity log (API contract: GET /api/activities; docs/architecture.md "Activities"), written
 * from the outbox: one row per event, keyed by the event id so a replayed event is not logged
 * twice.
 */
export const activities = pgTable(
  'activities',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    action: text('action').notNull(),
    userId: char('user_id', { length: 24 }),
    /** The actor as shown: user id, first and last name and e-mail, or an API token's name. */
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('activities_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('activities_tenant_action_idx').on(t.tenantId, t.action, t.createdAt.desc()),
    index('activities_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt.desc()),
  ],
)
