import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../../db/client.js'
import { migrationsFolder, runMigrations } from '../../db/migrate.js'
import { newId } from '../../lib/ids.js'
import { createUsageRepository } from './repository.js'

const BUDGETS_MIGRATION = '0025_usage-budgets'

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'folio-migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(at).toBeGreaterThan(0)
  for (const entry of journal.entries.slice(at)) rmSync(join(dir, `${entry.tag}.sql`))
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

describe('migration 0025 (usage budgets) on a database that holds counts', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every stored count, as the public budget, and takes admin counts beside them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-'))
    const before = migrationsBefore(BUDGETS_MIGRATION)
    dirs.push(dataDir, before)
    const database = await createDatabase({ url: 'memory://', dataDir })
    try {
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: before })
      const tenantId = newId()
      await database.execute(`INSERT INTO tenants (id, name, slug, plan) VALUES ($1, 'T', $2, 'free')`, [
        tenantId,
        `t-${tenantId}`,
      ])
      const hour = new Date(Date.UTC(2031, 4, 2, 10))
      await database.execute(
        `INSERT INTO api_usage (tenant_id, hour, requests) VALUES ($1, $2, 40), ($1, $3, 2)`,
        [tenantId, hour.toISOString(), new Date(hour.getTime() + 3_600_000).toISOString()],
      )

      await runMigrations(database)
      const usage = createUsageRepository(database.db)
      const from = new Date(Date.UTC(2031, 4, 1))
      expect((await usage.totalsSince([tenantId], from)).get(tenantId)).toEqual({ public: 42 })
      await usage.add([
        { tenantId, budget: 'admin', hour: hour.getTime(), requests: 5 },
        { tenantId, budget: 'public', hour: hour.getTime(), requests: 1 },
      ])
      expect((await usage.totalsSince([tenantId], from)).get(tenantId)).toEqual({ admin: 5, public: 43 })
      // Every new row names its budget: the column has no default.
      await expect(
        database.execute(`INSERT INTO api_usage (tenant_id, hour, requests) VALUES ($1, $2, 1)`, [
          tenantId,
          new Date(Date.UTC(2031, 4, 3)).toISOString(),
        ]),
      ).rejects.toThrow(/budget/)
    } finally {
      await database.close()
    }
  })
})
