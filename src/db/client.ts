import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
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
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      // Without values node-postgres uses the simple query protocol, which runs several statements.
      execute: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      close: () => pool.end(),
    }
  }
  let dataPath: string | undefined
  if (url !== 'memory://') {
    dataPath = join(options.dataDir, 'db')
    mkdirSync(dataPath, { recursive: true })
  }
  // One options object: with `(undefined, options)` PGlite ignores the options and so the extensions.
  const client = await PGlite.create({
    dataDir: dataPath,
    extensions: { pg_trgm, btree_gin },
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  })
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
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
