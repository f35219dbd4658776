import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedMedia, seedTag } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describe('POST /api/contents', () => {
  it('creates a draft with defaults and answers the full record', async () => {
    const { token } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, { title: 'Hello World' })
    expect(content).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      locale: 'en',
      translationGroupId: content.id,
      title: 'Hello World',
      slug: 'hello-world',
      summary: '',
      lexical: null,
      html: '',
      categories: [],
      tags: [],
      galleryIds: [],
      customFields: {},
      featuredMediaId: null,
      status: 'draft',
      publishAt: null,
      publishedAt: null,
      authorName: '',
      type: 'post',
      parentId: null,
      order: 0,
      version: 1,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      pendingDraft: null,
    })
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token })
    expect(read.statusCode).toBe(200)
    expect(read.data.content).toEqual(content)
  })

  it('stores every writable field and reads it back by id', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const [news, sport] = [
      await seedCategory(ctx.db, tenantId, 'News'),
      await seedCategory(ctx.db, tenantId, 'Sport'),
    ]
    const tag = await seedTag(ctx.db, tenantId, 'Breaking')
    const mediaId = await seedMedia(ctx.db, tenantId)
    const body = {
      title: 'Full',
      slug: 'Full Story',
      summary: 'A summary',
      lexical: { root: { children: [{ type: 'text', text: 'hi' }] } },
      html: '<p>Hi</p>',
      categories: [sport, news, news],
      tags: [tag],
      customFields: { rating: 5, nested: { list: [1, 2] } },
      featuredMediaId: mediaId,
      authorName: 'Ada',
    }
    const content = await createContent(ctx, token, body)
    expect(content).toMatchObject({
      ...body,
      slug: 'full-story',
      categories: [news, sport].sort(),
      status: 'draft',
    })
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token })
    expect(read.data.content).toEqual(content)
  })

  it('transliterates non-ASCII titles into the generated slug', async () => {
    const { token } = await seedTenant(ctx.db)
    expect((await createContent(ctx, token, { title: 'Çalışma Şekli Über' })).slug).toBe('calisma-sekli-uber')
    expect((await createContent(ctx, token, { title: '!!! ???' })).slug).toBe('untitled')
  })

  it('numbers a generated slug that is taken: -2, then -3', async () => {
    const { token } = await seedTenant(ctx.db)
    expect((await createContent(ctx, token, { title: 'Same Title' })).slug).toBe('same-title')
    expect((await createContent(ctx, token, { title: 'Same Title' })).slug).toBe('same-title-2')
    expect((await createContent(ctx, token, { title: 'Same title!' })).slug).toBe('same-title-3')
  })

  it('answers 409 SlugConflict for an explicit slug that is taken, and writes nothing', async () => {
    const { token } = await seedTenant(ctx.db)
    await createContent(ctx, token, { title: 'First', slug: 'taken' })
    const response = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Second', slug: 'Taken' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.data).toEqual({ error: 'SlugConflict', message: 'The slug "taken" is already in use.' })
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.data.pagination.total).toBe(1)
  })

  it.each([
    ['a missing title', { summary: 'x' }],
    ['an empty title', { title: '' }],
    ['a title of 501 characters', { title: 'x'.repeat(501) }],
    ['a slug of 241 characters', { title: 't', slug: 'a'.repeat(241) }],
    ['a slug with no letters or digits', { title: 't', slug: '--- !!' }],
    ['an unknown status', { title: 't', status: 'live' }],
    ['an unknown member', { title: 't', views: 3 }],
    ['a malformed category id', { title: 't', categories: ['nope'] }],
    ['a publishAt that is not a date-time', { title: 't', publishAt: 'tomorrow' }],
    ['customFields with a constructor key', { title: 't', customFields: { constructor: 1 } }],
    ['customFields with a nested prototype key', { title: 't', customFields: { a: [{ prototype: {} }] } }],
  ])('answers 400 for %s', async (_label, body) => {
    const { token } = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/contents', { token, body })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('answers 400 for a __proto__ key in customFields', async () => {
    const { token } = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/contents', {
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"title":"t","customFields":{"__proto__":{"admin":true}}}',
    })
    expect(response.statusCode).toBe(400)
  })

  it('accepts a slug of exactly 240 characters', async () => {
    const { token } = await seedTenant(ctx.db)
    const slug = 'a'.repeat(240)
    expect((await createContent(ctx, token, { title: 't', slug })).slug).toBe(slug)
  })

  it('sanitizes HTML: scripts, event handlers and javascript: URLs go, article markup stays', async () => {
    const { token } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, {
      title: 'Sanitized',
      html:
        '<h2>Title</h2><script>alert(1)</script><p onclick="x()">Text <a href="javascript:alert(1)">bad</a> ' +
        '<a href="https://example.com" target="_blank">good</a></p><img src="x.png" onerror="alert(1)" alt="A">' +
        '<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="https://evil.test/x"></iframe>',
    })
    expect(content.html).toBe(
      '<h2>Title</h2><p>Text <a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a></p>' +
        '<img src="x.png" alt="A" /><iframe src="https://www.youtube.com/embed/abc"></iframe><iframe></iframe>',
    )
  })

  it('takes html nested 256 levels deep and refuses 257, naming html, on create and update', async () => {
    const { token } = await seedTenant(ctx.db)
    const nested = (levels: number) => `${'<div>'.repeat(levels)}x${'</div>'.repeat(levels)}`
    const deepest = await createContent(ctx, token, { title: 'Deep', html: nested(256) })
    expect(deepest.html).toBe(nested(256))
    // Void elements and implied closes (a <p> opening closes the open one) add no level.
    const flat = `${'<p>para'.repeat(300)}${'<br>'.repeat(300)}`
    expect((await createContent(ctx, token, { title: 'Flat', html: flat })).html).toBe(
      `${'<p>para</p>'.repeat(299)}<p>para${'<br />'.repeat(300)}</p>`,
    )
    const message = 'html nests elements deeper than 256 levels.'
    const refused = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Too deep', html: nested(257) },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.data).toEqual({
      error: 'ValidationFailed',
      message,
      details: [{ path: '/html', message }],
    })
    const update = await call(ctx.app, 'PUT', `/api/contents/${deepest.id}`, {
      token,
      body: { html: `<p>${'<span>'.repeat(100_000)}</p>` },
    })
    expect(update.statusCode).toBe(400)
    expect(update.data.details).toEqual([{ path: '/html', message }])
    const kept = await call(ctx.app, 'GET', `/api/contents/${deepest.id}`, { token })
    expect(kept.data.content).toMatchObject({ version: 1, html: nested(256) })
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.data.pagination.total).toBe(2)
  })

  it('takes html of 1,000,000 characters and refuses one more, naming html', async () => {
    const { token } = await seedTenant(ctx.db)
    const html = `<p>${'a'.repeat(1_000_000 - 7)}</p>`
    expect((await createContent(ctx, token, { title: 'Long', html })).html).toBe(html)
    const refused = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Longer', html: `${html} ` },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('ValidationFailed')
    expect(refused.data.details).toEqual([
      expect.objectContaining({
        path: 'body/html',
        message: 'The HTML must be at most 1000000 characters long.',
      }),
    ])
  })

  it('answers 400 naming the ids when a category, tag or media belongs to another tenant, and writes nothing', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreignCategory = await seedCategory(ctx.db, other.tenantId, 'Theirs')
    const foreignTag = await seedTag(ctx.db, other.tenantId, 'Theirs')
    const foreignMedia = await seedMedia(ctx.db, other.tenantId)
    const own = await seedCategory(ctx.db, tenantId, 'Ours')
    const response = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: {
        title: 'x',
        categories: [own, foreignCategory],
        tags: [foreignTag],
        featuredMediaId: foreignMedia,
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
    expect(response.data.message).toContain(foreignCategory)
    expect(response.data.message).toContain(foreignTag)
    expect(response.data.message).toContain(foreignMedia)
    expect(response.data.message).not.toContain(own)
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.data.pagination.total).toBe(0)
  })
})

