import { and, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox } from '../db/schema/index.js'

/** Rows removed per statement, so one prune never holds a long lock or a large transaction. */
const PRUNE_BATCH = 5000

/**
 * Removes outbox events that were relayed more than `retentionDays` days before `now` (the daily
 * `outbox.retention` job): once every consumer has them (activities, webhooks, broadcasts), the
 * outbox row is only history, and without pruning the table grows with every write. Unrelayed
 * events are never touched. Returns how many rows went.
 */
export async function pruneOutbox(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000)
  let removed = 0
  for (;;) {
    const batch = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNotNull(outbox.processedAt), lt(outbox.processedAt, cutoff)))
      .limit(PRUNE_BATCH)
    const rows = await db.delete(outbox).where(sql`${outbox.id} in ${batch}`).returning({ id: outbox.id })
    removed += rows.length
    if (rows.length < PRUNE_BATCH) return removed
  }
}
