import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedTag } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { systemContext } from '../../context.js'
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { createContentsService } from './service.js'

const ctx = useTestContext()

describe('PUT /api/contents/{id}', () => {
  it('changes only the fields sent, keeps the slug when the title changes, and replaces categories and tags', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const [a, b] = [await seedCategory(ctx.db, tenantId, 'A'), await seedCategory(ctx.db, tenantId, 'B')]
    const tag = await seedTag(ctx.db, tenantId, 'T')
    const content = await createContent(ctx, token, {
      title: 'Original',
      summary: 'S',
      categories: [a],
      tags: [tag],
    })
    const response = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token,
      body: { title: 'Renamed', categories: [b], tags: [] },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.content).toMatchObject({
      id: content.id,
      title: 'Renamed',
      slug: 'original',
      summary: 'S',
      categories: [b],
      tags: [],
      createdAt: content.createdAt,
    })
    expect(Date.parse(response.data.content.updatedAt)).toBeGreaterThanOrEqual(Date.parse(content.updatedAt))
    const byCategory = await call(ctx.app, 'GET', `/api/contents?category=${a}`, { token })
    expect(byCategory.data.contents).toEqual([])
  })

  it('answers 409 for a slug another content holds, and accepts the content’s own slug', async () => {
    const { token } = await seedTenant(ctx.db)
    await createContent(ctx, token, { title: 'One' })
    const two = await createContent(ctx, token, { title: 'Two' })
    const conflict = await call(ctx.app, 'PUT', `/api/contents/${two.id}`, { token, body: { slug: 'one' } })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.data.error).toBe('SlugConflict')
    const same = await call(ctx.app, 'PUT', `/api/contents/${two.id}`, { token, body: { slug: 'Two' } })
    expect(same.statusCode).toBe(200)
    expect(same.data.content.slug).toBe('two')
  })

  it('answers 404 for a missing id and 400 for a malformed one or a bad body', async () => {
    const { token } = await seedTenant(ctx.db)
    const missing = await call(ctx.app, 'PUT', '/api/contents/aaaaaaaaaaaaaaaaaaaaaaaa', {
      token,
      body: { title: 'x' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Content not found.' })
    expect((await call(ctx.app, 'PUT', '/api/contents/123', { token, body: {} })).statusCode).toBe(400)
    const content = await createContent(ctx, token, { title: 'x' })
    const bad = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, { token, body: { title: '' } })
    expect(bad.statusCode).toBe(400)
  })
})

