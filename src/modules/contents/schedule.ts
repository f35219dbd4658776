import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { ContentDrafts } from './service-drafts.js'
import type { ContentWrites } from './service-writes.js'

/** Contents published per sweep statement; a sweep repeats until fewer are due. */
const SWEEP_BATCH = 100

/**
 * Scheduled publishing (docs/decisions/content.md "Scheduled publishing is a durable job"). Each
 * write that schedules a content, or a published content's pending draft, queues a
 * `contents.publish-scheduled` job due at that time in the same transaction (service-writes.ts,
 * service-drafts.ts), so the schedule survives restarts and a job overdue
 * after downtime runs as soon as the runner starts. Rescheduling queues a new job; the old one, and
 * the one of a content no longer scheduled, find nothing due and do nothing. `publishDue` is the
 * backstop, run every minute: it publishes every scheduled content whose publishAt has passed,
 * including contents written without a job runner (the command-line importer).
 */
export function createContentScheduler(deps: {
  db: Db
  contents: Pick<ContentWrites, 'publishScheduled'> & Pick<ContentDrafts, 'publishScheduledDraft'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  return {
    /** Publishes every content and draft due at `now()`, across tenants. @returns how many it published. */
    async publishDue(): Promise<number> {
      let published = 0
      for (;;) {
        // Across tenants on purpose: this is Folio's own sweep. The partial indexes
        // contents_tenant_scheduled_idx and contents_tenant_draft_scheduled_idx hold only scheduled
        // rows and scheduled drafts, so the scans stay small.
        const at = now().toISOString()
        const result = await deps.db.execute(sql`select tenant_id, id, draft from (
            (select tenant_id, id, false as draft, publish_at as due from contents
              where status = 'scheduled' and publish_at <= ${at}::timestamptz)
            union all
            (select tenant_id, id, true, draft_publish_at from contents
              where draft_publish_at is not null and draft_publish_at <= ${at}::timestamptz)
          ) d order by due limit ${SWEEP_BATCH}`)
        const due = (result as unknown as { rows: { tenant_id: string; id: string; draft: boolean }[] }).rows
        let done = 0
        for (const row of due) {
          const publish = row.draft ? deps.contents.publishScheduledDraft : deps.contents.publishScheduled
          if (await publish(row.tenant_id, row.id)) done++
        }
        published += done
        // A batch with nothing published is one the clocks disagree on: stop rather than spin.
        if (due.length < SWEEP_BATCH || done === 0) return published
      }
    },
  }
}

export type ContentScheduler = ReturnType<typeof createContentScheduler>
