import { sql } from 'drizzle-orm'
import { char, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'

/** Who caused an event, as recorded (names are resolved when an activity is written). */
export type ActorRef =
  | { kind: 'user'; id: string }
  | { kind: 'apiToken'; id: string; name?: string }
  | { kind: 'system'; name: string }

/**
 * The transactional outbox (docs/architecture.md "Outbox"): each write records its domain events in
 * its own transaction; the relay hands each event to every durable consumer as a task of its own
 * (`outbox_tasks`) and then sets `dispatched_at`. Undispatched rows are found through a partial index
 * across tenants: this table is a queue, the one place (with the tasks and the job queue) where an
 * index does not start with `tenant_id`. Its key is the event id alone, since account events have no
 * tenant; no tenant reads this table (consumers copy each event into the tenants it concerns).
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
    /** When the relay gave the event to its consumers (their tasks exist from then on). */
    dispatchedAt: optionalTimestamp('dispatched_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id] }),
    index('outbox_undispatched_idx').on(t.createdAt, t.id).where(sql`${t.dispatchedAt} is null`),
    index('outbox_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
)

/**
 * One durable consumer's progress on one event (docs/architecture.md "Relay"): the row exists until
 * the consumer has handled the event, so each consumer moves at its own pace and a failing one holds
 * back no other. A failed attempt pushes `available_at` back (exponential backoff); past the relay's
 * limit `dead_at` is set and the task waits, as a dead letter, for an operator to replay it.
 * `tenant_id` is the event's (null for an account event), for an operator's filters only.
 */
export const outboxTasks = pgTable(
  'outbox_tasks',
  {
    consumer: text('consumer').notNull(),
    eventId: char('event_id', { length: 24 })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    tenantId: char('tenant_id', { length: 24 }),
    /** Attempts so far (a claim counts one, so a crash during an attempt counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** Not handed to the consumer before this time (a retry's backoff, or a claim's lease). */
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the task became a dead letter. */
    deadAt: optionalTimestamp('dead_at'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.consumer, t.eventId] }),
    index('outbox_tasks_due_idx').on(t.consumer, t.availableAt).where(sql`${t.deadAt} is null`),
    index('outbox_tasks_dead_idx').on(t.deadAt).where(sql`${t.deadAt} is not null`),
    index('outbox_tasks_event_idx').on(t.eventId),
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
