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
   * one connection: there `work` runs in a transaction that sets the timeout locally.
   */
  bounded<T>(timeoutMs: number, work: (db: Db) => Promise<T>): Promise<T>
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
    const boundedPools = new Map<number, { pool: pg.Pool; db: Db }>()
    const boundedDb = (timeoutMs: number): Db => {
      let entry = boundedPools.get(timeoutMs)
      if (entry === undefined) {
        // pg sends `statement_timeout` as a startup parameter of each connection of this pool.
        const bounded = new pg.Pool({ connectionString: url, max, statement_timeout: timeoutMs })
        entry = { pool: bounded, db: drizzlePg(bounded, { schema }) as unknown as Db }
        boundedPools.set(timeoutMs, entry)
      }
      return entry.db
    }
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      // Without values node-postgres uses the simple query protocol, which runs several statements.
      execute: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      bounded: (timeoutMs, work) => work(boundedDb(timeoutMs)),
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
        return work(tx as unknown as Db)
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

/** Whether the database answers a trivial query (`GET /ready`: docs/decisions/configuration.md). */
export async function isReachable(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
