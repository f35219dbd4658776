import { and, isNotNull, lt, notExists, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox, outboxTasks } from '../db/schema/index.js'

/** Rows removed per statement, so one prune never holds a long lock or a large transaction. */
const PRUNE_BATCH = 5000

/**
 * Removes outbox events dispatched more than `retentionDays` days before `now` whose consumers have
 * all handled them (the daily `outbox.retention` job): the row is then only history, and without
 * pruning the table grows with every write. An event still waiting for a consumer, or kept as a dead
 * letter, is never touched. Returns how many rows went.
 */
export async function pruneOutbox(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000)
  let removed = 0
  for (;;) {
    const batch = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNotNull(outbox.dispatchedAt),
          lt(outbox.dispatchedAt, cutoff),
          notExists(
            db.select({ one: sql`1` }).from(outboxTasks).where(sql`${outboxTasks.eventId} = ${outbox.id}`),
          ),
        ),
      )
      .limit(PRUNE_BATCH)
    const rows = await db.delete(outbox).where(sql`${outbox.id} in ${batch}`).returning({ id: outbox.id })
    removed += rows.length
    if (rows.length < PRUNE_BATCH) return removed
  }
}
