import { beforeAll, describe, expect, it } from 'vitest'
import {
  createCatalogue,
  createEntry,
  publicCall,
  seedMediaItem,
  setEdgePolicy,
} from '../../../test/collection-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { jpegBytes, uploadMedia, waitForVariants } from '../../../test/media-fixtures.js'

const ctx = useTestContext()

/** A tenant with published books (Dune 9.5 fiction, Ariel 4 poetry, Essays 15 essay), a draft and an archived one. */
let owner: SeededMember
let other: SeededMember
beforeAll(async () => {
  owner = await seedTenant(ctx.db)
  other = await seedTenant(ctx.db)
  await createCatalogue(ctx, owner.token)
  await createCatalogue(ctx, other.token)
  const books: [string, number, string, string][] = [
    ['Dune', 9.5, 'fiction', 'published'],
    ['Ariel', 4, 'poetry', 'published'],
    ['Essays', 15, 'essay', 'published'],
    ['Secret draft', 1, 'fiction', 'draft'],
    ['Old one', 2, 'fiction', 'archived'],
  ]
  for (const [title, price, genre, status] of books) {
    await createEntry(ctx, owner.token, 'books', { status, data: { title, price, genre } })
  }
  await createEntry(ctx, other.token, 'books', { status: 'published', data: { title: 'Foreign', price: 1 } })
})

const titles = (response: { data: { entries: { data: { title: string } }[] } }) =>
  response.data.entries.map((entry) => entry.data.title)

