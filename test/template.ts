import pg from 'pg'

/**
 * The database every test app of a run starts from, migrated once by test/global-setup.ts:
 * - `pglite`: the migrated in-memory database dumped to a tarball (`dumpDataDir`); each app loads
 *   a copy of it (`loadDataDir`) instead of running the migrations again.
 * - `postgres`: a template database on the server of TEST_DATABASE_URL; each test file works in a
 *   database of its own made from it (`CREATE DATABASE … TEMPLATE`) and dropped after its last test,
 *   so that jobs sweeping across tenants see only the file's own tenants and files can run side by side.
 */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; tarball: string }
  | { kind: 'postgres'; adminUrl: string; template: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate
  }
}

/** The secret every test app signs session tokens with. */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/** The pg-boss schema installed in the template: the first app of a test file uses it. */
export const TEMPLATE_JOBS_SCHEMA = 'pgboss'

/** The URL of `database` on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url)
  next.pathname = `/${database}`
  return next.toString()
}

/** Runs one statement on its own connection (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}
