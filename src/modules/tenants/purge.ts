import { getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import * as schema from '../../db/schema/index.js'
import { type JobDefinition, job } from '../../family.js'
import type { JobRunner } from '../../jobs/runner.js'
import { createPurgeRepository } from './purge-repository.js'

/** The job that purges one deleted tenant once its grace period has passed. */
export const PURGE_JOB = 'tenants.purge'
/** The hourly sweep that queues purges whose job was lost or gave up (belt and braces). */
export const PURGE_SWEEP_JOB = 'tenants.purge-sweep'

export interface PurgeJob {
  tenantId: string
  /** The deletion the job was queued for: after a restore (and a new deletion) it does nothing. */
  deletionId: string
}

/**
 * Work that must happen before a tenant's rows go, for data kept outside the database (stored media
 * objects). `run` must be idempotent: a purge that crashed runs every cleanup again.
 */
export interface TenantCleanup {
  name: string
  run(tenantId: string): Promise<void>
}

/** Rows deleted per statement: short transactions, so a big tenant never holds long locks. */
const DEFAULT_BATCH_SIZE = 500

/**
 * Every table whose rows belong to a tenant: a required `tenant_id`, or an optional one whose rows
 * go with their tenant (the outbox: account events have none), children before the tables they
 * reference, so a batch never trips a foreign key. Read from the Drizzle schema, so a family's new
 * table is purged without registering it. Sessions are not among them (their optional `tenant_id`
 * is the user's choice, set to null when the tenant goes).
 */
export function tenantOwnedTables(): PgTable[] {
  const owned = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && ownsTenantRows(value),
  )
  const ordered: PgTable[] = []
  const visit = (table: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(table) || path.has(table)) return
    path.add(table)
    // Tables referencing this one go first.
    for (const other of owned) {
      const references = getTableConfig(other).foreignKeys.some(
        (key) => key.reference().foreignTable === table && other !== table,
      )
      if (references) visit(other, path)
    }
    path.delete(table)
    ordered.push(table)
  }
  for (const table of owned) visit(table, new Set())
  return ordered
}

function ownsTenantRows(table: PgTable): boolean {
  const config = getTableConfig(table)
  const column = config.columns.find((candidate) => candidate.name === 'tenant_id')
  if (column === undefined) return false
  return (
    column.notNull ||
    config.foreignKeys.some(
      (key) => key.onDelete === 'cascade' && key.reference().columns.some((c) => c.name === 'tenant_id'),
    )
  )
}

/**
 * The purge (docs/decisions/tenancy.md "Deletion is soft for a grace period, then a durable
 * purge"): after the grace period, the tenant's cleanups run, then its rows go table by table in
 * batches of `batchSize`, each batch its own statement, and the tenant row last. It is resumable:
 * the tenant turns `purging` first (no restore from then on), and a purge interrupted anywhere
 * (crash, deploy) starts over on its job's retry, finding the rows already removed gone. `onBatch`
 * hears each batch (table name, rows), for logs and tests.
 */
export function createTenantPurger(deps: {
  db: Db
  batchSize?: number
  onBatch?: (table: string, rows: number) => void | Promise<void>
}) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE
  const repository = createPurgeRepository(deps.db)
  const cleanups: TenantCleanup[] = []
  const tables = tenantOwnedTables()

  async function purgeTable(table: PgTable, tenantId: string) {
    for (;;) {
      const rows = await repository.deleteBatch(tenantId, table, batchSize)
      if (rows === 0) return
      await deps.onBatch?.(getTableName(table), rows)
    }
  }

  return {
    /** Adds a cleanup run before every purge (media storage plugs in here). */
    registerCleanup(cleanup: TenantCleanup) {
      cleanups.push(cleanup)
    },

    /**
     * Purges the tenant when `job.deletionId` is its current deletion and the grace period has
     * passed. Returns what happened: `purged`, `skipped` (restored, deleted again, or already gone),
     * or `early` (the grace period runs on; the caller re-queues).
     */
    async purge(job: PurgeJob, now = new Date()): Promise<'purged' | 'skipped' | 'early'> {
      if (!(await repository.claim(job.tenantId, job.deletionId, now))) {
        return (await repository.pending(job.tenantId, job.deletionId)) ? 'early' : 'skipped'
      }
      for (const cleanup of cleanups) await cleanup.run(job.tenantId)
      for (const table of tables) await purgeTable(table, job.tenantId)
      await repository.removeTenant(job.tenantId)
      return 'purged'
    },

    /** Deletions past their grace period (at most 100 a sweep), as purge jobs to queue. */
    async due(now = new Date()): Promise<PurgeJob[]> {
      const rows = await repository.dueForPurge(now, 100)
      return rows.flatMap((row) =>
        row.deletionId === null ? [] : [{ tenantId: row.id, deletionId: row.deletionId }],
      )
    },
  }
}

export type TenantPurger = ReturnType<typeof createTenantPurger>

/**
 * The purge's jobs: `tenants.purge` (queued by a deletion, due at its `purgeAfter`; an hour per
 * attempt, retried with backoff) and the hourly sweep that re-queues any purge that is due and has
 * no job left. `log` hears each purge's outcome.
 */
export function purgeJobs(
  jobs: Pick<JobRunner, 'send'>,
  purger: TenantPurger,
  log?: (message: string, fields: Record<string, unknown>) => void,
): JobDefinition[] {
  return [
    job<PurgeJob>(
      PURGE_JOB,
      async (data) => {
        const outcome = await purger.purge(data)
        if (outcome === 'early') {
          await jobs.send(PURGE_JOB, data, { startAfter: new Date(Date.now() + 60 * 60 * 1000) })
        }
        log?.('tenant purge', { tenantId: data.tenantId, deletionId: data.deletionId, outcome })
      },
      { retryLimit: 10, retryDelaySeconds: 60, expireInSeconds: 60 * 60 },
    ),
    job(
      PURGE_SWEEP_JOB,
      async () => {
        for (const due of await purger.due()) {
          await jobs.send(PURGE_JOB, due, { singletonKey: `purge:${due.tenantId}` })
        }
      },
      { every: '23 * * * *' },
    ),
  ]
}