describe('GET /api/public/collections/{key}', () => {
  it('lists published entries only, in the default sort, with pagination', async () => {
    const response = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId)
    expect(response.statusCode, response.body).toBe(200)
    expect(titles(response)).toEqual(['Ariel', 'Dune', 'Essays'])
    expect(response.data.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 })
    expect(response.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    const page = await publicCall(ctx, 'GET', '/collections/books?limit=2&page=2', owner.tenantId)
    expect(titles(page)).toEqual(['Essays'])
  })

  it('filters, sorts and searches on declared fields', async () => {
    const get = (query: string) => publicCall(ctx, 'GET', `/collections/books?${query}`, owner.tenantId)
    const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`
    expect(titles(await get(filter({ genre: 'fiction' })))).toEqual(['Dune'])
    expect(titles(await get(filter({ price: { gte: 4, lt: 15 } })))).toEqual(['Ariel', 'Dune'])
    expect(titles(await get(filter({ genre: ['poetry', 'essay'] })))).toEqual(['Ariel', 'Essays'])
    expect(titles(await get(filter({ genre: { nin: ['poetry'] } })))).toEqual(['Dune', 'Essays'])
    expect(titles(await get(filter({ title: { like: 'SAY' } })))).toEqual(['Essays'])
    expect(titles(await get('sort=-price'))).toEqual(['Essays', 'Dune', 'Ariel'])
    expect(titles(await get('sort=genre:desc,title'))).toEqual(['Ariel', 'Dune', 'Essays'])
    expect(titles(await get('q=un'))).toEqual(['Dune'])
    expect(titles(await get(`q=${encodeURIComponent("%' OR 1=1 --")}`))).toEqual([])
    expect(titles(await get(filter({ title: { like: '%' } })))).toEqual([])
  })

  it('answers 400 naming the parameter for filters and sorts outside the definition', async () => {
    const cases: [string, string][] = [
      [`filter=${encodeURIComponent('{"password":"x"}')}`, '/filter/password'],
      [`filter=${encodeURIComponent('{"price":{"$gt":1}}')}`, '/filter/price/$gt'],
      [`filter=${encodeURIComponent('{"price":"cheap"}')}`, '/filter/price'],
      [`filter=${encodeURIComponent('{"body":"x"}')}`, '/filter/body'],
      [`filter=${encodeURIComponent('{"status":"draft"}')}`, '/filter/status'],
      ['filter=not-json', '/filter'],
      ['sort=data->>title', '/sort'],
      ['sort=summary', '/orderBy/0/0'],
      ['sort=a,b,c,d', '/sort'],
    ]
    for (const [query, path] of cases) {
      const response = await publicCall(ctx, 'GET', `/collections/books?${query}`, owner.tenantId)
      expect(response.statusCode, query).toBe(400)
      expect(response.data.details?.[0]?.path, query).toBe(path)
    }
    for (const query of ['limit=201', 'limit=0', 'page=0', 'status=draft', '__proto__=1', 'q=']) {
      const response = await publicCall(ctx, 'GET', `/collections/books?${query}`, owner.tenantId)
      expect(response.statusCode, query).toBe(400)
    }
  })

  it('answers 404 for a missing or archived collection and keeps tenants apart', async () => {
    expect((await publicCall(ctx, 'GET', '/collections/none', owner.tenantId)).statusCode).toBe(404)
    const foreign = await publicCall(ctx, 'GET', '/collections/books', other.tenantId)
    expect(titles(foreign)).toEqual(['Foreign'])
    const archived = await seedTenant(ctx.db)
    await createCatalogue(ctx, archived.token)
    await call(ctx.app, 'PUT', '/api/collections/books', {
      token: archived.token,
      body: { status: 'archived' },
    })
    const response = await publicCall(ctx, 'GET', '/collections/books', archived.tenantId)
    expect(response.statusCode).toBe(404)
    expect(response.data).toEqual({ error: 'NotFound', message: 'Collection not found.' })
  })
})

describe('GET /api/public/collections/{key}/{slug}', () => {
  it('answers a published entry and 404 for drafts, archived entries and other tenants', async () => {
    const response = await publicCall(ctx, 'GET', '/collections/books/dune', owner.tenantId)
    expect(response.statusCode).toBe(200)
    expect(response.data.entry).toMatchObject({ slug: 'dune', status: 'published', data: { title: 'Dune' } })
    const injected = await publicCall(ctx, 'GET', "/collections/books/x'%20OR%20'1'='1", owner.tenantId)
    expect(injected.statusCode, injected.body).toBe(400)
    for (const slug of ['secret-draft', 'old-one', 'foreign', 'dune-2']) {
      const missing = await publicCall(ctx, 'GET', `/collections/books/${slug}`, owner.tenantId)
      expect(missing.statusCode, slug).toBe(404)
      expect(missing.data).toEqual({ error: 'NotFound', message: 'Entry not found.' })
    }
  })
})

describe('edge policy on public collection routes', () => {
  it('answers 403 when public reads are off or the origin is not allowed, and applies CORS', async () => {
    // Settings are cached per tenant: each policy gets a tenant of its own, set before its first read.
    const closed = await seedTenant(ctx.db)
    await setEdgePolicy(ctx.db, closed.tenantId, { publicReadEnabled: false })
    await createCatalogue(ctx, closed.token)
    for (const [method, path, body] of [
      ['GET', '/collections/books', undefined],
      ['GET', '/collections/books/x', undefined],
      ['POST', '/queries/run', { collection: 'books' }],
    ] as const) {
      const response = await publicCall(ctx, method, path, closed.tenantId, body ? { body } : {})
      expect(response.statusCode, path).toBe(403)
      expect(response.data).toEqual({
        error: 'Forbidden',
        message: 'Public delivery is turned off for this tenant.',
      })
    }
    const tenant = await seedTenant(ctx.db)
    await setEdgePolicy(ctx.db, tenant.tenantId, { allowedOrigins: ['https://shop.example.com'] })
    await createCatalogue(ctx, tenant.token)
    const refused = await publicCall(ctx, 'GET', '/collections/books', tenant.tenantId, {
      headers: { origin: 'https://evil.example.net' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const allowed = await publicCall(ctx, 'POST', '/queries/run', tenant.tenantId, {
      body: { collection: 'books' },
      headers: { origin: 'https://shop.example.com' },
    })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    const preflight = (origin: string) =>
      publicCall(ctx, 'OPTIONS', '/queries/run', tenant.tenantId, {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-tenant-id',
        },
      })
    const ok = await preflight('https://shop.example.com')
    expect(ok.statusCode).toBe(204)
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    const no = await preflight('https://evil.example.net')
    expect(no.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('POST /api/public/queries/run', () => {
  it('selects paths, resolves refs to published entries and media to active media only', async () => {
    const tenant = await seedTenant(ctx.db)
    await createCatalogue(ctx, tenant.token)
    const herbert = await createEntry(ctx, tenant.token, 'authors', {
      status: 'published',
      data: { name: 'Herbert' },
    })
    const hidden = await createEntry(ctx, tenant.token, 'authors', { data: { name: 'Hidden' } })
    const cover = await seedMediaItem(ctx.db, tenant.tenantId)
    const pending = await seedMediaItem(ctx.db, tenant.tenantId, 'pending')
    await createEntry(ctx, tenant.token, 'books', {
      status: 'published',
      data: { title: 'Dune', price: 9, author: herbert.id, cover },
    })
    await createEntry(ctx, tenant.token, 'books', {
      status: 'published',
      data: { title: 'Ghost', price: 5, author: hidden.id, cover: pending },
    })
    const response = await publicCall(ctx, 'POST', '/queries/run', tenant.tenantId, {
      body: {
        collection: 'books',
        select: ['slug', 'price', 'author.name', 'author.slug', 'cover.url'],
        where: [['price', '>=', 1]],
        orderBy: [['price', 'desc']],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual({
      items: [
        {
          slug: 'dune',
          price: 9,
          'author.name': 'Herbert',
          'author.slug': 'herbert',
          'cover.url': `https://cdn.example.test/${cover}.jpg`,
        },
        { slug: 'ghost', price: 5, 'author.name': null, 'author.slug': null, 'cover.url': null },
      ],
      pagination: { total: 2, limit: 50, offset: 0, page: 1, pages: 1 },
      locale: 'en',
    })
    const whole = await publicCall(ctx, 'POST', '/queries/run', tenant.tenantId, {
      body: { collection: 'books', where: [['slug', '=', 'dune']], includeRelations: ['refs', 'media'] },
    })
    expect(whole.data.items[0].data.author).toMatchObject({
      id: herbert.id,
      slug: 'herbert',
      data: { name: 'Herbert' },
    })
    expect(whole.data.items[0].data.cover).toMatchObject({
      id: cover,
      url: `https://cdn.example.test/${cover}.jpg`,
    })
  })
})

describe('POST /api/public/queries/run: relations', () => {
  it('names what includeRelations expects', async () => {
    const response = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, {
      body: { collection: 'books', includeRelations: ['contents'] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toBe('Item 1 of the include relations must be one of refs, media.')
  })

  it('gives resolved media their thumbnailUrl once the thumbnail exists', async () => {
    const tenant = await seedTenant(ctx.db)
    await createCatalogue(ctx, tenant.token)
    const uploaded = await uploadMedia(ctx.app, tenant.token, await jpegBytes(640, 480), 'image/jpeg')
    const ready = await waitForVariants(ctx.app, tenant.token, uploaded.id)
    const thumbnail = ready.variants.find((variant: { name: string }) => variant.name === 'thumbnail')
    expect(thumbnail?.url).toMatch(/^http/)
    await createEntry(ctx, tenant.token, 'books', {
      status: 'published',
      data: { title: 'Illustrated', cover: uploaded.id },
    })
    const response = await publicCall(ctx, 'POST', '/queries/run', tenant.tenantId, {
      body: { collection: 'books', select: ['slug', 'cover.thumbnailUrl'], includeRelations: ['media'] },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.items).toEqual([{ slug: 'illustrated', 'cover.thumbnailUrl': thumbnail.url }])
  })
})
