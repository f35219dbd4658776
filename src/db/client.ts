import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { isConnectionFailure } from './errors.js'
import * as schema from './schema/index.js'

type Schema = typeof schema

/** The driver-neutral database handle every repository takes: PGlite and node-postgres both fit it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

/**
 * Runs one SQL text with bound values (`$1`…) on the driver itself and answers its rows keyed by
 * column name, untouched by Drizzle: for hot reads whose SQL is built once per shape, Drizzle's
 * per-call building and result mapping cost more than the statement. On PostgreSQL the statement is
 * named `name` (parsed and, after a few runs, planned once per pooled connection: the same name must
 * always carry the same text); PGlite is one in-process connection and takes the text as it is.
 */
export type Run = (name: string, text: string, values: unknown[]) => Promise<unknown[]>

/** A transaction handle; repositories accept it wherever they accept `Db`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export interface Database {
  db: Db
  /** `pglite` (embedded or in-memory) or `postgres`. */
  kind: 'pglite' | 'postgres'
  /**
   * Runs SQL text outside Drizzle, for libraries that bring their own SQL (the job queue): with
   * `values` one parameterized statement, without them a script of several statements.
   */
  execute(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  /**
   * Runs `work` with a handle whose statements PostgreSQL cancels after `timeoutMs` (error 57014),
   * so that no public query holds the database. On PostgreSQL the handle is a second pool whose
   * connections carry `statement_timeout` from their start (opened on first use, one per
   * distinct timeout): a read costs its own statements only, no transaction around them. PGlite has
   * one connection: there `work` runs in a transaction that sets the timeout locally. `run` runs
   * raw statements under the same bound.
   */
  bounded<T>(timeoutMs: number, work: (db: Db, run: Run) => Promise<T>): Promise<T>
  /**
   * Runs `work` on a connection of its own that no statement timeout bounds (migrations: building an
   * index may take longer than any request should); PGlite: the database itself.
   */
  unbounded<T>(work: (db: Db) => Promise<T>): Promise<T>
  /**
   * false from a failed attempt to connect (refused, the server starting or shutting down, timed
   * out) until a connection opens again; always true on PGlite. Connections the server ends (a
   * restart) are replaced by the pool on the next statement and change nothing by themselves.
   */
  available(): boolean
  /** Calls `listener` on each change of `available()`, with the failure that made it false. */
  onAvailabilityChange(listener: (available: boolean, cause: unknown) => void): void
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** `memory://`, `postgres://…` / `postgresql://…`, or undefined for PGlite under `dataDir/db`. */
  url?: string | undefined
  dataDir: string
  /** node-postgres pool size; ignored by PGlite, which is a single connection. */
  poolSize?: number
  /**
   * PostgreSQL cancels a statement of the main pool that runs longer (ms, `statement_timeout`); 0 or
   * undefined: no bound. Ignored by PGlite.
   */
  statementTimeoutMs?: number
  /**
   * PGlite only: a data directory dumped with `dumpDataDir` to start from instead of an empty
   * database (tests load one migrated database per run rather than migrating each time).
   */
  loadDataDir?: Blob
}

