import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '../../db/client.js'
import { AppError, errors } from '../../errors.js'
import type { EventSink } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { createImportJobsRepository, type ImportRow } from './repository.js'
import { createJobRunner } from './runner.js'
import type { Import, ImportStatus } from './schemas.js'
import { importIntoTenant, totalsOf } from './wordpress-into-tenant.js'
import type { CountedKind, KindCounts } from './wordpress-run.js'
import { parseWxr, type WxrDocument, WxrParseError } from './wxr-parser.js'

/** How often a runner marks its imports as alive, and after how long without it they count as abandoned. */
const HEARTBEAT_MS = 15_000
const ABANDONED_AFTER_MS = 60_000
/** Progress is written at most this often (and at each phase change), not after every item. */
const PROGRESS_WRITE_MS = 250

const INTERRUPTED =
  'Interrupted: the server stopped before the import finished. Start the same import again: ' +
  'what was already imported is kept and not duplicated.'

const NO_COUNTS = (): Record<CountedKind, KindCounts> => ({
  categories: { created: 0, existing: 0, skipped: 0 },
  tags: { created: 0, existing: 0, skipped: 0 },
  media: { created: 0, existing: 0, skipped: 0 },
  posts: { created: 0, existing: 0, skipped: 0 },
  pages: { created: 0, existing: 0, skipped: 0 },
  menus: { created: 0, existing: 0, skipped: 0 },
  menuItems: { created: 0, existing: 0, skipped: 0 },
})

export interface ImportsServiceDeps {
  db: Db
  /** Hears each imported item's events once it committed. */
  events: EventSink
  /**
   * True when this process alone uses the database (embedded PGlite, held under the DATA_DIR lock):
   * every unfinished import found at start was then left by a dead process.
   */
  exclusiveDatabase: boolean
  /** Where failures that no client sees are reported (the app's logger). */
  log?: { error(details: object, message: string): void } | undefined
}

/**
 * Imports started through the API (`/api/imports`): the export is parsed while the request waits
 * (a broken file is a 400 and queues nothing), then imported in the background by this process, the
 * one that owns the database, with the same `importIntoTenant` the CLI runs. Each import's state is
 * a row in `imports`, updated as it goes, so it can be followed and outlives the process.
 */
