import { type SQL, sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { Database, Db } from '../db/client.js'

/**
 * Durable background work (docs/decisions/jobs-and-events.md "One durable job runner"): webhook
 * deliveries and their retries, scheduled publishing, retention and pruning, quota folding. Runs on
 * pg-boss over Folio's own database handle, so the same queue works on embedded PGlite and on
 * PostgreSQL with many instances (jobs are claimed with `FOR UPDATE SKIP LOCKED`: each runs once).
 * Jobs survive restarts; a failing job retries with backoff and ends in pg-boss's visible `failed`
 * state with its error as output.
 *
 * pg-boss 10 is the last major that supports Node.js 20 (11 and later need Node.js 22).
 */
export interface JobHandlerOptions {
  /** Retries after the first attempt (default 5). */
  retryLimit?: number
  /** Seconds before the first retry (default 5), doubled each time with `retryBackoff`. */
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** An attempt running longer fails and is retried (default 60 s): a crashed worker's job comes back. */
  expireInSeconds?: number
  /** Jobs of the queue this instance runs at once (default 1). */
  concurrency?: number
}

export interface JobSendOptions {
  /** Not before this time. */
  startAfter?: Date
  /** At most one queued job per key (for example one per tenant). */
  singletonKey?: string
  /**
   * Queue the job in this transaction: it exists exactly when the transaction commits (a record
   * and the job that works on it cannot part). The job starts at the next poll after the commit.
   */
  within?: Db
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>

export interface JobRunner {
  /** Registers the handler of a queue; call before `start`. */
  handle<T extends object>(name: string, handler: JobHandler<T>, options?: JobHandlerOptions): void
  /** Runs `name` every time `cron` (UTC, minute precision) fires, once across all instances. */
  every(name: string, cron: string): void
  /** Queues a job; resolves with its id (null when a singleton is already queued). */
  send<T extends object>(name: string, data: T, options?: JobSendOptions): Promise<string | null>
  /** pg-boss's record of a job (state, retryCount, output), for tests and diagnostics. */
  find(name: string, id: string): Promise<PgBoss.JobWithMetadata | null>
  start(): Promise<void>
  /**
   * Installs pg-boss's tables and the queues of the registered handlers, without working or
   * scheduling anything: for a process that queues jobs for a server to run (the command-line
   * importer). Without it, a job sent to a database no server has started on yet would be lost.
   */
  prepare(): Promise<void>
  /** Lets running handlers finish, then stops polling. */
  stop(): Promise<void>
}

export interface JobRunnerOptions {
  database: Database
  /** The schema pg-boss keeps its tables in (tests give each app its own). */
  schema?: string
  /** How often an idle worker looks for new jobs (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number
  onError?: (err: Error) => void
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  // pg-boss records a finished job (complete) after its handler returned, which can fall after a
  // graceful stop resolved, and so after the database closed: `stop` waits for handlers and the
  // statements they lead to.
  const inFlight = new Set<Promise<unknown>>()
  let activeHandlers = 0
  const db: PgBoss.Db = {
    executeSql(text, values) {
      const running = options.database.execute(text, values)
      inFlight.add(running)
      const settled = () => inFlight.delete(running)
      running.then(settled, settled)
      return running
    },
  }
  const schema = options.schema ?? 'pgboss'
  const boss = new PgBoss({ db, schema, supervise: true, schedule: true, migrate: true })
  boss.on('error', (err) => options.onError?.(err))
  const handlers = new Map<string, { handler: JobHandler<object>; options: JobHandlerOptions }>()
  const schedules = new Map<string, string>()
  const workers = new Map<string, string>()
  let started = false

  /** Creates the queue of every registered handler with its options (an existing queue is kept). */
  async function createQueues(target: PgBoss): Promise<void> {
    for (const [name, { options: handlerOptions }] of handlers) {
      await target.createQueue(name, {
        name,
        retryLimit: handlerOptions.retryLimit ?? 5,
        retryDelay: handlerOptions.retryDelaySeconds ?? 5,
        retryBackoff: handlerOptions.retryBackoff ?? true,
        expireInSeconds: handlerOptions.expireInSeconds ?? 60,
      })
    }
  }

  return {
    handle(name, handler, handlerOptions = {}) {
      if (started) throw new Error(`Register job handlers before start (${name}).`)
      handlers.set(name, { handler: handler as JobHandler<object>, options: handlerOptions })
    },

    every(name, cron) {
      if (started) throw new Error(`Register schedules before start (${name}).`)
      schedules.set(name, cron)
    },

    async send(name, data, sendOptions = {}) {
      const id = await boss.send(name, data, {
        ...(sendOptions.startAfter === undefined ? {} : { startAfter: sendOptions.startAfter }),
        ...(sendOptions.singletonKey === undefined ? {} : { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.within === undefined ? {} : { db: sqlExecutorOf(sendOptions.within) }),
      })
      // A job due now starts at once on this instance instead of at the next poll (a job queued in
      // a transaction is not visible until it commits: it waits for the poll).
      const worker = workers.get(name)
      if (worker !== undefined && sendOptions.startAfter === undefined && sendOptions.within === undefined) {
        boss.notifyWorker(worker)
      }
      return id
    },

    find: (name, id) => boss.getJobById(name, id, { includeArchive: true }),

    async prepare() {
      const installer = new PgBoss({ db, schema, supervise: false, schedule: false, migrate: true })
      await installer.start()
      try {
        await createQueues(installer)
      } finally {
        await installer.stop({ graceful: false, wait: true })
      }
    },

    async start() {
      started = true
      await boss.start()
      await createQueues(boss)
      for (const [name, { handler, options: handlerOptions }] of handlers) {
        // A pg-boss worker runs one job at a time: `concurrency` workers run that many.
        for (let index = 0; index < (handlerOptions.concurrency ?? 1); index++) {
          let self: string | undefined
          const worker = await boss.work<object>(
            name,
            { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
            async ([job]) => {
              if (job === undefined) return
              activeHandlers += 1
              try {
                await handler(job.data, { id: job.id, retryCount: job.retryCount })
              } finally {
                activeHandlers -= 1
                // pg-boss 10 waits a whole polling interval after every job it ran: a worker that
                // found one looks for the next at once instead, and waits only when the queue is empty.
                if (self !== undefined) boss.notifyWorker(self)
              }
            },
          )
          self = worker
          if (index === 0) workers.set(name, worker)
        }
      }
      for (const [name, cron] of schedules) {
        if (!handlers.has(name)) throw new Error(`No handler for the scheduled job ${name}.`)
        await boss.schedule(name, cron, {}, { tz: 'UTC' })
      }
    },

    async stop() {
      if (!started) return
      started = false
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
      const deadline = Date.now() + 10_000
      while ((activeHandlers > 0 || inFlight.size > 0) && Date.now() < deadline) {
        await Promise.allSettled([...inFlight])
        // The completion of a handler that just returned is issued on a later turn.
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}

/**
 * pg-boss's SQL executor on a Drizzle handle (a transaction): pg-boss's `$n` placeholders become
 * Drizzle parameters, so the statement runs on that transaction's connection.
 */
function sqlExecutorOf(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/)
      const chunks: SQL[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      )
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] }
      return { rows: result.rows }
    },
  }
}
