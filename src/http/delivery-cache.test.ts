import { beforeAll, describe, expect, it } from 'vitest'
import { createCatalogue, createEntry, publicCall, setEdgePolicy } from '../../test/collection-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../test/helpers.js'
import { menuFixtures } from '../../test/menu-fixtures.js'
import { generationNames, resourceOf } from '../store/delivery-cache.js'
import { canonicalJson, requestKey } from './delivery-cache.js'
import { strongEtag } from './http-cache.js'

describe('request keys', () => {
  const request = (overrides: Record<string, unknown> = {}) => ({
    method: 'GET',
    params: { key: 'books' },
    query: { page: 1, limit: 20 },
    body: undefined,
    headers: {},
    ...overrides,
  })

  it('writes canonical JSON: keys sorted at every level, undefined members left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":null,"z":1}]},"b":1}',
    )
    expect(canonicalJson(undefined)).toBe('')
    expect(canonicalJson('x')).toBe('"x"')
  })

  it('is the same for reordered query parameters and for HEAD and GET', () => {
    const key = requestKey('t1', request(), '/api/public/collections/:key', [])
    expect(
      requestKey('t1', request({ query: { limit: 20, page: 1 } }), '/api/public/collections/:key', []),
    ).toBe(key)
    expect(requestKey('t1', request({ method: 'HEAD' }), '/api/public/collections/:key', [])).toBe(key)
    expect(key).toBe('t1\nGET\n/api/public/collections/:key\n{"key":"books"}\n{"limit":20,"page":1}\n\n')
  })

  it('differs by tenant, parameters, query, body and the route’s vary headers; not by Origin', () => {
    const route = '/api/public/collections/:key'
    const key = requestKey('t1', request(), route, [])
    const others = [
      requestKey('t2', request(), route, []),
      requestKey('t1', request({ params: { key: 'authors' } }), route, []),
      requestKey('t1', request({ query: { page: 2, limit: 20 } }), route, []),
      requestKey('t1', request({ method: 'POST', body: { collection: 'books' } }), route, []),
      requestKey('t1', request({ headers: { 'accept-language': 'de' } }), route, ['Accept-Language']),
    ]
    for (const other of others) expect(other).not.toBe(key)
    expect(requestKey('t1', request({ headers: { origin: 'https://a.example' } }), route, [])).toBe(key)
    expect(
      requestKey('t1', request({ method: 'POST', body: { where: [], collection: 'books' } }), route, []),
    ).toBe(requestKey('t1', request({ method: 'POST', body: { collection: 'books', where: [] } }), route, []))
  })

  it('names generations by event resource, settings and tenant always', () => {
    expect(resourceOf('collection-entry.updated')).toBe('collection-entry')
    expect(resourceOf('form.response.created')).toBe('form.response')
    expect(generationNames(['menu', 'content'])).toEqual(['content', 'menu', 'settings', 'tenant'])
    expect(generationNames(null)).toEqual(['*'])
  })
})

// Thousands of reads from one address: the per-client throttle is tested elsewhere.
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })
const { createMenu, addItem } = menuFixtures(ctx)

let owner: SeededMember
let other: SeededMember
beforeAll(async () => {
  owner = await seedTenant(ctx.db)
  other = await seedTenant(ctx.db)
  await createCatalogue(ctx, owner.token)
  await createCatalogue(ctx, other.token)
})

const updateEntry = async (tenant: SeededMember, id: string, data: Record<string, unknown>) => {
  const response = await call(ctx.app, 'PUT', `/api/collections/books/entries/${id}`, {
    token: tenant.token,
    body: { data },
  })
  expect(response.statusCode, response.body).toBe(200)
}

