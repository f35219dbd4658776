import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDatabase, isReachable } from './client.js'

describe('database client', () => {
  it('reports an open database reachable and a closed one not (what /ready answers)', async () => {
    const database = await createDatabase({ url: 'memory://', dataDir: '.' })
    expect(await isReachable(database)).toBe(true)
    await database.close()
    expect(await isReachable(database)).toBe(false)
  })

  it('keeps the embedded database under DATA_DIR/db across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-db-'))
    try {
      const first = await createDatabase({ dataDir })
      await first.db.execute('create table kept (n int)')
      await first.db.execute('insert into kept values (7)')
      await first.close()
      const second = await createDatabase({ dataDir })
      const result = (await second.db.execute('select n from kept')) as unknown as { rows: { n: number }[] }
      expect(result.rows).toEqual([{ n: 7 }])
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
