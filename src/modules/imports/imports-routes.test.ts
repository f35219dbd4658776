import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { postExport, secondApp, waitForImport } from '../../../test/import-fixtures.js'
import { categories, contents, contentVersions, imports, tags } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import type { Import } from './schemas.js'

const ctx = useTestContext()

const NAMESPACES =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'

/** A small export: a category, a post filed under it and a page. */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ${NAMESPACES}><channel><title>Route Site</title>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:cat_name>News</wp:cat_name></wp:category>
<item><title>Hello</title><link>https://old.example/hello/</link><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded>
<wp:post_id>7</wp:post_id><wp:post_date_gmt>2021-02-03 04:05:06</wp:post_date_gmt><wp:post_name>hello</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="category" nicename="news">News</category></item>
<item><title>About</title><wp:post_id>8</wp:post_id><wp:post_name>about</wp:post_name><wp:status>publish</wp:status>
<wp:post_type>page</wp:post_type></item>
</channel></rss>`

const REAL_EXPORT = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/wordpress/themeunittestdata.wordpress.xml', import.meta.url)),
)

/** Where the server keeps an uploaded export until its import ends. */
function spoolPath(tenantId: string, importId: string): string {
  return join(ctx.dataDir, 'imports', tenantId, `${importId}.xml`)
}

/** Waits (up to 5 s) until the tenant's spool folder is empty: a finished import removes its file. */
async function spoolEmptied(tenantId: string): Promise<string[]> {
  const deadline = Date.now() + 5000
  while (spooled(tenantId).length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return spooled(tenantId)
}

/** The files waiting in the tenant's spool folder. */
function spooled(tenantId: string): string[] {
  const folder = join(ctx.dataDir, 'imports', tenantId)
  return existsSync(folder) ? readdirSync(folder).sort() : []
}

async function importRows(tenantId: string): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(imports).where(eq(imports.tenantId, tenantId))
  return row?.total ?? 0
}

describe('POST /api/imports/wordpress and GET /api/imports/{id}', () => {
  it('answers 202 with the import, runs it in the background and reports counts per kind', async () => {
    const owner = await seedTenant(ctx.db)
    const started = await postExport(ctx.app, owner.token, EXPORT)
    expect(started.statusCode, started.body).toBe(202)
    expect(started.data.import).toMatchObject({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      tenantId: owner.tenantId,
      source: 'wordpress',
      status: 'queued',
      dryRun: false,
      siteTitle: 'Route Site',
      sizeBytes: Buffer.byteLength(EXPORT),
      totals: { categories: 1, tags: 0, attachments: 0, contents: 2 },
      error: null,
    })

    const done = await waitForImport(ctx.app, owner.token, started.data.import.id)
    expect(done).toMatchObject({
      status: 'succeeded',
      phase: null,
      counts: {
        categories: { created: 1, existing: 0, updated: 0, skipped: 0 },
        tags: { created: 0, existing: 0, updated: 0, skipped: 0 },
        media: { created: 0, existing: 0, updated: 0, skipped: 0 },
        posts: { created: 1, existing: 0, updated: 0, skipped: 0 },
        pages: { created: 1, existing: 0, updated: 0, skipped: 0 },
      },
      statuses: { draft: 0, published: 2, scheduled: 0, archived: 0 },
      skipped: {},
      problems: [],
      error: null,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    })
    const post = await call(ctx.app, 'GET', '/api/contents/slug/hello', { token: owner.token })
    expect(post.data.content.customFields).toEqual({
      wordpress: { postType: 'post', postId: '7', link: 'https://old.example/hello/' },
    })
    expect(post.data.content.categories).toHaveLength(1)
    const page = await call(ctx.app, 'GET', '/api/contents/slug/about', { token: owner.token })
    expect(page.data.content.customFields).toEqual({
      wordpress: { postType: 'page', postId: '8', link: null },
    })
    const [author] = await ctx.db
      .select({ createdBy: contents.createdBy })
      .from(contents)
      .where(and(eq(contents.tenantId, owner.tenantId), eq(contents.slug, 'hello')))
    expect(author?.createdBy).toBe(owner.userId)

    const again = await postExport(ctx.app, owner.token, EXPORT)
    const second = await waitForImport(ctx.app, owner.token, again.data.import.id)
    expect(second.counts.posts).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    expect(second.counts.categories).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
  })

  it("writes through the tenant's own services: limits.entries holds, and each imported content has its version", async () => {
    const owner = await seedTenant(ctx.db)
    const limited = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { entries: 1 } },
    })
    expect(limited.statusCode, limited.body).toBe(200)
    const started = await postExport(ctx.app, owner.token, EXPORT)
    expect(started.statusCode, started.body).toBe(202)
    const done = await waitForImport(ctx.app, owner.token, started.data.import.id)
    expect(done.status).toBe('succeeded')
    expect(done.counts.posts).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    expect(done.counts.pages).toEqual({ created: 0, existing: 0, updated: 0, skipped: 1 })
    expect(done.problems).toEqual([
      { key: 'post:8', message: expect.stringMatching(/^Not imported: .*limit/i) },
    ])
    const [stored] = await ctx.db
      .select({ total: count() })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
    expect(stored?.total).toBe(1)
    const [versions] = await ctx.db
      .select({ total: count() })
      .from(contentVersions)
      .where(eq(contentVersions.tenantId, owner.tenantId))
    expect(versions?.total).toBe(1)
  })

  it('counts without writing in a dry run', async () => {
    const owner = await seedTenant(ctx.db)
    const started = await call(ctx.app, 'POST', '/api/imports/wordpress?dryRun=true', {
      token: owner.token,
      body: EXPORT,
      headers: { 'content-type': 'text/xml; charset=UTF-8' },
    })
    expect(started.statusCode).toBe(202)
    const done = await waitForImport(ctx.app, owner.token, started.data.import.id)
    expect(done.error).toBeNull()
    expect(done).toMatchObject({ status: 'succeeded', dryRun: true })
    expect(done.counts.posts).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    const list = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
    expect(list.data.pagination.total).toBe(0)
  })

  it('answers 400 for a malformed or hostile document and queues nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const truncated = await postExport(ctx.app, owner.token, EXPORT.slice(0, 300))
    expect(truncated.statusCode).toBe(400)
    expect(truncated.data).toEqual({
      error: 'BadRequest',
      message: expect.stringMatching(/not well-formed XML/),
    })
    const hostile = await postExport(
      ctx.app,
      owner.token,
      EXPORT.replace('<rss ', '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss '),
    )
    expect(hostile.statusCode).toBe(400)
    expect(hostile.data.message).toMatch(/DOCTYPE/)
    const empty = await postExport(ctx.app, owner.token, '')
    expect(empty.statusCode).toBe(400)
    expect(await importRows(owner.tenantId)).toBe(0)
    expect(spooled(owner.tenantId)).toEqual([])
  })

  it('answers 400 naming the line for an export nested past 64 levels, and queues nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const deep = EXPORT.replace('<title>About</title>', `\n${'<x>'.repeat(30_000)}${'</x>'.repeat(30_000)}`)
    const refused = await postExport(ctx.app, owner.token, deep)
    expect(refused.statusCode).toBe(400)
    expect(refused.data).toEqual({
      error: 'BadRequest',
      message:
        'The export nests elements deeper than 64 levels (line 8); a WordPress export nests 6 at most.',
    })
    expect(await importRows(owner.tenantId)).toBe(0)
    expect(spooled(owner.tenantId)).toEqual([])
  })

  it('answers 415 for a body that is not XML, 400 without a body and 401 without a credential', async () => {
    const owner = await seedTenant(ctx.db)
    const json = await call(ctx.app, 'POST', '/api/imports/wordpress', {
      token: owner.token,
      body: { xml: EXPORT },
    })
    expect(json.statusCode).toBe(415)
    expect(json.data).toEqual({
      error: 'UnsupportedMediaType',
      message: expect.stringMatching(/application\/xml/),
    })
    const anonymous = await call(ctx.app, 'POST', '/api/imports/wordpress', {
      body: EXPORT,
      headers: { 'content-type': 'application/xml' },
    })
    expect(anonymous.statusCode).toBe(401)
    const missing = await call(ctx.app, 'POST', '/api/imports/wordpress', { token: owner.token })
    expect(missing.statusCode).toBe(400)
    expect(missing.data.message).toBe('Send the WordPress export file as the request body (application/xml).')
    const read = await call(ctx.app, 'GET', '/api/imports/0123456789abcdef01234567')
    expect(read.statusCode).toBe(401)
  })

  it('lets owners, admins and their write tokens import, not editors or their tokens', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const adminToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'admin',
      scopes: ['read', 'write'],
    })
    const adminReadToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read'] })
    const editorToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'editor',
      scopes: ['read', 'write'],
    })

    const byEditor = await postExport(ctx.app, editor.token, EXPORT)
    expect(byEditor.statusCode).toBe(403)
    expect(byEditor.data.error).toBe('Forbidden')
    expect((await postExport(ctx.app, editorToken, EXPORT)).statusCode).toBe(403)
    expect((await postExport(ctx.app, adminReadToken, EXPORT)).data.error).toBe('InsufficientScope')
    expect(await importRows(owner.tenantId)).toBe(0)

    const byAdmin = await postExport(ctx.app, admin.token, EXPORT)
    expect(byAdmin.statusCode).toBe(202)
    const first = await waitForImport(ctx.app, adminToken, byAdmin.data.import.id)
    const byToken = await postExport(ctx.app, adminToken, EXPORT)
    expect(byToken.statusCode).toBe(202)
    // The second run finds everything the first made.
    const second = await waitForImport(ctx.app, adminToken, byToken.data.import.id)
    expect(first.counts.posts.created).toBe(1)
    expect(second.counts.posts).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    const editorRead = await call(ctx.app, 'GET', `/api/imports/${first.id}`, { token: editor.token })
    expect(editorRead.statusCode).toBe(403)
  })

  it("answers 404 for another tenant's import exactly as for a missing one", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const started = await postExport(ctx.app, owner.token, EXPORT)
    await waitForImport(ctx.app, owner.token, started.data.import.id)
    const foreign = await call(ctx.app, 'GET', `/api/imports/${started.data.import.id}`, {
      token: other.token,
    })
    const missing = await call(ctx.app, 'GET', '/api/imports/0123456789abcdef01234567', {
      token: other.token,
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data).toEqual(missing.data)
    const badId = await call(ctx.app, 'GET', '/api/imports/not-an-id', { token: owner.token })
    expect(badId.statusCode).toBe(400)
  })

  it("lists the tenant's imports newest first, paged, with their summaries and problems (GET /api/imports)", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const theirs = await postExport(ctx.app, other.token, EXPORT)
    await waitForImport(ctx.app, other.token, theirs.data.import.id)
    const empty = await call(ctx.app, 'GET', '/api/imports', { token: owner.token })
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.data).toEqual({ imports: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } })

    const dry = await postExport(ctx.app, owner.token, EXPORT, '?dryRun=true')
    const first = await waitForImport(ctx.app, owner.token, dry.data.import.id)
    const withProblem = EXPORT.replace(
      '</channel>',
      '<item><title>Bad</title><wp:post_id>9</wp:post_id><wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type><wp:attachment_url>javascript:alert(1)</wp:attachment_url></item></channel>',
    )
    const real = await postExport(ctx.app, owner.token, withProblem)
    const second = await waitForImport(ctx.app, owner.token, real.data.import.id)
    expect(second.problems).toHaveLength(1)

    const list = await call(ctx.app, 'GET', '/api/imports', { token: owner.token })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 })
    // The same report as GET /api/imports/{id}, newest first; the other tenant's is not listed.
    expect(list.data.imports).toEqual([second, first])
    expect(list.data.imports[0]).toMatchObject({
      dryRun: false,
      status: 'succeeded',
      counts: { posts: { created: 1, existing: 0, updated: 0, skipped: 0 } },
      problems: [{ key: 'attachment:9', message: expect.stringMatching(/^Not imported: /) }],
    })
    expect(list.data.imports[1].dryRun).toBe(true)

    const paged = await call(ctx.app, 'GET', '/api/imports?page=2&limit=1', { token: owner.token })
    expect(paged.data.imports.map((item: Import) => item.id)).toEqual([first.id])
    expect(paged.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    const theirList = await call(ctx.app, 'GET', '/api/imports', { token: other.token })
    expect(theirList.data.imports.map((item: Import) => item.id)).toEqual([theirs.data.import.id])
    expect((await call(ctx.app, 'GET', '/api/imports?limit=101', { token: owner.token })).statusCode).toBe(
      400,
    )
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    // Following imports (tenants:view) is open to editors, as GET /api/imports/{id} is.
    expect((await call(ctx.app, 'GET', '/api/imports', { token: editor.token })).statusCode).toBe(
      (await call(ctx.app, 'GET', `/api/imports/${first.id}`, { token: editor.token })).statusCode,
    )
  })

  it('answers 413 for an export over IMPORT_MAX_BYTES and stores nothing of it', async () => {
    const app = await secondApp(ctx.database, ctx.dataDir, { IMPORT_MAX_BYTES: '2048' })
    try {
      const owner = await seedTenant(ctx.db)
      const oversized = EXPORT.replace('<p>Hi</p>', 'x'.repeat(4096))
      const large = await postExport(app, owner.token, oversized)
      expect(large.statusCode).toBe(413)
      expect(large.data).toEqual({
        error: 'PayloadTooLarge',
        message: 'The export is larger than IMPORT_MAX_BYTES (2048 bytes).',
      })
      // Sent in chunks without a Content-Length: refused while streaming, once past the limit.
      const chunked = await call(app, 'POST', '/api/imports/wordpress', {
        token: owner.token,
        body: Readable.from([oversized.slice(0, 1500), oversized.slice(1500)]),
        headers: { 'content-type': 'application/xml' },
      })
      expect(chunked.statusCode).toBe(413)
      expect(await importRows(owner.tenantId)).toBe(0)
      expect(spooled(owner.tenantId)).toEqual([])

      const fits = await postExport(app, owner.token, EXPORT)
      expect(fits.statusCode).toBe(202)
      expect((await waitForImport(app, owner.token, fits.data.import.id)).status).toBe('succeeded')
    } finally {
      await app.close()
    }
  })

  it('takes an upload streamed over a real connection, and answers 413 on one past the limit', async () => {
    const owner = await seedTenant(ctx.db)
    const app = await secondApp(ctx.database, ctx.dataDir, { IMPORT_MAX_BYTES: String(REAL_EXPORT.length) })
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' })
      const post = (body: Buffer) =>
        fetch(`${base}/api/imports/wordpress`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/xml' },
          body,
        })
      const tooLarge = await post(Buffer.concat([REAL_EXPORT, Buffer.from(' ')]))
      expect(tooLarge.status).toBe(413)
      expect(((await tooLarge.json()) as { error: string }).error).toBe('PayloadTooLarge')
      const accepted = await post(REAL_EXPORT)
      expect(accepted.status).toBe(202)
      const { import: started } = (await accepted.json()) as { import: Import }
      expect(started).toMatchObject({ status: 'queued', sizeBytes: REAL_EXPORT.length })
      expect((await waitForImport(app, owner.token, started.id, 120_000)).status).toBe('succeeded')
    } finally {
      await app.close()
    }
  }, 150_000)

  it('answers 409 to a second import of a tenant while one is queued or running, not to another tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const first = await postExport(ctx.app, owner.token, REAL_EXPORT)
    expect(first.statusCode).toBe(202)
    expect(spooled(owner.tenantId)).toEqual([`${first.data.import.id}.xml`])

    const second = await postExport(ctx.app, owner.token, EXPORT)
    expect(second.statusCode).toBe(409)
    expect(second.data).toEqual({
      error: 'Conflict',
      message: `Another import of this tenant is queued or running (${first.data.import.id}): one runs at a time. Follow it with GET /api/imports/{id} and start this one once it has finished.`,
    })
    const dryRun = await postExport(ctx.app, owner.token, EXPORT, '?dryRun=true')
    expect(dryRun.statusCode).toBe(409)
    expect(await importRows(owner.tenantId)).toBe(1)
    expect(spooled(owner.tenantId)).toEqual([`${first.data.import.id}.xml`])

    const elsewhere = await postExport(ctx.app, other.token, EXPORT)
    expect(elsewhere.statusCode).toBe(202)

    const done = await waitForImport(ctx.app, owner.token, first.data.import.id, 120_000)
    expect(done.status).toBe('succeeded')
    expect((await waitForImport(ctx.app, other.token, elsewhere.data.import.id)).status).toBe('succeeded')
    // A finished import leaves no file behind, and frees the tenant for the next one.
    expect(await spoolEmptied(owner.tenantId)).toEqual([])
    expect(await spoolEmptied(other.tenantId)).toEqual([])
    const next = await postExport(ctx.app, owner.token, EXPORT)
    expect(next.statusCode).toBe(202)
    expect((await waitForImport(ctx.app, owner.token, next.data.import.id)).status).toBe('succeeded')
  }, 150_000)

  it('ends an import failed with the parse problem when its stored file turns out broken', async () => {
    const owner = await seedTenant(ctx.db)
    const schema = `jobs_${newId()}`
    const first = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    const started = await postExport(first, owner.token, REAL_EXPORT)
    expect(started.statusCode).toBe(202)
    const id = started.data.import.id
    // The server stops in the middle of the import, and the file is damaged on disk meanwhile.
    for (;;) {
      const state = (await call(first, 'GET', `/api/imports/${id}`, { token: owner.token })).data.import
      if (state.counts.categories.created > 0) break
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await first.close()
    writeFileSync(spoolPath(owner.tenantId, id), EXPORT.slice(0, 300))
    const restarted = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    try {
      const done = await waitForImport(restarted, owner.token, id)
      expect(done).toMatchObject({ status: 'failed', error: expect.stringMatching(/not well-formed XML/) })
      expect(await spoolEmptied(owner.tenantId)).toEqual([])
    } finally {
      await restarted.close()
    }
  }, 60_000)

  it('ends an import failed, naming the line, when its stored file nests past 64 levels', async () => {
    const owner = await seedTenant(ctx.db)
    const schema = `jobs_${newId()}`
    const first = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    const started = await postExport(first, owner.token, REAL_EXPORT)
    expect(started.statusCode).toBe(202)
    const id = started.data.import.id
    // The server stops in the middle of the import, and the file is replaced meanwhile.
    for (;;) {
      const state = (await call(first, 'GET', `/api/imports/${id}`, { token: owner.token })).data.import
      if (state.counts.categories.created > 0) break
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await first.close()
    const deep = EXPORT.replace('<title>About</title>', `\n${'<x>'.repeat(30_000)}${'</x>'.repeat(30_000)}`)
    writeFileSync(spoolPath(owner.tenantId, id), deep)
    const restarted = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    try {
      const done = await waitForImport(restarted, owner.token, id)
      expect(done).toMatchObject({
        status: 'failed',
        error:
          'The export nests elements deeper than 64 levels (line 8); a WordPress export nests 6 at most.',
      })
      expect(await spoolEmptied(owner.tenantId)).toEqual([])
    } finally {
      await restarted.close()
    }
  }, 60_000)

  it('resumes an import cut short by a server stop once a server runs again, creating nothing twice', async () => {
    const owner = await seedTenant(ctx.db)
    // Both apps are lives of one server: they share the job queue, which no other app reads.
    const schema = `jobs_${newId()}`
    const first = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    let id: string
    try {
      const started = await postExport(first, owner.token, REAL_EXPORT)
      expect(started.statusCode).toBe(202)
      id = started.data.import.id
      // Stopped once some categories are in, long before the posts and pages.
      for (;;) {
        const state = (await call(first, 'GET', `/api/imports/${id}`, { token: owner.token })).data.import
        if (state.counts.categories.created > 0) break
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    } finally {
      await first.close()
    }
    const [stopped] = await ctx.db
      .select()
      .from(imports)
      .where(and(eq(imports.tenantId, owner.tenantId), eq(imports.id, id)))
    expect(stopped).toMatchObject({ status: 'queued', error: null, finishedAt: null })
    const cut = stopped?.counts as Import['counts']
    expect(cut.categories.created).toBeGreaterThan(0)
    expect(spooled(owner.tenantId)).toEqual([`${id}.xml`])

    const restarted = await secondApp(ctx.database, ctx.dataDir, {}, schema)
    try {
      const done = await waitForImport(restarted, owner.token, id, 120_000)
      expect(done.status).toBe('succeeded')
      const total = done.totals
      const sum = (kind: keyof typeof done.counts) =>
        done.counts[kind].created + done.counts[kind].existing + done.counts[kind].skipped
      expect(sum('categories')).toBe(total.categories)
      expect(sum('tags')).toBe(total.tags)
      expect(sum('media')).toBe(total.attachments)
      expect(sum('posts') + sum('pages')).toBe(total.contents)
      // The run after the restart began again: what the first life made, it found.
      expect(done.counts.categories.existing).toBeGreaterThanOrEqual(cut.categories.created)
      const rows = async (table: typeof contents | typeof categories | typeof tags) => {
        const [row] = await ctx.db
          .select({ total: count() })
          .from(table)
          .where(eq(table.tenantId, owner.tenantId))
        return row?.total
      }
      const imported = (kind: 'posts' | 'pages') => done.counts[kind].created + done.counts[kind].existing
      expect(await rows(contents)).toBe(imported('posts') + imported('pages'))
      expect(await rows(categories)).toBe(total.categories)
      expect(await rows(tags)).toBe(total.tags)
      expect(await spoolEmptied(owner.tenantId)).toEqual([])
    } finally {
      await restarted.close()
    }
  }, 150_000)
})