describe('the delivery cache on public routes', () => {
  it('answers a repeated read from the cache with the same body and headers', async () => {
    await createEntry(ctx, owner.token, 'books', { status: 'published', data: { title: 'Cached' } })
    const first = await publicCall(ctx, 'GET', '/collections/books/cached?', owner.tenantId)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    const second = await publicCall(ctx, 'GET', '/collections/books/cached', owner.tenantId)
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    // Computed once when the answer was kept, and still the digest of the body it replays.
    expect(second.headers.etag).toBe(strongEtag(second.body))
    for (const header of ['content-type', 'etag', 'cache-control', 'surrogate-key', 'vary']) {
      expect(second.headers[header], header).toBe(first.headers[header])
    }
    const revalidated = await call(ctx.app, 'GET', '/api/public/collections/books/cached', {
      headers: { 'x-tenant-id': owner.tenantId, 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers['x-cache']).toBe('HIT')
  })

  it('keys queries/run by the canonical body: reordered members hit, another query misses', async () => {
    const query = { collection: 'books', where: [['title', '=', 'Cached']], limit: 5 }
    const first = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, { body: query })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['x-cache']).toBe('MISS')
    const reordered = { limit: 5, where: [['title', '=', 'Cached']], collection: 'books' }
    const second = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, { body: reordered })
    expect(second.headers['x-cache']).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers.etag).toBeUndefined()
    const another = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, {
      body: { ...query, limit: 6 },
    })
    expect(another.headers['x-cache']).toBe('MISS')
  })

  it('never answers stale: 300 writes of an entry, each followed by reads of it and its list', async () => {
    const entry = await createEntry(ctx, owner.token, 'books', {
      status: 'published',
      data: { title: 'Loop', price: 0 },
    })
    for (let i = 1; i <= 300; i++) {
      await updateEntry(owner, entry.id, { price: i })
      const bySlug = await publicCall(ctx, 'GET', '/collections/books/loop', owner.tenantId)
      expect(bySlug.data.entry.data.price).toBe(i)
      expect(bySlug.headers['x-cache']).toBe('MISS')
      const again = await publicCall(ctx, 'GET', '/collections/books/loop', owner.tenantId)
      expect(again.data.entry.data.price).toBe(i)
      expect(again.headers['x-cache']).toBe('HIT')
      if (i % 50 === 0) {
        const list = await publicCall(
          ctx,
          'GET',
          '/collections/books?filter=%7B%22title%22%3A%22Loop%22%7D',
          owner.tenantId,
        )
        expect(list.data.entries[0].data.price).toBe(i)
      }
    }
  }, 120_000)

  it('never answers stale: 300 changes of a menu item, each followed by a read of the menu', async () => {
    const menu = await createMenu(owner.token, { name: 'Loop menu', status: 'active' })
    const item = await addItem(owner.token, menu.id, { title: 'Item 0', url: '/' })
    for (let i = 1; i <= 300; i++) {
      const changed = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${item.id}`, {
        token: owner.token,
        body: { title: `Item ${i}` },
      })
      expect(changed.statusCode, changed.body).toBe(200)
      const read = await publicCall(ctx, 'GET', `/menus/slug/${menu.slug}`, owner.tenantId)
      expect(read.data.menu.tree[0].title).toBe(`Item ${i}`)
      if (i % 50 === 0) {
        const again = await publicCall(ctx, 'GET', `/menus/slug/${menu.slug}`, owner.tenantId)
        expect(again.headers['x-cache']).toBe('HIT')
      }
    }
  }, 120_000)

  it('drops only what a write can change: another tenant’s write and an unrelated resource keep entries', async () => {
    const entry = await createEntry(ctx, owner.token, 'books', {
      status: 'published',
      data: { title: 'Kept' },
    })
    const theirs = await createEntry(ctx, other.token, 'books', {
      status: 'published',
      data: { title: 'Theirs' },
    })
    expect((await publicCall(ctx, 'GET', '/collections/books/kept', owner.tenantId)).headers['x-cache']).toBe(
      'MISS',
    )
    await updateEntry(other, theirs.id, { price: 3 })
    const menu = await createMenu(owner.token, { name: 'Unrelated', status: 'active', location: 'custom' })
    expect(menu.id).toMatch(/^[0-9a-f]{24}$/)
    const read = await publicCall(ctx, 'GET', '/collections/books/kept', owner.tenantId)
    expect(read.headers['x-cache']).toBe('HIT')
    await updateEntry(owner, entry.id, { price: 4 })
    const fresh = await publicCall(ctx, 'GET', '/collections/books/kept', owner.tenantId)
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.data.entry.data.price).toBe(4)
  })

  it('applies the edge policy before the cache: a refused origin or closed reads never get a kept answer', async () => {
    const shop = await seedTenant(ctx.db)
    await setEdgePolicy(ctx.db, shop.tenantId, { allowedOrigins: ['https://shop.example.com'] })
    await createCatalogue(ctx, shop.token)
    await createEntry(ctx, shop.token, 'books', { status: 'published', data: { title: 'Edge' } })
    const allowed = { headers: { origin: 'https://shop.example.com' } }
    expect((await publicCall(ctx, 'GET', '/collections/books/edge', shop.tenantId, allowed)).statusCode).toBe(
      200,
    )
    const hit = await publicCall(ctx, 'GET', '/collections/books/edge', shop.tenantId, allowed)
    expect(hit.headers['x-cache']).toBe('HIT')
    expect(hit.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    const refused = await publicCall(ctx, 'GET', '/collections/books/edge', shop.tenantId, {
      headers: { origin: 'https://evil.example' },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['x-cache']).toBeUndefined()
    const closed = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: shop.token,
      body: { edgeGateway: { publicReadEnabled: false, allowedOrigins: ['https://shop.example.com'] } },
    })
    expect(closed.statusCode, closed.body).toBe(200)
    const off = await publicCall(ctx, 'GET', '/collections/books/edge', shop.tenantId, allowed)
    expect(off.statusCode).toBe(403)
    expect(off.data.error).toBe('Forbidden')
  })

  it('never keeps the public form read: each carries a fresh form token', async () => {
    const response = await publicCall(ctx, 'GET', '/forms/missing-form', owner.tenantId)
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-cache']).toBeUndefined()
  })

  it('reports the tenant’s hits and misses in /api/dashboard/api-stats', async () => {
    const counted = await seedTenant(ctx.db)
    await createCatalogue(ctx, counted.token)
    await createEntry(ctx, counted.token, 'books', { status: 'published', data: { title: 'Counted' } })
    for (let i = 0; i < 4; i++) await publicCall(ctx, 'GET', '/collections/books/counted', counted.tenantId)
    await publicCall(ctx, 'GET', '/collections/books/missing', counted.tenantId)
    const stats = await call(ctx.app, 'GET', '/api/dashboard/api-stats', { token: counted.token })
    expect(stats.statusCode, stats.body).toBe(200)
    expect(stats.data.deliveryCache).toEqual({ hits: 3, misses: 2, hitRate: 0.6 })
    const untouched = await call(ctx.app, 'GET', '/api/dashboard/api-stats', { token: other.token })
    expect(untouched.data.deliveryCache).toEqual({ hits: 0, misses: 0, hitRate: 0 })
  })
})
