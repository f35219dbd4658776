import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { postExport, secondApp, waitForImport } from '../../../test/import-fixtures.js'
import {
  jpegBytes,
  noisyImageBytes,
  pathOf,
  pngBytes,
  waitForVariants,
} from '../../../test/media-fixtures.js'
import { putSettings } from '../../../test/settings-fixtures.js'
import { importRemote } from '../../cli/import-remote.js'
import { media } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { OUTBOUND_REFUSED } from '../../lib/outbound.js'
import type { Import } from './schemas.js'

/** Uploads above this are refused (the huge image, about 160 KB, is larger). */
const MAX_UPLOAD_BYTES = 100_000
const ctx = useTestContext({
  OUTBOUND_ALLOW_PRIVATE: 'true',
  MEDIA_MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
})

/**
 * The WordPress site: serves the export's files on loopback and counts the requests per path. The
 * first request waits (up to 2 s) for a second one to arrive, so a test can see downloads overlap.
 */
let site: Server
let origin = ''
const requests = new Map<string, number>()
let inFlight = 0
let mostInFlight = 0
let firstHeld = false
let releaseFirst: (() => void) | undefined
let files: Record<string, { type: string; bytes: Buffer }>

beforeAll(async () => {
  files = {
    '/wp-content/uploads/2020/01/photo.jpg': { type: 'image/jpeg', bytes: await jpegBytes(640, 480) },
    '/wp-content/uploads/2020/01/logo.png': { type: 'image/png', bytes: await pngBytes(120, 60) },
    '/cdn/moved.png': { type: 'image/png', bytes: await pngBytes(30, 20) },
    '/wp-content/uploads/2020/01/page.jpg': {
      type: 'image/jpeg',
      bytes: Buffer.from('<html>not an image</html>'),
    },
    '/wp-content/uploads/2020/01/huge.png': {
      type: 'image/png',
      bytes: await noisyImageBytes(400, 400, 'png'),
    },
  }
  site = createServer(async (request, response) => {
    const path = request.url ?? ''
    requests.set(path, (requests.get(path) ?? 0) + 1)
    inFlight++
    mostInFlight = Math.max(mostInFlight, inFlight)
    response.on('close', () => inFlight--)
    if (!firstHeld) {
      firstHeld = true
      await new Promise<void>((resolve) => {
        releaseFirst = resolve
        setTimeout(resolve, 2000)
      })
    } else {
      releaseFirst?.()
    }
    if (path === '/wp-content/uploads/2020/01/moved.png') {
      response.writeHead(302, { location: '/cdn/moved.png' }).end()
      return
    }
    const file = files[path]
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
      return
    }
    response.setHeader('content-type', file.type)
    response.end(file.bytes)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())))

const NAMESPACES =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:wp="http://wordpress.org/export/1.2/"'

function attachment(id: number, path: string, extra = ''): string {
  return `<item><title>File ${id}</title><wp:post_id>${id}</wp:post_id><wp:post_name>file-${id}</wp:post_name>
    <wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${origin}${path}</wp:attachment_url>${extra}</item>`
}

/**
 * Six attachments (a photo with its alt text and caption, a logo, a file moved by a redirect, a
 * missing file, an HTML page named .jpg, an image over the upload limit) and a post showing them.
 */
