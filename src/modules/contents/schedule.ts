import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { ContentWrites } from './service-writes.js'

/** Contents published per sweep statement; a sweep repeats until fewer are due. */
const SWEEP_BATCH = 100

/**
 * Scheduled publishing (docs/decisions/content.md "Scheduled publishing is a durable job"). Each
 * write that schedules a content queues a `contents.publish-scheduled` job due at its publishAt in
 * the same transaction (service-writes.ts), so the schedule survives restarts and a job overdue
 * after downtime runs as soon as the runner starts. Rescheduling queues a new job; the old one, and
 * the one of a content no longer scheduled, find nothing due and do nothing. `publishDue` is the
 * backstop, run every minute: it publishes every scheduled content whose publishAt has passed,
 * including contents written without a job runner (the command-line importer).
 */
export function createContentScheduler(deps: {
  db: Db
  contents: Pick<ContentWrites, 'publishScheduled'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  return {
    /** Publishes every content due at `now()`, across tenants. @returns how many it published. */
    async publishDue(): Promise<number> {
      let published = 0
      for (;;) {
        // Across tenants on purpose: this is Folio's own sweep. The partial index
        // contents_tenant_scheduled_idx holds only scheduled rows, so the scan stays small.
        const result = await deps.db.execute(sql`select tenant_id, id from contents
          where status = 'scheduled' and publish_at <= ${now().toISOString()}::timestamptz
          order by publish_at limit ${SWEEP_BATCH}`)
        const due = (result as unknown as { rows: { tenant_id: string; id: string }[] }).rows
        let done = 0
        for (const row of due) {
          if (await deps.contents.publishScheduled(row.tenant_id, row.id)) done++
        }
        published += done
        // A batch with nothing published is one the clocks disagree on: stop rather than spin.
        if (due.length < SWEEP_BATCH || done === 0) return published
      }
    },
  }
}

export type ContentScheduler = ReturnType<typeof createContentScheduler>