describe('DELETE /api/contents/{id}', () => {
  it('deletes the content, after which it is gone', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const category = await seedCategory(ctx.db, tenantId, 'C')
    const content = await createContent(ctx, token, { title: 'Bye', categories: [category] })
    const response = await call(ctx.app, 'DELETE', `/api/contents/${content.id}`, { token })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/contents/${content.id}`, { token })).statusCode).toBe(404)
  })
})

describe('GET /api/contents/check-slug', () => {
  it('answers available for a free slug and a suggestion with the holder for a taken one', async () => {
    const { token } = await seedTenant(ctx.db)
    const free = await call(ctx.app, 'GET', '/api/contents/check-slug?slug=Fresh%20Slug', { token })
    expect(free.data).toEqual({ available: true, slug: 'fresh-slug' })
    const holder = await createContent(ctx, token, { title: 'Taken', slug: 'taken' })
    await createContent(ctx, token, { title: 'Taken', slug: 'taken-2' })
    const taken = await call(ctx.app, 'GET', '/api/contents/check-slug?slug=taken', { token })
    expect(taken.data).toEqual({
      available: false,
      slug: 'taken',
      suggestion: 'taken-3',
      existingContent: { id: holder.id, title: 'Taken', slug: 'taken' },
    })
    const own = await call(ctx.app, 'GET', `/api/contents/check-slug?slug=taken&contentId=${holder.id}`, {
      token,
    })
    expect(own.data).toEqual({ available: true, slug: 'taken' })
  })

  it('answers 400 without a slug, with one of 241 characters, or with one that has no letters', async () => {
    const { token } = await seedTenant(ctx.db)
    for (const query of ['', `slug=${'a'.repeat(241)}`, 'slug=---', 'slug=a&contentId=xyz']) {
      const response = await call(ctx.app, 'GET', `/api/contents/check-slug?${query}`, { token })
      expect(response.statusCode, query).toBe(400)
    }
  })
})

describe('GET /api/contents/slug/{slug}', () => {
  it('finds a content by slug, filtered by status list and publication range', async () => {
    const { token } = await seedTenant(ctx.db)
    const content = await createContent(ctx, token, {
      title: 'By Slug',
      status: 'published',
      html: '<p>x</p>',
    })
    const found = await call(ctx.app, 'GET', '/api/contents/slug/by-slug', { token })
    expect(found.statusCode).toBe(200)
    expect(found.data.content).toEqual(content)
    const day = content.publishedAt.slice(0, 10)
    for (const [query, status] of [
      ['status=published', 200],
      ['status=draft,published', 200],
      ['status=draft,archived', 404],
      [`publishedFrom=${day}&publishedTo=${day}`, 200],
      ['publishedTo=2000-01-01', 404],
      [`publishedFrom=${content.publishedAt}`, 200],
    ] as const) {
      const response = await call(ctx.app, 'GET', `/api/contents/slug/by-slug?${query}`, { token })
      expect(response.statusCode, query).toBe(status)
    }
  })

  it('answers 404 for an unknown slug and 400 for a bad status list', async () => {
    const { token } = await seedTenant(ctx.db)
    expect((await call(ctx.app, 'GET', '/api/contents/slug/nothing', { token })).statusCode).toBe(404)
    await createContent(ctx, token, { title: 'x' })
    for (const query of ['status=live', 'status=draft,', 'status=draft,,published', 'extra=1']) {
      const response = await call(ctx.app, 'GET', `/api/contents/slug/x?${query}`, { token })
      expect(response.statusCode, query).toBe(400)
    }
    const long = await call(ctx.app, 'GET', `/api/contents/slug/${'a'.repeat(241)}`, { token })
    expect(long.statusCode).toBe(400)
  })
})

describe('GET /api/contents/archive/statistics', () => {
  it('counts contents per UTC month of publication, newest first, for the requested status', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const service = createContentsService({
      db: ctx.db,
      events: NO_EVENT_SINK,
      html: ctx.app.folio.services.htmlSanitizer,
    })
    const published = async (publishedAt: string, status: 'published' | 'archived' = 'published') =>
      service.create(
        systemContext(tenantId, 'test'),
        { title: 'x', status },
        { publishedAt: new Date(publishedAt) },
      )
    await published('2024-01-31T23:59:59Z')
    await published('2024-01-01T00:00:00Z')
    await published('2024-02-01T00:00:00Z')
    await published('2023-12-31T23:59:59Z')
    await published('2023-05-05T00:00:00Z', 'archived')
    await service.create(systemContext(tenantId, 'test'), { title: 'draft' })
    const response = await call(ctx.app, 'GET', '/api/contents/archive/statistics', { token })
    expect(response.data).toEqual({
      total: 4,
      archives: [
        { year: 2024, month: '02', count: 1 },
        { year: 2024, month: '01', count: 2 },
        { year: 2023, month: '12', count: 1 },
      ],
    })
    const archived = await call(ctx.app, 'GET', '/api/contents/archive/statistics?status=archived', { token })
    expect(archived.data).toEqual({ total: 1, archives: [{ year: 2023, month: '05', count: 1 }] })
    const bad = await call(ctx.app, 'GET', '/api/contents/archive/statistics?status=gone', { token })
    expect(bad.statusCode).toBe(400)
  })
})

describe('contents service', () => {
  it('works on a caller’s transaction and keeps an importer’s publishedAt', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const publishedAt = new Date('2019-06-01T08:30:00.000Z')
    const created = await ctx.db.transaction(async (tx) => {
      const service = createContentsService({
        db: tx,
        events: NO_EVENT_SINK,
        html: ctx.app.folio.services.htmlSanitizer,
      })
      await service.create(systemContext(tenantId, 'test'), { title: 'Imported' })
      // A generated-slug collision inside the caller's transaction must not abort it.
      return service.create(
        systemContext(tenantId, 'test'),
        { title: 'Imported', status: 'published' },
        { publishedAt },
      )
    })
    expect(created).toMatchObject({ slug: 'imported-2', publishedAt: publishedAt.toISOString() })
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.data.pagination.total).toBe(2)
  })

  it('numbers past the first 20 taken slugs and keeps numbered long slugs within 240 characters', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const service = createContentsService({
      db: ctx.db,
      events: NO_EVENT_SINK,
      html: ctx.app.folio.services.htmlSanitizer,
    })
    await service.create(systemContext(tenantId, 'test'), { title: 'Busy', slug: 'busy' })
    for (let number = 2; number <= 21; number++)
      await service.create(systemContext(tenantId, 'test'), { title: 'Busy', slug: `busy-${number}` })
    expect((await service.create(systemContext(tenantId, 'test'), { title: 'Busy' })).slug).toBe('busy-22')
    const check = await call(ctx.app, 'GET', '/api/contents/check-slug?slug=busy', { token })
    expect(check.data.suggestion).toBe('busy-23')
    const title = 'word '.repeat(60)
    const first = await service.create(systemContext(tenantId, 'test'), { title })
    const second = await service.create(systemContext(tenantId, 'test'), { title })
    expect(first.slug.length).toBeLessThanOrEqual(240)
    expect(second.slug).toMatch(/^word(-word)+-2$/)
    expect(second.slug.length).toBeLessThanOrEqual(240)
  })

  it('rolls back with the caller’s transaction', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    await expect(
      ctx.db.transaction(async (tx) => {
        await createContentsService({
          db: tx,
          events: NO_EVENT_SINK,
          html: ctx.app.folio.services.htmlSanitizer,
        }).create(systemContext(tenantId, 'test'), { title: 'Gone' })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect((await call(ctx.app, 'GET', '/api/contents', { token })).data.contents).toEqual([])
  })
})