function siteExport(options: { post?: boolean } = {}): string {
  const uploads = `${origin.replace('http:', 'https:')}/wp-content/uploads/2020/01`
  const html =
    `<p><img src="${origin}/wp-content/uploads/2020/01/photo-300x225.jpg" ` +
    `srcset="${uploads}/photo-300x225.jpg 300w, ${uploads}/photo.jpg 640w" alt="A photo"></p>` +
    `<p><a href="//${origin.slice('http://'.length)}/wp-content/uploads/2020/01/logo.png?ver=2">Logo</a></p>` +
    `<p><img src="${origin}/wp-content/uploads/2020/01/moved.png"><img src="${origin}/wp-content/uploads/missing.jpg"></p>`
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NAMESPACES}><channel><title>Media Site</title>
    ${attachment(
      10,
      '/wp-content/uploads/2020/01/photo.jpg',
      '<excerpt:encoded><![CDATA[A caption]]></excerpt:encoded><wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value>Alt text</wp:meta_value></wp:postmeta>',
    )}
    ${attachment(11, '/wp-content/uploads/2020/01/logo.png')}
    ${attachment(12, '/wp-content/uploads/2020/01/moved.png')}
    ${attachment(13, '/wp-content/uploads/missing.jpg')}
    ${attachment(14, '/wp-content/uploads/2020/01/page.jpg')}
    ${attachment(15, '/wp-content/uploads/2020/01/huge.png')}
    ${options.post === false ? '' : post(html)}
  </channel></rss>`
}

function post(html: string): string {
  return `<item><title>With images</title><content:encoded><![CDATA[${html}]]></content:encoded><wp:post_id>1</wp:post_id>
      <wp:post_date_gmt>2021-02-03 04:05:06</wp:post_date_gmt><wp:post_name>with-images</wp:post_name>
      <wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
      <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>10</wp:meta_value></wp:postmeta></item>`
}

/** Runs the export through `POST /api/imports/wordpress` and waits for the import to end. */
async function runImport(
  owner: SeededMember,
  query: string,
  app = ctx.app,
  xml = siteExport(),
): Promise<Import> {
  const started = await postExport(app, owner.token, xml, query)
  expect(started.statusCode, started.body).toBe(202)
  return waitForImport(app, owner.token, started.data.import.id)
}

async function mediaOf(tenantId: string) {
  return ctx.db.select().from(media).where(eq(media.tenantId, tenantId)).orderBy(media.createdAt)
}

/** The original files (not variants) stored for the tenant under DATA_DIR/media. */
function storedFiles(tenantId: string): string[] {
  const root = join(ctx.dataDir, 'media', tenantId)
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.[a-z]+$/.test(path) && !path.includes('variants'))
    .sort()
}

const totalRequests = () => [...requests.values()].reduce((sum, count) => sum + count, 0)

describe('copying WordPress attachments into Folio (copyMedia)', () => {
  it('stores each file as media with variants, rewrites the html, and reports what could not be copied', async () => {
    const owner = await seedTenant(ctx.db)
    const done = await runImport(owner, '?copyMedia=true')
    expect(done).toMatchObject({
      status: 'succeeded',
      copyMedia: true,
      mediaFiles: { mode: 'copied', copied: 3, external: 3 },
    })
    expect(done.counts.media).toEqual({ created: 6, existing: 0, updated: 0, skipped: 0 })
    // Downloads run in parallel: their problems are recorded in the order the downloads end.
    const problems = [...done.problems].sort((a: { key: string }, b: { key: string }) =>
      a.key.localeCompare(b.key),
    )
    expect(problems).toEqual([
      {
        key: 'attachment:13',
        message: 'File not copied, kept as external media: The server answered 404.',
      },
      {
        key: 'attachment:14',
        message:
          'File not copied, kept as external media: The uploaded file is of no type Folio accepts (its content was not recognised).',
      },
      {
        key: 'attachment:15',
        message: `File not copied, kept as external media: The file is larger than ${MAX_UPLOAD_BYTES} bytes.`,
      },
    ])
    // Downloads overlap (the first answer waited for a second request), four at a time at most.
    expect(mostInFlight).toBeGreaterThan(1)
    expect(mostInFlight).toBeLessThanOrEqual(4)

    const rows = await mediaOf(owner.tenantId)
    const byTitle = new Map(rows.map((row) => [row.title, row]))
    expect(rows.map((row) => [row.title, row.sourceType, row.mimeType]).sort()).toEqual([
      ['File 10', 'upload', 'image/jpeg'],
      ['File 11', 'upload', 'image/png'],
      ['File 12', 'upload', 'image/png'],
      ['File 13', 'external', null],
      ['File 14', 'external', null],
      ['File 15', 'external', null],
    ])
    expect(byTitle.get('File 13')?.url).toBe(`${origin}/wp-content/uploads/missing.jpg`)
    const photo = byTitle.get('File 10')!
    expect(photo).toMatchObject({
      altText: 'Alt text',
      caption: 'A caption',
      originalName: 'photo.jpg',
      size: files['/wp-content/uploads/2020/01/photo.jpg']!.bytes.length,
      width: 640,
      height: 480,
    })
    expect(photo.key).toMatch(new RegExp(`^${owner.tenantId}/\\d{4}/\\d{2}/[a-f0-9]{24}/photo\\.jpg$`))
    const served = await ctx.app.inject({ method: 'GET', url: pathOf(photo.url) })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(files['/wp-content/uploads/2020/01/photo.jpg']!.bytes)).toBe(true)
    const ready = await waitForVariants(ctx.app, owner.token, photo.id)
    expect(ready.variantsStatus).toBe('ready')
    expect(ready.variants.map((variant: { name: string }) => variant.name)).toEqual([
      'thumbnail',
      'small',
      'medium',
      'large',
      'webp',
    ])
    expect(storedFiles(owner.tenantId)).toHaveLength(3)

    const post = await call(ctx.app, 'GET', '/api/contents/slug/with-images', { token: owner.token })
    expect(post.statusCode, post.body).toBe(200)
    const logo = byTitle.get('File 11')!.url
    const moved = byTitle.get('File 12')!.url
    expect(post.data.content.featuredMediaId).toBe(photo.id)
    // Classic text: the paragraphs as WordPress's wpautop lays them out, one a line.
    expect(post.data.content.html).toBe(
      `<p><img src="${photo.url}" srcset="${photo.url} 300w, ${photo.url} 640w" alt="A photo" /></p>\n` +
        `<p><a href="${logo}">Logo</a></p>\n` +
        `<p><img src="${moved}" /><img src="${origin}/wp-content/uploads/missing.jpg" /></p>\n`,
    )

    // A second run finds every attachment recorded: it copies nothing twice, and tries again only
    // the three files left external (which still fail).
    const before = totalRequests()
    const again = await runImport(owner, '?copyMedia=true')
    expect(again).toMatchObject({
      status: 'succeeded',
      mediaFiles: { mode: 'copied', copied: 0, external: 3 },
    })
    expect(again.counts.media).toEqual({ created: 0, existing: 6, updated: 0, skipped: 0 })
    expect(again.problems.map((problem) => problem.key).sort()).toEqual([
      'attachment:13',
      'attachment:14',
      'attachment:15',
    ])
    expect(totalRequests()).toBe(before + 3)
    expect(await mediaOf(owner.tenantId)).toHaveLength(6)
    expect(storedFiles(owner.tenantId)).toHaveLength(3)
  }, 60_000)

  it('rewrites a resumed import to the copies an earlier run made, without downloading them again', async () => {
    const owner = await seedTenant(ctx.db)
    // The earlier run stopped after the attachments, before the post (its export ends there).
    const first = await runImport(owner, '?copyMedia=true', ctx.app, siteExport({ post: false }))
    expect(first.mediaFiles.copied).toBe(3)
    const before = totalRequests()
    const resumed = await runImport(owner, '?copyMedia=true')
    expect(resumed.counts.media).toEqual({ created: 0, existing: 6, updated: 0, skipped: 0 })
    expect(resumed.counts.posts.created).toBe(1)
    // The copies are not fetched again; only the three files left external are tried again.
    expect(totalRequests()).toBe(before + 3)
    const [photo] = await ctx.db
      .select()
      .from(media)
      .where(and(eq(media.tenantId, owner.tenantId), eq(media.title, 'File 10')))
    const post = await call(ctx.app, 'GET', '/api/contents/slug/with-images', { token: owner.token })
    expect(post.data.content.html).toContain(`<img src="${photo?.url}" srcset="${photo?.url} 300w`)
    expect(post.data.content.featuredMediaId).toBe(photo?.id)
  }, 60_000)

  it('copies on a later run what an earlier one left external, in place, and points the untouched html at the copies', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await runImport(owner, '')
    expect(first.mediaFiles).toEqual({ mode: 'external', copied: 0, external: 6 })
    const externalIds = new Map((await mediaOf(owner.tenantId)).map((row) => [row.title, row.id]))
    const before = await call(ctx.app, 'GET', '/api/contents/slug/with-images', { token: owner.token })
    expect(before.data.content.version).toBe(1)

    // The missing file is on the site now: it is copied too.
    files['/wp-content/uploads/missing.jpg'] = { type: 'image/png', bytes: await pngBytes(20, 10) }
    try {
      const second = await runImport(owner, '?copyMedia=true')
      expect(second.mediaFiles).toEqual({ mode: 'copied', copied: 4, external: 2 })
      expect(second.counts.media).toEqual({ created: 0, existing: 6, updated: 4, skipped: 0 })
      expect(second.counts.posts).toEqual({ created: 0, existing: 1, updated: 1, skipped: 0 })
      expect(second.problems.map((problem) => problem.key).sort()).toEqual(['attachment:14', 'attachment:15'])
    } finally {
      delete files['/wp-content/uploads/missing.jpg']
    }
    const rows = await mediaOf(owner.tenantId)
    expect(rows).toHaveLength(6)
    const byTitle = new Map(rows.map((row) => [row.title, row]))
    // The same records, now uploads: what showed them shows the copies.
    for (const title of ['File 10', 'File 11', 'File 12', 'File 13']) {
      expect(byTitle.get(title)).toMatchObject({ id: externalIds.get(title), sourceType: 'upload' })
    }
    expect(byTitle.get('File 14')?.sourceType).toBe('external')
    expect(byTitle.get('File 10')).toMatchObject({
      mimeType: 'image/jpeg',
      width: 640,
      height: 480,
      thumbnailUrl: null,
    })
    expect(storedFiles(owner.tenantId)).toHaveLength(4)
    const photo = byTitle.get('File 10')!
    const ready = await waitForVariants(ctx.app, owner.token, photo.id)
    expect(ready.variantsStatus).toBe('ready')

    const post = await call(ctx.app, 'GET', '/api/contents/slug/with-images', { token: owner.token })
    expect(post.data.content.version).toBe(2)
    expect(post.data.content.featuredMediaId).toBe(photo.id)
    expect(post.data.content.html).toContain(
      `<img src="${photo.url}" srcset="${photo.url} 300w, ${photo.url} 640w"`,
    )
    expect(post.data.content.html).toContain(`<img src="${byTitle.get('File 13')?.url}" />`)
    const versions = await call(ctx.app, 'GET', `/api/contents/${post.data.content.id}/versions`, {
      token: owner.token,
    })
    expect(versions.statusCode, versions.body).toBe(200)
    expect(versions.data.versions.map((version: { version: number }) => version.version)).toEqual([2, 1])

    // A third run has nothing left to copy but the two files the checks refuse.
    const third = await runImport(owner, '?copyMedia=true')
    expect(third.mediaFiles).toEqual({ mode: 'copied', copied: 0, external: 2 })
    expect(third.counts.posts.updated).toBe(0)
  }, 60_000)

  it('counts a copy over the tenant media limit as a problem and keeps no file of it', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await putSettings(ctx, owner, { limits: { media: 2 } })).statusCode).toBe(200)
    const done = await runImport(owner, '?copyMedia=true')
    expect(done.status).toBe('succeeded')
    expect(done.counts.media.created).toBe(2)
    expect(done.counts.media.skipped).toBe(4)
    const limited = done.problems.filter((problem) => /limit/i.test(problem.message))
    expect(limited).toHaveLength(4)
    expect(limited[0]?.message).toMatch(/^Not imported: /)
    const rows = await mediaOf(owner.tenantId)
    expect(rows).toHaveLength(2)
    // Every copy left out was removed from storage: the files on disk are the recorded uploads.
    expect(storedFiles(owner.tenantId)).toHaveLength(rows.filter((row) => row.sourceType === 'upload').length)
  }, 60_000)

  it('keeps the attachments external without copyMedia, and says so', async () => {
    const owner = await seedTenant(ctx.db)
    const before = totalRequests()
    const done = await runImport(owner, '')
    expect(done).toMatchObject({
      status: 'succeeded',
      copyMedia: false,
      mediaFiles: { mode: 'external', copied: 0, external: 6 },
      problems: [],
    })
    expect(totalRequests()).toBe(before)
    const rows = await mediaOf(owner.tenantId)
    expect(rows.every((row) => row.sourceType === 'external')).toBe(true)
    const post = await call(ctx.app, 'GET', '/api/contents/slug/with-images', { token: owner.token })
    expect(post.data.content.html).toContain(`src="${origin}/wp-content/uploads/2020/01/photo-300x225.jpg"`)
  }, 60_000)

  it('refuses private addresses unless OUTBOUND_ALLOW_PRIVATE is set: each attachment a problem, kept external', async () => {
    const owner = await seedTenant(ctx.db)
    const guarded = await secondApp(
      ctx.database,
      ctx.dataDir,
      { MEDIA_MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) },
      `jobs_${newId()}`,
    )
    try {
      const before = totalRequests()
      const done = await runImport(owner, '?copyMedia=true', guarded)
      expect(done).toMatchObject({
        status: 'succeeded',
        mediaFiles: { mode: 'copied', copied: 0, external: 6 },
      })
      expect(done.problems).toHaveLength(6)
      expect(done.problems[0]).toEqual({
        key: 'attachment:10',
        message: `File not copied, kept as external media: ${OUTBOUND_REFUSED}`,
      })
      expect(totalRequests()).toBe(before)
    } finally {
      await guarded.close()
    }
  }, 60_000)

  it('copies external media into Folio on request (POST /api/media/copy-external), one or many', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const external = async (member: SeededMember, path: string) => {
      const created = await call(ctx.app, 'POST', '/api/media/external', {
        token: member.token,
        body: { url: `${origin}${path}`, title: path },
      })
      expect(created.statusCode, created.body).toBe(200)
      return created.data.media.id as string
    }
    const logo = await external(owner, '/wp-content/uploads/2020/01/logo.png')
    const missing = await external(owner, '/wp-content/uploads/missing.jpg')
    const theirs = await external(other, '/wp-content/uploads/2020/01/photo.jpg')
    const requestsBefore = totalRequests()
    const answer = await call(ctx.app, 'POST', '/api/media/copy-external', {
      token: owner.token,
      body: { ids: [logo, missing, theirs] },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.data.copied).toHaveLength(1)
    expect(answer.data.copied[0]).toMatchObject({
      id: logo,
      sourceType: 'upload',
      mimeType: 'image/png',
      width: 120,
      height: 60,
      variantsStatus: 'pending',
    })
    expect(answer.data.copied[0].url).not.toContain(origin)
    expect(answer.data.failed).toEqual([{ id: missing, message: 'The server answered 404.' }])
    // Another tenant's media is a missing one: not fetched, not changed.
    expect(answer.data.notFound).toEqual([theirs])
    expect(totalRequests()).toBe(requestsBefore + 2)
    const [theirRow] = await ctx.db.select().from(media).where(eq(media.id, theirs))
    expect(theirRow?.sourceType).toBe('external')
    const served = await ctx.app.inject({ method: 'GET', url: pathOf(answer.data.copied[0].url) })
    expect(served.rawPayload.equals(files['/wp-content/uploads/2020/01/logo.png']!.bytes)).toBe(true)

    // Copied already: it stays as it is, and says so.
    const again = await call(ctx.app, 'POST', '/api/media/copy-external', {
      token: owner.token,
      body: { ids: [logo] },
    })
    expect(again.data).toEqual({
      copied: [],
      failed: [{ id: logo, message: 'Its file is already in Folio.' }],
      notFound: [],
    })
    const tooMany = await call(ctx.app, 'POST', '/api/media/copy-external', {
      token: owner.token,
      body: { ids: Array.from({ length: 21 }, () => newId()) },
    })
    expect(tooMany.statusCode).toBe(400)
  }, 60_000)

  it('refuses to copy from a private address unless OUTBOUND_ALLOW_PRIVATE is set', async () => {
    const owner = await seedTenant(ctx.db)
    const guarded = await secondApp(ctx.database, ctx.dataDir, {}, `jobs_${newId()}`)
    try {
      const created = await call(guarded, 'POST', '/api/media/external', {
        token: owner.token,
        body: { url: `${origin}/wp-content/uploads/2020/01/logo.png` },
      })
      const before = totalRequests()
      const answer = await call(guarded, 'POST', '/api/media/copy-external', {
        token: owner.token,
        body: { ids: [created.data.media.id] },
      })
      expect(answer.data).toEqual({
        copied: [],
        failed: [{ id: created.data.media.id, message: OUTBOUND_REFUSED }],
        notFound: [],
      })
      expect(totalRequests()).toBe(before)
    } finally {
      await guarded.close()
    }
  }, 60_000)

  it('copies through the command line --url mode (copyMedia=true on the route)', async () => {
    const owner = await seedTenant(ctx.db)
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const file = join(mkdtempSync(join(tmpdir(), 'folio-media-cli-')), 'export.xml')
    writeFileSync(file, siteExport())
    const summary = await importRemote({
      file,
      url: base,
      token: owner.token,
      tenantId: undefined,
      dryRun: false,
      copyMedia: true,
      onProgress: () => {},
    })
    expect(summary.mediaFiles).toEqual({ mode: 'copied', copied: 3, external: 3 })
  }, 60_000)
})
