import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import pg from 'pg'
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
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** `memory://`, `postgres://…` / `postgresql://…`, or undefined for PGlite under `dataDir/db`. */
  url?: string | undefined
  dataDir: string
  /** node-postgres pool size; ignored by PGlite, which is a single connection. */
  poolSize?: number
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
    const pool = new pg.Pool({ connectionString: url, max })
    const boundedPools = new Map<number, { pool: pg.Pool; db: Db; run: Run }>()
    const boundedOf = (timeoutMs: number) => {
      let entry = boundedPools.get(timeoutMs)
      if (entry === undefined) {
        // pg sends `statement_timeout` as a startup parameter of each connection of this pool.
        const bounded = new pg.Pool({ connectionString: url, max, statement_timeout: timeoutMs })
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
    async execute(text, values) {
      if (values !== undefined && values.length > 0)
        return { rows: (await client.query(text, values)).rows as Record<string, unknown>[] }
      const results = await client.exec(text)
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
    },
    close: () => client.close(),
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

/** Whether the database answers a trivial query (`GET /ready`: docs/decisions/configuration.md). */
export async function isReachable(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
