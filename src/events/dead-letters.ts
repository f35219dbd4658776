import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox, outboxTasks } from '../db/schema/index.js'

/** A dead letter: an event one consumer gave up on after its retries (docs/decisions/jobs-and-events.md "Dead letters"). */
export interface DeadLetterRow {
  consumer: string
  eventId: string
  tenantId: string | null
  type: string
  attempts: number
  lastError: string | null
  deadAt: Date
  /** When the event was recorded. */
  createdAt: Date
}

export interface DeadLetterFilter {
  consumer?: string | undefined
  tenantId?: string | undefined
  eventIds?: readonly string[] | undefined
}

function whereOf(filter: DeadLetterFilter): SQL | undefined {
  return and(
    isNotNull(outboxTasks.deadAt),
    filter.consumer === undefined ? undefined : eq(outboxTasks.consumer, filter.consumer),
    filter.tenantId === undefined ? undefined : eq(outboxTasks.tenantId, filter.tenantId),
    filter.eventIds === undefined ? undefined : inArray(outboxTasks.eventId, [...filter.eventIds]),
  )
}

/**
 * The outbox's dead letters across tenants, newest first: the platform's own queue, read by its
 * operators (the outbox family's routes), never by a tenant.
 */
export function createDeadLetters(db: Db) {
  return {
    async list(filter: DeadLetterFilter, offset: number, limit: number) {
      const where = whereOf(filter)
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            consumer: outboxTasks.consumer,
            eventId: outboxTasks.eventId,
            tenantId: outboxTasks.tenantId,
            type: outbox.type,
            attempts: outboxTasks.attempts,
            lastError: outboxTasks.lastError,
            deadAt: outboxTasks.deadAt,
            createdAt: outbox.createdAt,
          })
          .from(outboxTasks)
          .innerJoin(outbox, eq(outbox.id, outboxTasks.eventId))
          .where(where)
          .orderBy(desc(outboxTasks.deadAt), desc(outboxTasks.eventId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(outboxTasks).where(where),
      ])
      return { rows: rows as DeadLetterRow[], total: counted?.total ?? 0 }
    },

    /**
     * Makes the matching dead letters due again from their first attempt (their consumer takes them
     * at the relay's next round); resolves with how many.
     */
    async replay(filter: DeadLetterFilter): Promise<number> {
      const rows = await db
        .update(outboxTasks)
        .set({ deadAt: null, attempts: 0, availableAt: new Date() })
        .where(whereOf(filter))
        .returning({ eventId: outboxTasks.eventId })
      return rows.length
    },
  }
}
