import { describe, expect, it } from 'vitest'
import { createContent, seedCategory } from '../../../test/content-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const SOME_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa'

describe('authentication and permissions', () => {
  it.each([
    ['GET', '/api/contents'],
    ['POST', '/api/contents'],
    ['GET', '/api/contents/check-slug?slug=a'],
    ['GET', '/api/contents/slug/a'],
    ['GET', '/api/contents/archive/statistics'],
    ['GET', `/api/contents/${SOME_ID}`],
    ['PUT', `/api/contents/${SOME_ID}`],
    ['DELETE', `/api/contents/${SOME_ID}`],
  ] as const)('answers 401 to %s %s without credentials', async (method, url) => {
    const response = await call(ctx.app, method, url, method === 'GET' ? {} : { body: { title: 'x' } })
    expect(response.statusCode).toBe(401)
    expect(response.data.error).toBe('Unauthorized')
  })

  it('lets a read-scoped API token list and read, but not create', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, { title: 'Readable', status: 'published' })
    const apiToken = await seedApiToken(ctx.db, tenantId, { scopes: ['read'] })
    const list = await call(ctx.app, 'GET', '/api/contents', { token: apiToken })
    expect(list.statusCode).toBe(200)
    expect(list.data.contents.map((c: { id: string }) => c.id)).toEqual([content.id])
    const post = await call(ctx.app, 'POST', '/api/contents', { token: apiToken, body: { title: 'No' } })
    expect(post.statusCode).toBe(403)
    expect(post.data.error).toBe('InsufficientScope')
  })

  it('shows API tokens published content only, unless the token has the preview scope', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const published = await createContent(ctx, token, { title: 'Out', status: 'published' })
    const draft = await createContent(ctx, token, { title: 'Not yet', slug: 'not-yet' })
    const delivery = await seedApiToken(ctx.db, tenantId, { scopes: ['read'] })
    const ids = async (apiToken: string, query = '') =>
      (await call(ctx.app, 'GET', `/api/contents${query}`, { token: apiToken })).data.contents.map(
        (c: { id: string }) => c.id,
      )
    expect(await ids(delivery)).toEqual([published.id])
    expect(await ids(delivery, '?status=draft')).toEqual([])
    const drafts = await call(ctx.app, 'GET', '/api/contents?status=draft', { token: delivery })
    expect(drafts.data.pagination.total).toBe(0)
    expect((await call(ctx.app, 'GET', `/api/contents/${draft.id}`, { token: delivery })).statusCode).toBe(
      404,
    )
    expect((await call(ctx.app, 'GET', '/api/contents/slug/not-yet', { token: delivery })).statusCode).toBe(
      404,
    )
    const stats = await call(ctx.app, 'GET', '/api/contents/archive/statistics?status=draft', {
      token: delivery,
    })
    expect(stats.data).toEqual({ total: 0, archives: [] })

    const preview = await seedApiToken(ctx.db, tenantId, { scopes: ['read', 'preview'] })
    expect(await ids(preview, '?status=draft')).toEqual([draft.id])
    const bySlug = await call(ctx.app, 'GET', '/api/contents/slug/not-yet', { token: preview })
    expect(bySlug.data.content.id).toBe(draft.id)
    // A viewer's token may preview as well; the session of any member sees drafts.
    const viewerPreview = await seedApiToken(ctx.db, tenantId, {
      role: 'viewer',
      scopes: ['read', 'preview'],
    })
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${draft.id}`, { token: viewerPreview })).statusCode,
    ).toBe(200)
    expect(await ids(token, '?status=draft')).toEqual([draft.id])
  })

  it("tells a delivery token a draft's slug is taken without revealing the draft", async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const draft = await createContent(ctx, token, { title: 'Secret launch plan', slug: 'launch' })
    const published = await createContent(ctx, token, {
      title: 'Public news',
      slug: 'news',
      status: 'published',
    })
    const check = (apiToken: string, slug: string) =>
      call(ctx.app, 'GET', `/api/contents/check-slug?slug=${slug}`, { token: apiToken })
    const delivery = await seedApiToken(ctx.db, tenantId, { scopes: ['read'] })
    const hidden = await check(delivery, 'launch')
    expect(hidden.statusCode).toBe(200)
    expect(hidden.data).toEqual({ available: false, slug: 'launch', suggestion: 'launch-2' })
    expect(hidden.body).not.toContain('Secret')
    expect((await check(delivery, 'news')).data.existingContent).toEqual({
      id: published.id,
      title: 'Public news',
      slug: 'news',
    })
    const preview = await seedApiToken(ctx.db, tenantId, { scopes: ['read', 'preview'] })
    for (const reader of [preview, token]) {
      expect((await check(reader, 'launch')).data.existingContent).toEqual({
        id: draft.id,
        title: 'Secret launch plan',
        slug: 'launch',
      })
    }
  })

  it('lets a write-scoped editor API token create content', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, tenantId, { scopes: ['read', 'write'] })
    const created = await call(ctx.app, 'POST', '/api/contents', {
      token: apiToken,
      body: { title: 'By token' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.data.content.slug).toBe('by-token')
  })

  it('lets a viewer read but answers 403 to its writes, and lets an author write', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Owned' })
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: viewer.token })).statusCode,
    ).toBe(200)
    for (const [method, url] of [
      ['POST', '/api/contents'],
      ['PUT', `/api/contents/${content.id}`],
      ['DELETE', `/api/contents/${content.id}`],
    ] as const) {
      const response = await call(ctx.app, method, url, { token: viewer.token, body: { title: 'x' } })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.data.error).toBe('Forbidden')
    }
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const created = await call(ctx.app, 'POST', '/api/contents', {
      token: author.token,
      body: { title: 'Mine' },
    })
    expect(created.statusCode).toBe(200)
  })
})

describe('tenant isolation', () => {
  it('answers another tenant’s content exactly like a missing one and leaves it untouched', async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    const theirs = await createContent(ctx, b.token, { title: 'Secret', slug: 'secret' })
    const missing = await call(ctx.app, 'GET', `/api/contents/${SOME_ID}`, { token: a.token })
    for (const [method, url] of [
      ['GET', `/api/contents/${theirs.id}`],
      ['PUT', `/api/contents/${theirs.id}`],
      ['DELETE', `/api/contents/${theirs.id}`],
      ['GET', '/api/contents/slug/secret'],
    ] as const) {
      const response = await call(ctx.app, method, url, { token: a.token, body: { title: 'Hijacked' } })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.data).toEqual(missing.data)
    }
    const still = await call(ctx.app, 'GET', `/api/contents/${theirs.id}`, { token: b.token })
    expect(still.data.content).toEqual(theirs)
  })

  it('never lists another tenant’s rows, even filtered by its category', async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    const theirCategory = await seedCategory(ctx.db, b.tenantId, 'Theirs')
    await createContent(ctx, b.token, { title: 'Theirs', categories: [theirCategory] })
    for (const query of [
      `category=${theirCategory}`,
      `categories=${theirCategory}`,
      'categoryName=theirs',
      '',
    ]) {
      const response = await call(ctx.app, 'GET', `/api/contents?${query}`, { token: a.token })
      expect(response.data, query).toEqual({
        contents: [],
        pagination: { page: 1, limit: 20, total: 0, pages: 1 },
      })
    }
    const check = await call(ctx.app, 'GET', '/api/contents/check-slug?slug=theirs', { token: a.token })
    expect(check.data).toEqual({ available: true, slug: 'theirs' })
    const stats = await call(ctx.app, 'GET', '/api/contents/archive/statistics?status=draft', {
      token: a.token,
    })
    expect(stats.data).toEqual({ total: 0, archives: [] })
  })

  it('keeps equal slugs apart per tenant', async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    const ours = await createContent(ctx, a.token, { title: 'Same', slug: 'same' })
    const theirs = await createContent(ctx, b.token, { title: 'Same', slug: 'same' })
    expect((await call(ctx.app, 'GET', '/api/contents/slug/same', { token: a.token })).data.content.id).toBe(
      ours.id,
    )
    expect((await call(ctx.app, 'GET', '/api/contents/slug/same', { token: b.token })).data.content.id).toBe(
      theirs.id,
    )
  })

  it('answers 403 when a member names a tenant it does not belong to', async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'GET', `/api/contents?tenantId=${b.tenantId}`, { token: a.token })
    expect(response.statusCode).toBe(403)
  })
})

describe('hostile input comes back as data', () => {
  it('stores and finds SQL metacharacters in titles, searches and slugs literally', async () => {
    const { token } = await seedTenant(ctx.db)
    const injection = "' OR 1=1 --"
    await createContent(ctx, token, { title: 'Innocent' })
    const hostile = await createContent(ctx, token, {
      title: injection,
      summary: '"; DROP TABLE contents; --',
    })
    expect(hostile).toMatchObject({ title: injection, slug: 'or-1-1', summary: '"; DROP TABLE contents; --' })
    const search = await call(ctx.app, 'GET', `/api/contents?search=${encodeURIComponent(injection)}`, {
      token,
    })
    expect(search.data.contents.map((c: { id: string }) => c.id)).toEqual([hostile.id])
    const bySlug = await call(ctx.app, 'GET', `/api/contents/slug/${encodeURIComponent(injection)}`, {
      token,
    })
    expect(bySlug.statusCode).toBe(404)
    const slugged = await createContent(ctx, token, { title: 't', slug: "x'; DROP TABLE contents; --" })
    expect(slugged.slug).toBe('x-drop-table-contents')
    const check = await call(
      ctx.app,
      'GET',
      `/api/contents/check-slug?slug=${encodeURIComponent(injection)}`,
      {
        token,
      },
    )
    expect(check.data).toMatchObject({ available: false, slug: 'or-1-1', suggestion: 'or-1-1-2' })
    expect((await call(ctx.app, 'GET', '/api/contents', { token })).data.pagination.total).toBe(3)
  })

  it('keeps unicode titles intact and finds them by search', async () => {
    const { token } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, { title: 'Ünïcödé 日本語 ✓', summary: 'Ğüşİöç' })
    expect(content.slug).toBe('unicode')
    const search = await call(ctx.app, 'GET', `/api/contents?search=${encodeURIComponent('日本')}`, { token })
    expect(search.data.contents.map((c: { title: string }) => c.title)).toEqual(['Ünïcödé 日本語 ✓'])
    const bySlug = await call(ctx.app, 'GET', `/api/contents/slug/${encodeURIComponent('日本語')}`, { token })
    expect(bySlug.statusCode).toBe(404)
  })
})
