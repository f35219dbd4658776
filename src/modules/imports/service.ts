import type { Readable } from 'node:stream'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { AppError, errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { JobHandlerOptions, JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { createImportJobsRepository, type ImportRow } from './repository.js'
import type { Import, ImportStatus, ListImportsQuery } from './schemas.js'
import type { ImportSpool } from './spool.js'
import type { AttachmentDownload } from './wordpress-attachments.js'
import { importIntoTenant, type MediaFiles, totalsOf } from './wordpress-into-tenant.js'
import { type CountedKind, type ImportWriters, type KindCounts, noCounts } from './wordpress-run.js'
import { WxrParseError } from './wxr-document.js'
import { openWxrFile, type WxrSource } from './wxr-source.js'

/** The job importing one uploaded WordPress export, queued by the transaction that records it. */
export const IMPORT_JOB = 'imports.wordpress'
export interface ImportJob {
  tenantId: string
  importId: string
}

/**
 * Two imports at once per instance (each holds one item of its export at a time). An attempt that
 * fails on something passing (the database unreachable) is retried three times, 5, 10 and 20 s
 * apart; one cut off by a stop re-queues itself instead (see `run`). An attempt still running after
 * an hour counts as left by a dead instance and is retried: imports of IMPORT_MAX_BYTES finish well
 * within that.
 */
export const IMPORT_JOB_OPTIONS = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 3600,
  concurrency: 2,
} as const satisfies JobHandlerOptions

/** Progress is written at most this often (and at each phase change), not after every item. */
const PROGRESS_WRITE_MS = 250
/** A job re-queued by a stopping server starts after this, so that server does not take it again. */
const RESUME_DELAY_MS = 2000
/** The pg-boss states in which a job will not run again. */
const ENDED_JOB_STATES = new Set(['completed', 'failed', 'cancelled'])

const INTERRUPTED =
  'Interrupted: the server stopped before the import finished and could not resume it. Start the same import again: ' +
  'what was already imported is kept and not duplicated.'

export interface ImportsServiceDeps {
  db: Db
  /** Hears each imported item's events once it committed. */
  events: EventSink
  /** The services imported records are written through. */
  writers: ImportWriters
  /** The SSRF-guarded download attachment copies go through (imports with copyMedia). */
  download: AttachmentDownload
  jobs: Pick<JobRunner, 'send' | 'find'>
  spool: ImportSpool
  /**
   * True when this process alone uses the database (embedded PGlite, held under the DATA_DIR lock):
   * an import job found running at start was then left by a dead process.
   */
  exclusiveDatabase: boolean
}

/**
 * Imports started through the API (`/api/imports`). The upload is streamed to a file under
 * `DATA_DIR/imports` and checked as it arrives (a broken file is a 400 and queues nothing); the
 * import then runs in the job `imports.wordpress` on any instance, reading the file one item at a
 * time with the same `importIntoTenant` the CLI runs. Each import's state is a row in `imports`,
 * updated as it goes. A tenant has one import queued or running at most (409 otherwise). An import
 * cut off by a stop or a crash runs again from the start in a later job and creates nothing twice.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db, spool } = deps
  const repository = createImportJobsRepository(db)
  const write = transactional(db, deps.events)
  const stopping = new AbortController()
  const running = new Set<Promise<void>>()

  async function finish(
    row: ImportRow,
    patch: Parameters<typeof repository.update>[2] & { status: ImportStatus },
  ): Promise<void> {
    await repository.update(row.tenantId, row.id, { ...patch, phase: null, finishedAt: new Date() })
    await spool.remove(row.tenantId, row.id)
  }

  /** Queues a new job for the import (the old one is then stale): it runs again from the start. */
  async function requeue(row: ImportRow, startAfter?: Date): Promise<void> {
    await write.across(async (tx) => {
      const job = { tenantId: row.tenantId, importId: row.id }
      const jobId = await deps.jobs.send<ImportJob>(IMPORT_JOB, job, {
        within: tx,
        ...(startAfter === undefined ? {} : { startAfter }),
      })
      await createImportJobsRepository(tx).update(row.tenantId, row.id, {
        status: 'queued',
        phase: null,
        jobId,
      })
    })
  }

  /**
   * Fails an unfinished import whose job will never run again (it ran out of attempts, or was
   * removed); returns the row as it stands.
   */
  async function settleOrphan(row: ImportRow): Promise<ImportRow> {
    if (row.status !== 'queued' && row.status !== 'running') return row
    const job = row.jobId === null ? null : await deps.jobs.find(IMPORT_JOB, row.jobId)
    if (job !== null && !ENDED_JOB_STATES.has(job.state)) return row
    await finish(row, { status: 'failed', error: INTERRUPTED })
    return (await repository.find(row.tenantId, row.id)) ?? row
  }

  async function execute(row: ImportRow, retryCount: number): Promise<void> {
    const { tenantId, id } = row
    const signal = stopping.signal
    let counts: Readonly<Record<CountedKind, KindCounts>> = noCounts()
    let lastPhase = ''
    let lastWrite = 0
    try {
      signal.throwIfAborted()
      await repository.update(tenantId, id, { status: 'running', startedAt: row.startedAt ?? new Date() })
      let source: WxrSource
      try {
        source = await openWxrFile(spool.pathOf(tenantId, id))
      } catch (err) {
        if (err instanceof WxrParseError) throw errors.badRequest(err.phrase)
        if ((err as { cause?: { code?: string } }).cause?.code === 'ENOENT')
          throw errors.badRequest('imports.spoolGone')
        throw err
      }
      const result = await importIntoTenant(
        { db, events: deps.events, writers: deps.writers, download: deps.download },
        {
          tenantId,
          source,
          actorId: row.createdBy,
          dryRun: row.dryRun,
          copyMedia: row.copyMedia,
          now: new Date(),
          signal,
          onItem: async (progress) => {
            counts = progress.counts
            if (progress.phase === lastPhase && Date.now() - lastWrite < PROGRESS_WRITE_MS) return
            lastPhase = progress.phase
            lastWrite = Date.now()
            await repository.update(tenantId, id, { phase: progress.phase, counts })
          },
        },
      )
      await finish(row, {
        status: 'succeeded',
        counts: result.counts,
        statuses: result.statuses,
        skipped: result.skipped,
        problems: result.problems,
        mediaFiles: { ...result.mediaFiles },
      })
    } catch (err) {
      if (signal.aborted) {
        await requeue(row, new Date(Date.now() + RESUME_DELAY_MS))
        return
      }
      // The export itself is refused (a parse problem, a vanished file): no attempt would do better.
      if (err instanceof AppError && err.statusCode < 500) {
        await finish(row, { status: 'failed', counts, error: err.message })
        return
      }
      if (retryCount >= IMPORT_JOB_OPTIONS.retryLimit) {
        await finish(row, { status: 'failed', counts, error: unexpected(id) })
      } else {
        await repository.update(tenantId, id, { status: 'queued', phase: null, counts })
      }
      throw err
    }
  }

  return {
    /**
     * Receives an export for `tenantId` (streamed to disk, checked as it arrives) and queues its
     * import. A dry run takes the tenant's one import slot too.
     * @throws Conflict (409) while another import of the tenant is queued or running (checked
     *   before reading the body, and by the unique index when two starts race), PayloadTooLarge
     *   (413) beyond IMPORT_MAX_BYTES, BadRequest (400) for a malformed, hostile or non-WXR file.
     *   Nothing is stored or queued then.
     */
    async startWordPress(input: {
      tenantId: string
      /** The user starting it (recorded as author of the writes); null for an API token. */
      actorId: string | null
      body: Readable
      /** The request's Content-Length, when it gave one. */
      declaredBytes: number | undefined
      dryRun: boolean
      /** Copy the attachments' files into Folio's media; recorded with the import, so a resumed run does too. */
      copyMedia: boolean
    }): Promise<Import> {
      const { tenantId } = input
      const active = await repository.findActive(tenantId)
      if (active !== undefined && (await settleOrphan(active)).status !== 'failed') throw busy(active.id)
      const id = newId()
      const { sizeBytes, outline } = await spool.receive(tenantId, id, input.body, input.declaredBytes)
      try {
        const row = await write.across(async (tx) => {
          const jobId = await deps.jobs.send<ImportJob>(
            IMPORT_JOB,
            { tenantId, importId: id },
            { within: tx },
          )
          return createImportJobsRepository(tx).insert({
            tenantId,
            id,
            source: 'wordpress',
            status: 'queued',
            dryRun: input.dryRun,
            copyMedia: input.copyMedia,
            siteTitle: outline.siteTitle,
            sizeBytes,
            totals: totalsOf(outline),
            counts: noCounts(),
            statuses: { draft: 0, published: 0, scheduled: 0, archived: 0 },
            createdBy: input.actorId,
            jobId,
          })
        })
        return toImport(row)
      } catch (err) {
        await spool.remove(tenantId, id)
        if (isUniqueViolation(err, 'imports_one_active_per_tenant')) {
          const other = await repository.findActive(tenantId)
          throw busy(other?.id)
        }
        throw err
      }
    },

    /**
     * One import of the tenant, as it stands (an unfinished import whose job will not run again is
     * marked failed first).
     * @throws NotFound for an unknown id or another tenant's import.
     */
    async get(tenantId: string, id: string): Promise<Import> {
      const row = await repository.find(tenantId, id)
      if (row === undefined) throw errors.notFound('Import')
      return toImport(await settleOrphan(row))
    },

    /**
     * `GET /api/imports`: the tenant's imports, newest first, with their counts and problems (an
     * unfinished import whose job will not run again is marked failed first, as in `get`).
     */
    async list(tenantId: string, query: Pick<ListImportsQuery, 'page' | 'limit'>) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.list(tenantId, offset, limit)
      const settled = []
      for (const row of rows) settled.push(toImport(await settleOrphan(row)))
      return { imports: settled, pagination: paginate(page, limit, total) }
    },

    /**
     * The handler of `imports.wordpress`: runs the import from its spooled file, then records how it
     * ended and removes the file. A job that is not the import's current one, or finds it finished
     * (or its tenant gone), does nothing. A stop cuts the run between two items and queues a new
     * job; an unexpected error is thrown for pg-boss to retry, and ends the import `failed` on the
     * last attempt.
     */
    async run(job: ImportJob, attempt: { id: string; retryCount: number }): Promise<void> {
      const row = await repository.find(job.tenantId, job.importId)
      if (row === undefined || (row.status !== 'queued' && row.status !== 'running')) {
        await spool.remove(job.tenantId, job.importId)
        return
      }
      if (row.jobId !== attempt.id) return
      const execution = execute(row, attempt.retryCount)
      running.add(execution)
      try {
        await execution
      } finally {
        running.delete(execution)
      }
    },

    /**
     * At start, on a database this process alone uses: the imports a previous life of the server
     * was running (their jobs still marked active until they expire) are queued again at once, and
     * files of no unfinished import (an upload cut off by a crash) are removed.
     */
    async resume(): Promise<number> {
      if (!deps.exclusiveDatabase) return 0
      let resumed = 0
      const active = await repository.listActive()
      const kept = new Set(active.map((row) => `${row.tenantId}/${row.id}`))
      for (const file of await spool.list()) {
        if (!kept.has(`${file.tenantId}/${file.importId}`)) await spool.remove(file.tenantId, file.importId)
      }
      for (const row of active) {
        const job = row.jobId === null ? null : await deps.jobs.find(IMPORT_JOB, row.jobId)
        if (job?.state === 'active') {
          await requeue(row)
          resumed += 1
        } else {
          await settleOrphan(row)
        }
      }
      return resumed
    },

    /** Cuts the running imports between two items; each queues itself again before this resolves. */
    async stop(): Promise<void> {
      stopping.abort(new Error('The server is stopping.'))
      await Promise.allSettled([...running])
    },
  }
}