export function createImportsService(deps: ImportsServiceDeps) {
  const { db } = deps
  const repository = createImportJobsRepository(db)
  const runner = createJobRunner()
  /** Names this process in `imports.runner_id`. */
  const runnerId = newId()
  let heartbeat: NodeJS.Timeout | undefined

  async function execute(row: ImportRow, document: WxrDocument, signal: AbortSignal): Promise<void> {
    const { tenantId, id } = row
    if (signal.aborted) {
      await finish(tenantId, id, { status: 'failed', error: INTERRUPTED })
      return
    }
    let counts: Readonly<Record<CountedKind, KindCounts>> = NO_COUNTS()
    let lastPhase = ''
    let lastWrite = 0
    try {
      await repository.update(tenantId, id, {
        status: 'running',
        startedAt: new Date(),
        heartbeatAt: new Date(),
      })
      const result = await importIntoTenant(
        { db, events: deps.events },
        {
          tenantId,
          document,
          actorId: row.createdBy,
          dryRun: row.dryRun,
          now: new Date(),
          signal,
          onItem: async (progress) => {
            counts = progress.counts
            if (progress.phase === lastPhase && Date.now() - lastWrite < PROGRESS_WRITE_MS) return
            lastPhase = progress.phase
            lastWrite = Date.now()
            await repository.update(tenantId, id, { phase: progress.phase, counts, heartbeatAt: new Date() })
          },
        },
      )
      await finish(tenantId, id, {
        status: 'succeeded',
        counts: result.counts,
        statuses: result.statuses,
        skipped: result.skipped,
        problems: result.problems,
      })
    } catch (err) {
      if (!signal.aborted) deps.log?.error({ err, importId: id, tenantId }, 'import failed')
      await finish(tenantId, id, {
        status: 'failed',
        counts,
        error: signal.aborted ? INTERRUPTED : reasonOf(err, id),
      })
    }
  }

  async function finish(
    tenantId: string,
    id: string,
    patch: Parameters<typeof repository.update>[2] & { status: ImportStatus },
  ): Promise<void> {
    try {
      await repository.update(tenantId, id, { ...patch, phase: null, finishedAt: new Date() })
    } catch (err) {
      // The database itself is gone (closing, unreachable): the next start marks the import failed.
      deps.log?.error({ err, importId: id, tenantId }, 'could not record the end of an import')
    }
  }

  function startHeartbeat(): void {
    if (heartbeat !== undefined) return
    heartbeat = setInterval(() => {
      if (runner.size === 0) {
        clearInterval(heartbeat)
        heartbeat = undefined
        return
      }
      repository
        .heartbeat(runnerId)
        .catch((err: unknown) => deps.log?.error({ err }, 'import heartbeat failed'))
    }, HEARTBEAT_MS)
    heartbeat.unref()
  }

  return {
    /**
     * Parses `body` as a WordPress export and queues its import into `tenantId`.
     * @throws BadRequest when the body is not a well-formed, safe WXR document (nothing is queued).
     */
    async startWordPress(input: {
      tenantId: string
      /** The user starting it (recorded as author of the writes); null for an API token. */
      actorId: string | null
      body: Uint8Array
      dryRun: boolean
    }): Promise<Import> {
      let document: WxrDocument
      try {
        document = await parseWxr(utf8Chunks(input.body))
      } catch (err) {
        if (err instanceof WxrParseError) throw errors.badRequest(err.message)
        throw err
      }
      const now = new Date()
      const row = await repository.insert({
        tenantId: input.tenantId,
        id: newId(),
        source: 'wordpress',
        status: 'queued',
        dryRun: input.dryRun,
        siteTitle: document.siteTitle,
        sizeBytes: input.body.byteLength,
        totals: totalsOf(document),
        counts: NO_COUNTS(),
        statuses: { draft: 0, published: 0, scheduled: 0, archived: 0 },
        createdBy: input.actorId,
        runnerId,
        heartbeatAt: now,
      })
      runner.enqueue(input.tenantId, (signal) => execute(row, document, signal))
      startHeartbeat()
      return toImport(row)
    },

    /**
     * One import of the tenant, as it stands. An unfinished import whose runner stopped beating is
     * marked failed first (its process died: another instance, or this one before a restart).
     * @throws NotFound for an unknown id or another tenant's import.
     */
    async get(tenantId: string, id: string): Promise<Import> {
      let row = await repository.find(tenantId, id)
      if (row === undefined) throw errors.notFound('Import')
      if ((row.status === 'queued' || row.status === 'running') && row.runnerId !== runnerId) {
        const abandoned = await repository.failAbandoned({
          tenantId,
          id,
          runnerId,
          heartbeatBefore: new Date(Date.now() - ABANDONED_AFTER_MS),
          error: INTERRUPTED,
        })
        if (abandoned > 0) row = (await repository.find(tenantId, id)) ?? row
      }
      return toImport(row)
    },

    /** At start: marks failed what a previous life of the server (or a dead instance) left unfinished. */
    async recoverInterrupted(): Promise<number> {
      return repository.failAbandoned({
        runnerId,
        heartbeatBefore: deps.exclusiveDatabase ? new Date() : new Date(Date.now() - ABANDONED_AFTER_MS),
        error: INTERRUPTED,
      })
    },

    /** Stops the running imports between two items, records them as interrupted, and waits for that. */
    async close(): Promise<void> {
      await runner.close()
      clearInterval(heartbeat)
      heartbeat = undefined
    },
  }
}

export type ImportsService = ReturnType<typeof createImportsService>

/**
 * Decodes UTF-8 bytes in slices for the streaming parser (a character split across slices is kept
 * whole), yielding to the event loop between slices so parsing a large export holds no other request.
 */
async function* utf8Chunks(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8')
  for (let offset = 0; offset < bytes.byteLength; offset += size) {
    yield decoder.decode(bytes.subarray(offset, offset + size), { stream: true })
    await nextTurn()
  }
  yield decoder.decode()
}

/** What a failed import tells its reader: a client-caused error's message; nothing internal otherwise. */
function reasonOf(err: unknown, id: string): string {
  if (err instanceof AppError && err.statusCode < 500) return err.message
  return `The import stopped on an unexpected error (logged on the server with import id ${id}). Start it again: what was already imported is kept and not duplicated.`
}

function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    tenantId: row.tenantId,
    source: row.source,
    status: row.status as ImportStatus,
    dryRun: row.dryRun,
    siteTitle: row.siteTitle,
    sizeBytes: row.sizeBytes,
    phase: row.phase,
    totals: row.totals as Import['totals'],
    counts: { ...NO_COUNTS(), ...(row.counts as Partial<Import['counts']>) },
    statuses: { draft: 0, published: 0, scheduled: 0, archived: 0, ...row.statuses },
    skipped: row.skipped,
    problems: row.problems,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
