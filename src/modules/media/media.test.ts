import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  useTestContext,
} from '../../../test/helpers.js'
import { systemContext } from '../../context.js'
import { media } from '../../db/schema/index.js'
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { createMediaService } from './service.js'

const ctx = useTestContext()

async function createExternal(member: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/media/external', { token: member.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.media as { id: string; title: string | null; tags: string[] }
}

async function listTitles(member: SeededMember, query = '') {
  const response = await call(ctx.app, 'GET', `/api/media?${query}`, { token: member.token })
  expect(response.statusCode, response.body).toBe(200)
  return (response.data.media as Array<{ title: string | null }>).map((item) => item.title)
}

/** A stored upload-like row, written with Drizzle (listing tests need no stored file). */
async function seedMediaRow(tenantId: string, values: Partial<typeof media.$inferInsert>) {
  await ctx.db.insert(media).values({
    tenantId,
    id: newId(),
    sourceType: 'upload',
    url: 'https://cdn.example.test/file',
    ...values,
  })
}

describe('POST /api/media/external', () => {
  it('records the link with every field and answers 200 { media }', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/media/external', {
      token: owner.token,
      body: {
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        title: 'Clip',
        description: 'A video',
        provider: 'YouTube',
        providerId: 'dQw4w9WgXcQ',
        thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        altText: 'Singer',
        duration: 212.5,
        tags: [' Music ', 'music', 'EIGHTIES', ''],
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.media).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      sourceType: 'external',
      status: 'active',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Clip',
      description: 'A video',
      provider: 'YouTube',
      providerId: 'dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      altText: 'Singer',
      caption: null,
      duration: 212.5,
      mimeType: 'video/youtube',
      originalName: null,
      size: null,
      key: null,
      width: null,
      height: null,
      variants: [],
      variantsStatus: 'none',
      tags: ['music', 'eighties'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const [row] = await ctx.db
      .select({ createdBy: media.createdBy })
      .from(media)
      .where(and(eq(media.tenantId, owner.tenantId), eq(media.id, response.data.media.id)))
    expect(row?.createdBy).toBe(owner.userId)
  })

  it('keeps only the url when nothing else is given, with a null mimeType and null fields', async () => {
    const owner = await seedTenant(ctx.db)
    const item = await createExternal(owner, {
      url: 'HTTP://Example.test/a.mp4',
      altText: null,
      duration: null,
    })
    expect(item).toMatchObject({
      url: 'HTTP://Example.test/a.mp4',
      title: null,
      provider: null,
      altText: null,
      duration: null,
      mimeType: null,
      tags: [],
    })
  })

  it('accepts one tag string as a one-element list', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await createExternal(owner, { url: 'https://a.test/x', tags: ' Solo ' })).tags).toEqual(['solo'])
  })

  it('rejects non-http(s), relative and credential-carrying URLs with 400 and stores nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const badUrls = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.test/file',
      'gopher://127.0.0.1:6379/_INFO',
      '//example.test/x',
      '/relative/path',
      'https://',
      'https:// space.test',
      'https://user:secret@example.test/x',
      `https://example.test/${'a'.repeat(2030)}`,
    ]
    for (const url of badUrls) {
      const response = await call(ctx.app, 'POST', '/api/media/external', {
        token: owner.token,
        body: { url },
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      const thumbnail = await call(ctx.app, 'POST', '/api/media/external', {
        token: owner.token,
        body: { url: 'https://ok.test/x', thumbnailUrl: url },
      })
      expect(thumbnail.statusCode, `thumbnail ${url}`).toBe(400)
    }
    expect(await listTitles(owner)).toEqual([])
  })

  it('rejects invalid fields with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const body of [
      {},
      { title: 'No url' },
      { url: 'https://a.test', altText: 'x'.repeat(1001) },
      { url: 'https://a.test', duration: -1 },
      { url: 'https://a.test', duration: 'long' },
      { url: 'https://a.test', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { url: 'https://a.test', tags: ['x'.repeat(101)] },
      { url: 'https://a.test', key: 'tenant/2026/01/file.png' },
      { url: 'https://a.test', status: 'archived' },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/media/external', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
  })

  it('lets authors create, answers 403 to viewers and read-only tokens and 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    const writeToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'editor',
      scopes: ['read', 'write'],
    })
    await createExternal(author, { url: 'https://a.test/author', title: 'By author' })
    for (const token of [viewer.token, readToken]) {
      const response = await call(ctx.app, 'POST', '/api/media/external', {
        token,
        body: { url: 'https://a.test/x' },
      })
      expect(response.statusCode).toBe(403)
    }
    const anonymous = await call(ctx.app, 'POST', '/api/media/external', {
      body: { url: 'https://a.test/x' },
    })
    expect(anonymous.statusCode).toBe(401)
    const byToken = await call(ctx.app, 'POST', '/api/media/external', {
      token: writeToken,
      body: { url: 'https://a.test/token', title: 'By token' },
    })
    expect(byToken.statusCode).toBe(200)
    const [row] = await ctx.db
      .select({ createdBy: media.createdBy })
      .from(media)
      .where(and(eq(media.tenantId, owner.tenantId), eq(media.id, byToken.data.media.id)))
    expect(row?.createdBy).toBeNull()
    expect(await listTitles(viewer)).toEqual(['By token', 'By author'])
  })
})