export type ImportsService = ReturnType<typeof createImportsService>

function busy(activeId: string | undefined): AppError {
  return errors.conflict(
    activeId === undefined ? 'imports.busy' : phrase('imports.busyWith', { id: activeId }),
  )
}

/** What an import that failed on an unexpected error tells its reader: nothing internal. */
function unexpected(id: string): string {
  return `The import stopped on an unexpected error (recorded with the job of import ${id}). Start it again: what was already imported is kept and not duplicated.`
}

function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    tenantId: row.tenantId,
    source: row.source,
    status: row.status as ImportStatus,
    dryRun: row.dryRun,
    copyMedia: row.copyMedia,
    siteTitle: row.siteTitle,
    sizeBytes: row.sizeBytes,
    phase: row.phase,
    totals: row.totals as Import['totals'],
    counts: countsOf(row.counts),
    statuses: { draft: 0, published: 0, scheduled: 0, archived: 0, ...row.statuses },
    skipped: row.skipped,
    problems: row.problems,
    mediaFiles: {
      mode: row.copyMedia ? 'copied' : 'external',
      copied: 0,
      external: 0,
      ...(row.mediaFiles as Partial<MediaFiles>),
    },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** Stored counts with every kind and member (imports recorded before `updated` was counted lack it). */
function countsOf(stored: unknown): Import['counts'] {
  const found = (stored ?? {}) as Partial<Record<CountedKind, Partial<KindCounts>>>
  const counts = noCounts()
  for (const kind of Object.keys(counts) as CountedKind[]) counts[kind] = { ...counts[kind], ...found[kind] }
  return counts
}
