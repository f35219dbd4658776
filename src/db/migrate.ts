import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client.js'

/** The committed SQL migrations; `npm run build` copies them next to the compiled code. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Applies every pending migration; safe to run at each start (drizzle records what ran). */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // On a connection of its own, which the statement timeout does not bound (an index build).
    await database.unbounded((db) => migratePg(db as unknown as NodePgDatabase, { migrationsFolder }))
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
  }
}