/** Opens the database chosen by configuration (docs/decisions/configuration.md: `DATABASE_URL`). */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.url
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    const max = options.poolSize ?? 10
    const availability = createAvailability()
    const statementTimeout = options.statementTimeoutMs
      ? { statement_timeout: options.statementTimeoutMs }
      : {}
    const pool = observe(new pg.Pool({ ...connectionOptions(url), max, ...statementTimeout }), availability)
    const boundedPools = new Map<number, { pool: pg.Pool; db: Db; run: Run }>()
    const boundedOf = (timeoutMs: number) => {
      let entry = boundedPools.get(timeoutMs)
      if (entry === undefined) {
        // pg sends `statement_timeout` as a startup parameter of each connection of this pool.
        const bounded = observe(
          new pg.Pool({ ...connectionOptions(url), max, statement_timeout: timeoutMs }),
          availability,
        )
        entry = {
          pool: bounded,
          db: drizzlePg(bounded, { schema }) as unknown as Db,
          run: poolRunner(bounded),
        }
        boundedPools.set(timeoutMs, entry)
      }
      return entry
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      // Without values node-postgres uses the simple query protocol, which runs several statements.
      execute: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      bounded: (timeoutMs, work) => {
        const entry = boundedOf(timeoutMs)
        return work(entry.db, entry.run)
      },
      unbounded: async (work) => {
        const client = new pg.Client(connectionOptions(url))
        client.on('error', () => {})
        await client.connect()
        try {
          return await work(drizzlePg(client, { schema }) as unknown as Db)
        } finally {
          await client.end().catch(() => {})
        }
      },
      available: availability.available,
      onAvailabilityChange: availability.onChange,
      close: async () => {
        await Promise.all([pool.end(), ...[...boundedPools.values()].map((entry) => entry.pool.end())])
      },
    }
  }
  let dataPath: string | undefined
  if (url !== 'memory://') {
    dataPath = join(options.dataDir, 'db')
    mkdirSync(dataPath, { recursive: true })
  }
  // Loaded only for the embedded database: a server on PostgreSQL never keeps it in memory.
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ])
  // One options object: with `(undefined, options)` PGlite ignores the options and so the extensions.
  const client = await PGlite.create({
    dataDir: dataPath,
    extensions: { pg_trgm, btree_gin },
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    bounded: (timeoutMs, work) =>
      db.transaction(async (tx) => {
        // set_config takes the value as a bound parameter; `true`: for this transaction only.
        await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`)
        // Raw statements must run on the transaction's own PGlite handle: PGlite queues every
        // query behind an open transaction, so one sent to the client itself would wait forever.
        const inner = (tx as unknown as { session: { client: PgliteQueryable } }).session.client
        return work(tx as unknown as Db, pgliteRunner(inner))
      }),
    unbounded: (work) => work(db),
    available: () => true,
    onAvailabilityChange() {},
    async execute(text, values) {
      if (values !== undefined && values.length > 0)
        return { rows: (await client.query(text, values)).rows as Record<string, unknown>[] }
      const results = await client.exec(text)
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
    },
    close: () => client.close(),
  }
}

/** How long opening a connection, or waiting for a pooled one, may take before it fails (ms). */
export const CONNECT_TIMEOUT_MS = 5000

/**
 * What every connection to PostgreSQL is opened with: a bounded connect (pg-pool applies it to the
 * wait for a free connection too), so a server that is down, restarting or unreachable fails a
 * statement instead of holding it; TCP keep-alive, so a connection to a vanished server ends.
 */
function connectionOptions(url: string): pg.PoolConfig {
  return { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true }
}

function createAvailability() {
  let available = true
  const listeners: ((available: boolean, cause: unknown) => void)[] = []
  const set = (next: boolean, cause: unknown) => {
    if (next === available) return
    available = next
    for (const listener of listeners) listener(next, cause)
  }
  return {
    available: () => available,
    onChange: (listener: (available: boolean, cause: unknown) => void) => void listeners.push(listener),
    lost: (cause: unknown) => set(false, cause),
    restored: () => set(true, undefined),
  }
}

/**
 * Makes `pool` survive its server going away (docs/decisions/configuration.md "PostgreSQL
 * outages"): node-postgres emits `error` on a pool whose idle connection the server ended (57P01 on a
 * restart, a network reset), and on a checked-out connection that is between statements (a
 * transaction waiting on the application); an `error` nobody listens to ends the process. Both are
 * heard here; the pool drops such a connection and opens a new one for the next statement.
 * Attempts to connect tell `availability` whether the server can be reached.
 */
function observe(pool: pg.Pool, availability: ReturnType<typeof createAvailability>): pg.Pool {
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    client.on('error', () => {})
    availability.restored()
  })
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, release: () => void) => void
  const connect = pool.connect.bind(pool) as (callback: Callback) => void
  // pool.query and transactions both take their connection through `connect`.
  pool.connect = ((callback?: Callback) => {
    const acquired = (err: Error | undefined, client: pg.PoolClient | undefined) => {
      if (err !== undefined && isConnectionFailure(err)) availability.lost(err)
      if (client !== undefined) releasedWhenLost(client)
    }
    if (callback !== undefined) {
      return connect((err, client, release) => {
        acquired(err, client)
        callback(err, client, client?.release ?? release)
      })
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => {
        acquired(err, client)
        if (err !== undefined || client === undefined) reject(err)
        else resolve(client)
      }),
    )
  }) as typeof pool.connect
  return pool
}

/**
 * A checked-out connection that dies goes back to the pool at once, as broken (the pool closes it
 * and frees its slot), and its holder's own `release` becomes a no-op. Drizzle's node-postgres
 * `transaction` runs `begin` outside the `try` whose `finally` releases the connection
 * (drizzle-team/drizzle-orm#6241): a connection lost at `begin` was never released, and a few
 * restarts left the pool with no connection to give.
 */
function releasedWhenLost(client: pg.PoolClient): void {
  const release = client.release
  let released = false
  const lost = (err: Error) => client.release(err)
  client.once('error', lost)
  client.release = (err?: Error | boolean) => {
    if (released) return
    released = true
    client.removeListener('error', lost)
    release(err)
  }
}

/** What `Run` needs of a PGlite client or transaction. */
interface PgliteQueryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>
}

function poolRunner(pool: pg.Pool): Run {
  return async (name, text, values) => (await pool.query({ name, text, values })).rows
}

function pgliteRunner(client: PgliteQueryable): Run {
  return async (_name, text, values) => (await client.query(text, values)).rows
}

/** A `Run` on `db`'s own driver (a pool or PGlite; not a transaction handle). */
export function runnerOf(db: Db): Run {
  const client = (db as unknown as { $client: unknown }).$client
  return client instanceof pg.Pool ? poolRunner(client) : pgliteRunner(client as PgliteQueryable)
}

/**
 * Whether the database answers a trivial query within `timeoutMs` (`GET /ready`:
 * docs/decisions/configuration.md "Health and readiness").
 */
export async function isReachable(database: Database, timeoutMs = CONNECT_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const answered = database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}
