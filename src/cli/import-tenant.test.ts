import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import * as tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPointArgs } from '../../test/entry-points.js'
import { createDatabase } from '../db/client.js'
import { runMigrations } from '../db/migrate.js'
import { memberships, tags, tenants, users } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'

const run = promisify(execFile)
const CLI = fileURLToPath(new URL('./import-tenant.ts', import.meta.url))

let dataDir: string
const ownerEmail = `cli-${newId()}@example.test`
const sourceTenant = newId()
const tagId = newId()

/** Runs the command as `npm run tenant:import` would, on an embedded database in `dataDir`. */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryPointArgs(CLI), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** A small archive as an export writes it: one tag that names its own id in its title, no member. */
async function archive(tamper = false): Promise<string> {
  const tag = {
    tenant_id: sourceTenant,
    id: tagId,
    title: `Tag ${tagId}`,
    slug: 'cli-tag',
    created_at: '2024-01-02T03:04:05.123456+00:00',
    updated_at: '2024-01-02T03:04:05.123456+00:00',
  }
  const data: [string, Buffer][] = [
    ['data/tags.ndjson', Buffer.from(`${JSON.stringify(tag)}\n`)],
    ['data/members.ndjson', Buffer.from('')],
  ]
  const manifest = {
    format: 'folio-tenant-export',
    formatVersion: 1,
    folioVersion: '0.1.0',
    source: { tenantId: sourceTenant, name: 'Cli source', slug: 'cli-source' },
    createdAt: new Date().toISOString(),
    options: { includeResponses: false, includeStatistics: false },
    counts: { tags: 1, members: 0, mediaFiles: 0 },
    entries: data.map(([name, bytes]) => ({
      name,
      size: bytes.length,
      sha256: createHash('sha256')
        .update(tamper ? Buffer.from('x') : bytes)
        .digest('hex'),
    })),
    secretsLeftOut: [],
  }
  const pack = tar.pack()
  pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest))
  for (const [name, bytes] of data) pack.entry({ name }, bytes)
  pack.finalize()
  const chunks: Buffer[] = []
  for await (const chunk of pack) chunks.push(chunk as Buffer)
  const path = join(dataDir, tamper ? 'damaged.tar.gz' : 'archive.tar.gz')
  writeFileSync(path, gzipSync(Buffer.concat(chunks)))
  return path
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-'))
  const database = await createDatabase({ dataDir })
  await runMigrations(database)
  await database.db
    .insert(users)
    .values({ id: newId(), email: ownerEmail, passwordHash: 'unused', firstName: 'Cli', lastName: 'Owner' })
  await database.close()
}, 60_000)

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('npm run tenant:import', () => {
  it('refuses a damaged archive naming the entry, and writes nothing', async () => {
    const result = await cli('--file', await archive(true), '--owner', ownerEmail)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('data/tags.ndjson')
  }, 60_000)

  it('imports an archive as a new tenant owned by --owner, ids issued again', async () => {
    const result = await cli('--file', await archive(), '--owner', ownerEmail, '--slug', 'cli-copy')
    expect(result.stderr, result.stdout).toContain('tenant-import: checking')
    expect(result.code, result.stderr).toBe(0)
    const imported = JSON.parse(result.stdout)
    expect(imported).toMatchObject({ status: 'succeeded', counts: { tags: 1, members: 0 } })
    const database = await createDatabase({ dataDir })
    try {
      const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, 'cli-copy'))
      expect(tenant?.id).toBe(imported.tenantId)
      expect(tenant?.name).toBe('Cli source')
      const [tag] = await database.db.select().from(tags).where(eq(tags.tenantId, tenant!.id))
      expect(tag?.id).not.toBe(tagId)
      // The id inside the text follows the row's new id.
      expect(tag?.title).toBe(`Tag ${tag?.id}`)
      expect(tag?.createdAt.toISOString()).toBe('2024-01-02T03:04:05.123Z')
      const [owner] = await database.db.select().from(memberships).where(eq(memberships.tenantId, tenant!.id))
      expect(owner).toMatchObject({ role: 'owner', status: 'active' })
    } finally {
      await database.close()
    }
  }, 60_000)
})
