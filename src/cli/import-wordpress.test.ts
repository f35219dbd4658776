import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPointArgs } from '../../test/entry-points.js'
import { createDatabase } from '../db/client.js'
import { runMigrations } from '../db/migrate.js'
import { contents, media as mediaTable, tenants, users } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'

const run = promisify(execFile)
const CLI = fileURLToPath(new URL('./import-wordpress.ts', import.meta.url))

const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>CLI Site</title>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:cat_name>News</wp:cat_name></wp:category>
<item><title>Hello</title><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded><wp:post_id>7</wp:post_id>
<wp:post_date_gmt>2021-02-03 04:05:06</wp:post_date_gmt><wp:post_name>hello</wp:post_name><wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type><category domain="category" nicename="news"><![CDATA[News]]></category></item>
</channel></rss>`

let dataDir: string
let file: string
const ownerEmail = `cli-${newId()}@example.test`

/** Runs the command as `npm run import:wordpress` would, on an embedded database in `dataDir`. */
async function cli(...args: string[]) {
  return cliWith({}, ...args)
}

/** `cli` with more environment variables. */
async function cliWith(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryPointArgs(CLI), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-cli-'))
  file = join(dataDir, 'export.xml')
  writeFileSync(file, EXPORT)
  const database = await createDatabase({ dataDir })
  await runMigrations(database)
  await database.db
    .insert(users)
    .values({ id: newId(), email: ownerEmail, passwordHash: 'unused', firstName: 'Cli', lastName: 'Owner' })
  await database.close()
}, 60_000)
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('npm run import:wordpress', () => {
  it('fails with exit code 1 and one line when the arguments are incomplete or unknown', async () => {
    const missing = await cli('--tenant', 'cli-site')
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^import-wordpress: --file and --tenant/),
    ])
    const unknown = await cli('--file', file, '--tenant', 'cli-site', '--force')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/Unknown option '--force'/)
  })

  it('prints its usage with --help, and checks a file for a tenant not made yet without --owner', async () => {
    const help = await cli('--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^usage: npm run import:wordpress -- --file <export.xml>/)
    expect(help.stdout).toMatch(
      /--url <server>[\s\S]*--token <token>[\s\S]*--tenant-id <id>[\s\S]*--copy-media[\s\S]*--dry-run/,
    )
    const dry = await cli('--file', file, '--tenant', 'not-made-yet', '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(
      /^Dry run \(nothing written\): would import "CLI Site" into new tenant "not-made-yet"/,
    )
    expect(dry.stdout).toMatch(/posts\s+1\s+0\s+0/)
  }, 60_000)

  it('refuses a missing tenant without --owner, then creates it with one and imports', async () => {
    const refused = await cli('--file', file, '--tenant', 'cli-site')
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(
      'import-wordpress: No tenant has the slug "cli-site"; pass --owner <email> to create it.',
    )

    const imported = await cli('--file', file, '--tenant', 'cli-site', '--owner', ownerEmail)
    expect(imported.code).toBe(0)
    expect(imported.stderr).toMatch(/Created tenant "cli-site"/)
    expect(imported.stderr).toMatch(/posts and pages: 1\/1/)
    expect(imported.stdout).toMatch(/Imported "CLI Site" into new tenant "cli-site"/)
    expect(imported.stdout).toMatch(/categories\s+1\s+0\s+0/)
    expect(imported.stdout).toMatch(/posts\s+1\s+0\s+0/)

    const again = await cli('--file', file, '--tenant', 'cli-site', '--dry-run')
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/Dry run \(nothing written\)/)
    expect(again.stdout).toMatch(/posts\s+0\s+1\s+0/)

    const database = await createDatabase({ dataDir })
    try {
      const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, 'cli-site'))
      const rows = await database.db
        .select()
        .from(contents)
        .where(eq(contents.tenantId, tenant?.id ?? ''))
      expect(rows.map((row) => [row.slug, row.status])).toEqual([['hello', 'published']])
    } finally {
      await database.close()
    }
  }, 60_000)

  it("imports a Polylang site into a tenant it creates: the site's languages its locales, translations one document", async () => {
    const polylang = fileURLToPath(
      new URL('../../test/fixtures/wordpress/polylang.wordpress.xml', import.meta.url),
    )
    const imported = await cli('--file', polylang, '--tenant', 'cli-polyglot', '--owner', ownerEmail)
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stderr).toContain('Locales: adding tr, de, pt-BR; default en')
    expect(imported.stdout).toMatch(/posts\s+4\s+0\s+0/)
    expect(imported.stdout).toMatch(/pages\s+3\s+0\s+0/)

    const database = await createDatabase({ dataDir })
    try {
      const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, 'cli-polyglot'))
      const rows = await database.db
        .select()
        .from(contents)
        .where(eq(contents.tenantId, tenant?.id ?? ''))
      const named = new Map(rows.map((row) => [row.id, `${row.slug} ${row.locale}`]))
      expect(rows.map((row) => `${named.get(row.id)} → ${named.get(row.translationGroupId)}`).sort()).toEqual(
        [
          'a-weekend-in-istanbul en → a-weekend-in-istanbul en',
          'about en → about en',
          'about tr → about en',
          'istanbulda-bir-hafta-sonu tr → a-weekend-in-istanbul en',
          'packing-for-the-alps en → packing-for-the-alps en',
          'ueber-uns de → about en',
          'um-domingo-em-lisboa pt-BR → um-domingo-em-lisboa pt-BR',
        ],
      )
    } finally {
      await database.close()
    }
  }, 60_000)

  it('copies the attachments with --copy-media, queuing their variants for the server on a new database', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const site = createServer((request, response) => {
      if (request.url === '/uploads/photo.png')
        response.writeHead(200, { 'content-type': 'image/png' }).end(photo)
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`
    try {
      const media = join(dataDir, 'media-export.xml')
      writeFileSync(
        media,
        EXPORT.replace(
          '<item>',
          `<item><title>Photo</title><wp:post_id>3</wp:post_id><wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type>
          <wp:attachment_url>${origin}/uploads/photo.png</wp:attachment_url></item><item>`,
        ).replace('<p>Hi</p>', `<p><img src="${origin}/uploads/photo-20x15.png"></p>`),
      )
      const args = ['--file', media, '--tenant', 'cli-media', '--owner', ownerEmail, '--copy-media']
      const imported = await cliWith({ OUTBOUND_ALLOW_PRIVATE: 'true' }, ...args)
      expect(imported.code, imported.stderr).toBe(0)
      expect(imported.stdout).toMatch(/\nattachment files: 1 copied into Folio, 0 left external\n/)

      const database = await createDatabase({ dataDir })
      try {
        const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, 'cli-media'))
        const tenantId = tenant?.id ?? ''
        const [copy] = await database.db.select().from(mediaTable).where(eq(mediaTable.tenantId, tenantId))
        expect(copy).toMatchObject({ sourceType: 'upload', mimeType: 'image/png', variantsStatus: 'pending' })
        const [post] = await database.db.select().from(contents).where(eq(contents.tenantId, tenantId))
        expect(post?.html).toBe(`<p><img src="${copy?.url}" /></p>\n`)
        // The variants job waits in the queue for the next server.
        const jobs = await database.db.execute(
          sql`select data from pgboss.job where name = 'media.make-variants' and data->>'mediaId' = ${copy?.id ?? ''}`,
        )
        expect((jobs as unknown as { rows: unknown[] }).rows).toHaveLength(1)
      } finally {
        await database.close()
      }
    } finally {
      await new Promise<void>((resolve) => site.close(() => resolve()))
    }
  }, 60_000)
})