describe('status rules', () => {
  it('sets publishedAt when publishing and keeps it when re-saving published content', async () => {
    const { token } = await seedTenant(ctx.db)
    const before = Date.now()
    const content = await createContent(ctx, token, { title: 'P', status: 'published' })
    expect(content.status).toBe('published')
    expect(Date.parse(content.publishedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(content.publishedAt)).toBeLessThanOrEqual(Date.now())
    const resaved = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token,
      body: { title: 'P2', status: 'published' },
    })
    expect(resaved.data.content.publishedAt).toBe(content.publishedAt)
  })

  it('keeps publishedAt as history when archived, and sets a new one when published again', async () => {
    const { token } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, { title: 'A', status: 'published' })
    const archived = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token,
      body: { status: 'archived' },
    })
    expect(archived.data.content).toMatchObject({ status: 'archived', publishedAt: content.publishedAt })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const again = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token,
      body: { status: 'published' },
    })
    expect(Date.parse(again.data.content.publishedAt)).toBeGreaterThan(Date.parse(content.publishedAt))
  })

  it('answers 400 for scheduled without publishAt or with a past publishAt', async () => {
    const { token } = await seedTenant(ctx.db)
    for (const body of [
      { title: 's', status: 'scheduled' },
      { title: 's', status: 'scheduled', publishAt: null },
      { title: 's', status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/contents', { token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
  })

  it('schedules with a future publishAt and no publishedAt', async () => {
    const { token } = await seedTenant(ctx.db)
    const publishAt = new Date(Date.now() + 86_400_000).toISOString()
    const content = await createContent(ctx, token, { title: 'S', status: 'scheduled', publishAt })
    expect(content).toMatchObject({ status: 'scheduled', publishAt, publishedAt: null })
    const edited = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, { token, body: { title: 'S2' } })
    expect(edited.data.content).toMatchObject({ status: 'scheduled', publishAt, title: 'S2' })
  })
})