describe('GET /api/media', () => {
  it('lists active media newest first with pagination (default limit 20)', async () => {
    const owner = await seedTenant(ctx.db)
    await seedMediaRow(owner.tenantId, { title: 'Oldest', createdAt: new Date('2026-01-01T00:00:00Z') })
    await seedMediaRow(owner.tenantId, { title: 'Middle', createdAt: new Date('2026-02-01T00:00:00Z') })
    await seedMediaRow(owner.tenantId, { title: 'Newest', createdAt: new Date('2026-03-01T00:00:00Z') })
    await seedMediaRow(owner.tenantId, { title: 'Archived', status: 'archived' })
    const response = await call(ctx.app, 'GET', '/api/media', { token: owner.token })
    expect(response.data.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 })
    expect(await listTitles(owner)).toEqual(['Newest', 'Middle', 'Oldest'])
    expect(await listTitles(owner, 'limit=2&page=2')).toEqual(['Oldest'])
    expect(await listTitles(owner, 'status=archived')).toEqual(['Archived'])
  })

  it('searches title, description, altText and originalName literally and case-insensitively', async () => {
    const owner = await seedTenant(ctx.db)
    await seedMediaRow(owner.tenantId, { title: 'Sunset 100%' })
    await seedMediaRow(owner.tenantId, { title: 'Sunset 1000', description: 'Beach at dusk' })
    await seedMediaRow(owner.tenantId, { title: 'Alt', altText: 'a_b diagram' })
    await seedMediaRow(owner.tenantId, { title: 'Named', originalName: 'axb-photo.JPG' })
    const search = async (text: string) =>
      (await listTitles(owner, `search=${encodeURIComponent(text)}`)).sort()
    expect(await search('%')).toEqual(['Sunset 100%'])
    expect(await search('a_b')).toEqual(['Alt'])
    expect(await search('DUSK')).toEqual(['Sunset 1000'])
    expect(await search('.jpg')).toEqual(['Named'])
    expect(await search("' OR 1=1 --")).toEqual([])
  })

  it('filters by a literal mimeType prefix and by all of the given tags', async () => {
    const owner = await seedTenant(ctx.db)
    await seedMediaRow(owner.tenantId, { title: 'Photo', mimeType: 'image/png', tags: ['nature', 'sky'] })
    await seedMediaRow(owner.tenantId, { title: 'Clip', mimeType: 'video/youtube', tags: ['nature'] })
    await seedMediaRow(owner.tenantId, { title: 'Doc', mimeType: 'application/pdf', tags: [] })
    expect(await listTitles(owner, 'mimeType=image/')).toEqual(['Photo'])
    expect(await listTitles(owner, 'mimeType=VIDEO/')).toEqual(['Clip'])
    expect(await listTitles(owner, 'mimeType=%25')).toEqual([])
    expect(await listTitles(owner, 'mimeType=_mage')).toEqual([])
    expect((await listTitles(owner, 'tags=Nature')).sort()).toEqual(['Clip', 'Photo'])
    expect(await listTitles(owner, 'tags=nature&tags=sky')).toEqual(['Photo'])
    expect(await listTitles(owner, 'tags=nature&tags=missing')).toEqual([])
  })

  it("never lists another tenant's media", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await seedMediaRow(other.tenantId, { title: 'Foreign', tags: ['shared'] })
    await seedMediaRow(owner.tenantId, { title: 'Own', tags: ['shared'] })
    expect(await listTitles(owner)).toEqual(['Own'])
    expect(await listTitles(owner, 'tags=shared&search=Foreign')).toEqual([])
  })

  it('rejects unknown or out-of-range query parameters with 400 and answers 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of ['folder=x', '__proto__=1', 'limit=101', 'page=0', 'status=gone', 'search=']) {
      const response = await call(ctx.app, 'GET', `/api/media?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
    expect((await call(ctx.app, 'GET', '/api/media')).statusCode).toBe(401)
  })
})

describe('media service (used by the importer)', () => {
  it('creates external media inside a caller’s transaction', async () => {
    const owner = await seedTenant(ctx.db)
    await ctx.db.transaction(async (tx) => {
      await createMediaService({ db: tx, events: NO_EVENT_SINK }).createExternal(
        systemContext(owner.tenantId, 'test'),
        {
          url: 'https://wp.example.test/wp-content/uploads/a.jpg',
          title: 'Imported',
        },
      )
    })
    expect(await listTitles(owner)).toEqual(['Imported'])
  })
})
