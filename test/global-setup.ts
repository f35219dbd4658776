import { createDatabase } from '../src/db/client.js'
import { runMigrations } from '../src/db/migrate.js'

/**
 * With TEST_DATABASE_URL every test file shares one PostgreSQL database, so migrations run once
 * here rather than racing in each file. In-memory PGlite files migrate their own database.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (url === undefined) return
  const database = await createDatabase({ url, dataDir: '.' })
  await runMigrations(database)
  await database.close()
}
