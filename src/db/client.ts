import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
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
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** `memory://`, `postgres://…` / `postgresql://…`, or undefined for PGlite under `dataDir/db`. */
  url?: string | undefined
  dataDir: string
  /** node-postgres pool size; ignored by PGlite, which is a single connection. */
  poolSize?: number
}

/** Opens the database chosen by configuration (decisions.md: `DATABASE_URL`). */
export function createDatabase(options: DatabaseOptions): Database {
  const url = options.url
  if (url?.startsWith('postgres://') || url?.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() }
  }
  let dataPath: string | undefined
  if (url !== 'memory://') {
    dataPath = join(options.dataDir, 'db')
    mkdirSync(dataPath, { recursive: true })
  }
  const client = new PGlite(dataPath)
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  }
}
