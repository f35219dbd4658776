import type { Db } from '../../db/client.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import type { MediaStorage } from '../media/index.js'
import type { RoleResolver } from '../roles/index.js'
import { exportAccess } from './access.js'
import { EXPORT_JOB, type ExportJob } from './export-service.js'
import { createPortabilityRepository, type ExportRow, type ScheduleRow } from './repository.js'
import type { BackupSchedule, PutBackupSchedule } from './schemas.js'

/** The hourly job starting the backups that are due. */
export const BACKUP_JOB = 'portability.start-backups'

const DAY_MS = 86_400_000
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const

/**
 * A schedule never set. Responses and statistics are in by default, unlike a manual export's: a
 * backup is restored by importing it, and what it leaves out is lost in the restore; it stays in
 * the instance's own media store, beside the data it copies (docs/decisions/portability.md "Backups").
 */
const DEFAULTS = { frequency: 'off', keep: 7, includeResponses: true, includeStatistics: true } as const

/** Schedules claimed, and backups queued, per transaction. */
const CLAIM_BATCH = 100

type Frequency = BackupSchedule['frequency']

/**
 * Scheduled tenant backups (docs/decisions/portability.md "Backups"): the schedule's routes, the
 * hourly start of due backups (each a tenant export with `trigger: 'schedule'`, written by the
 * export job like any other), and the removal of backups beyond the schedule's `keep` once a newer
 * one succeeded.
 */
export function createBackupService(deps: {
  db: Db
  events: EventSink
  storage: MediaStorage
  jobs: Pick<JobRunner, 'send'>
  roles: Pick<RoleResolver, 'resolve'>
}) {
  const repository = createPortabilityRepository(deps.db)
  const write = transactional(deps.db, deps.events)
  const authorize = exportAccess(repository, deps.roles)

  return {
    /**
     * `GET /api/tenants/{id}/backups/schedule`: the schedule, or the defaults (`off`) when never set.
     * 404 unknown tenant (or not a member), 403 without `tenants:update`.
     */
    async schedule(tenantId: string, userId: string): Promise<BackupSchedule> {
      await authorize(tenantId, userId)
      return toSchedule(await repository.schedules.find(tenantId))
    },

    /**
     * `PUT /api/tenants/{id}/backups/schedule`: sets the frequency, and `keep` and the options when
     * given (left out: as they were, or the defaults). A change of frequency sets the next run: the
     * last run plus the new period, or at once (the next hourly job) when there was none or that
     * time has passed; `off` clears it. 404 / 403 as `schedule`.
     */
    async setSchedule(
      tenantId: string,
      userId: string,
      input: PutBackupSchedule,
      now = new Date(),
    ): Promise<BackupSchedule> {
      await authorize(tenantId, userId)
      const saved = await write.across(async (tx) => {
        const schedules = createPortabilityRepository(tx).schedules
        const current = await schedules.find(tenantId)
        return schedules.save(tenantId, {
          frequency: input.frequency,
          keep: input.keep ?? current?.keep ?? DEFAULTS.keep,
          includeResponses: input.includeResponses ?? current?.includeResponses ?? DEFAULTS.includeResponses,
          includeStatistics:
            input.includeStatistics ?? current?.includeStatistics ?? DEFAULTS.includeStatistics,
          nextRunAt: nextRun(current, input.frequency, now),
          updatedBy: userId,
        })
      })
      return toSchedule(saved)
    },

    /**
     * The `BACKUP_JOB` handler: claims every schedule due at `now` and queues its backup, in the
     * claim's transaction (a claimed period has its export, or the claim is undone). Returns how many
     * backups it queued.
     */
    async startDue(now = new Date()): Promise<number> {
      let started = 0
      for (;;) {
        const claimed = await write.across(async (tx) => {
          const repo = createPortabilityRepository(tx)
          const due = await repo.schedules.claimDue(now, CLAIM_BATCH)
          for (const schedule of due) {
            const id = newId()
            await repo.exports.insert(schedule.tenantId, {
              id,
              options: {
                includeResponses: schedule.includeResponses,
                includeStatistics: schedule.includeStatistics,
              },
              createdBy: null,
              trigger: 'schedule',
            })
            const job: ExportJob = { tenantId: schedule.tenantId, exportId: id }
            await deps.jobs.send(EXPORT_JOB, job, { within: tx })
          }
          return due.length
        })
        started += claimed
        if (claimed < CLAIM_BATCH) return started
      }
    },

    /**
     * After the export job: once a backup succeeded, removes the tenant's backups beyond the newest
     * `keep` (archive, then record), and failed backups older than it. Manual exports are left to
     * their retention.
     */
    async afterExport(row: ExportRow | undefined): Promise<void> {
      if (row?.trigger !== 'schedule' || row.status !== 'succeeded') return
      const keep = (await repository.schedules.find(row.tenantId))?.keep ?? DEFAULTS.keep
      for (const old of await repository.exports.backupsBeyond(row.tenantId, keep)) {
        if (old.storageKey !== null) await deps.storage.remove([old.storageKey])
        await repository.exports.remove(old.tenantId, old.id)
      }
    },
  }
}

export type BackupService = ReturnType<typeof createBackupService>

/** The next run after setting `frequency` on `current` at `now` (see `setSchedule`). */
function nextRun(current: ScheduleRow | undefined, frequency: Frequency, now: Date): Date | null {
  if (frequency === 'off') return null
  if (current?.frequency === frequency && current.nextRunAt !== null) return current.nextRunAt
  const last = current?.lastRunAt
  if (last === null || last === undefined) return now
  return new Date(Math.max(now.getTime(), last.getTime() + PERIOD_MS[frequency]))
}

function toSchedule(row: ScheduleRow | undefined): BackupSchedule {
  if (row === undefined) return { ...DEFAULTS, lastRunAt: null, nextRunAt: null }
  return {
    frequency: row.frequency as Frequency,
    keep: row.keep,
    includeResponses: row.includeResponses,
    includeStatistics: row.includeStatistics,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
  }
}
