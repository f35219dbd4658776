import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../src/lib/ids.js'
import {
  call,
  createTestContext,
  type SeededMember,
  seedApiToken,
  seedTenant,
  type TestContext,
} from './helpers.js'

/**
 * The cross-tenant matrix (docs/decisions/tenancy.md "Another tenant's record is a missing record"): tenant A's credentials against
 * tenant B's ids answer exactly like ids that do not exist, change nothing, and lists filtered by
 * B's ids come back empty. Family tests cover their own routes in more depth.
 */
let ctx: TestContext
let a: SeededMember
let b: SeededMember
let aApiToken: string
const bIds = { content: '', slug: 'shared-slug', category: '', tag: '', media: '', apiToken: '' }
let aCategory = ''

async function created(member: SeededMember, url: string, body: Record<string, unknown>, key: string) {
  const response = await call(ctx.app, 'POST', url, { token: member.token, body })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.data[key].id as string
}

beforeAll(async () => {
  ctx = await createTestContext()
  ;[a, b] = await Promise.all([seedTenant(ctx.db), seedTenant(ctx.db)])
  aApiToken = await seedApiToken(ctx.db, a.tenantId, { role: 'owner', scopes: ['read', 'write', 'delete'] })
  bIds.category = await created(b, '/api/categories', { name: 'B news' }, 'category')
  bIds.tag = await created(b, '/api/tags', { title: 'B tag' }, 'tag')
  bIds.media = await created(b, '/api/media/external', { url: 'https://b.example/a.jpg' }, 'media')
  bIds.content = await created(
    b,
    '/api/contents',
    {
      title: 'B secret',
      slug: bIds.slug,
      categories: [bIds.category],
      tags: [bIds.tag],
      status: 'published',
    },
    'content',
  )
  bIds.apiToken = await created(b, '/api/api-tokens', { name: 'B site' }, 'token')
  aCategory = await created(a, '/api/categories', { name: 'A news' }, 'category')
  // A colliding slug: A has its own content under the same slug as B's.
  await created(a, '/api/contents', { title: 'A public', slug: bIds.slug, status: 'published' }, 'content')
})
afterAll(() => ctx.close())

const byIdProbes = () =>
  [
    ['GET', `/api/contents/${bIds.content}`],
    ['PUT', `/api/contents/${bIds.content}`, { title: 'hijacked' }],
    ['DELETE', `/api/contents/${bIds.content}`],
    ['GET', `/api/categories/${bIds.category}`],
    ['PUT', `/api/categories/${bIds.category}`, { name: 'hijacked' }],
    ['DELETE', `/api/categories/${bIds.category}`],
    ['POST', '/api/categories/merge', { sourceId: bIds.category, targetId: aCategory }],
    ['POST', '/api/categories/merge', { sourceId: aCategory, targetId: bIds.category }],
    ['DELETE', `/api/api-tokens/${bIds.apiToken}`],
  ] as const

describe('tenant isolation matrix', () => {
  it('answers every by-id route on another tenant’s record exactly like a missing record', async () => {
    for (const [method, url, body] of byIdProbes()) {
      const credentials = url.startsWith('/api/api-tokens') ? [a.token] : [a.token, aApiToken]
      for (const token of credentials) {
        const cross = await call(ctx.app, method, url, { token, ...(body ? { body } : {}) })
        const missingUrl = url.replace(/[a-f0-9]{24}/, newId())
        const missingBody =
          body && 'sourceId' in body ? JSON.parse(JSON.stringify(body).replace(bIds.category, newId())) : body
        const missing = await call(ctx.app, method, missingUrl, {
          token,
          ...(missingBody ? { body: missingBody } : {}),
        })
        expect(cross.statusCode, `${method} ${url}`).toBe(404)
        expect(cross.data, `${method} ${url}`).toEqual(missing.data)
      }
    }
  })

  it('leaves the other tenant’s records unchanged', async () => {
    const content = await call(ctx.app, 'GET', `/api/contents/${bIds.content}`, { token: b.token })
    expect(content.statusCode).toBe(200)
    expect(content.data.content.title).toBe('B secret')
    expect(content.data.content.categories).toEqual([bIds.category])
    const category = await call(ctx.app, 'GET', `/api/categories/${bIds.category}`, { token: b.token })
    expect(category.data.category.name).toBe('B news')
    const tokens = await call(ctx.app, 'GET', '/api/api-tokens', { token: b.token })
    expect(tokens.data.tokens.map((t: { id: string }) => t.id)).toContain(bIds.apiToken)
  })

  it('serves each tenant its own record under a colliding slug', async () => {
    const forA = await call(ctx.app, 'GET', `/api/contents/slug/${bIds.slug}`, { token: aApiToken })
    const forB = await call(ctx.app, 'GET', `/api/contents/slug/${bIds.slug}`, { token: b.token })
    expect(forA.data.content.title).toBe('A public')
    expect(forB.data.content.title).toBe('B secret')
  })

  it('returns nothing of the other tenant when lists are filtered by its ids', async () => {
    for (const query of [`category=${bIds.category}`, `categories=${bIds.category}`, `tag=${bIds.tag}`]) {
      const list = await call(ctx.app, 'GET', `/api/contents?${query}`, { token: aApiToken })
      expect(list.statusCode, query).toBe(200)
      expect(list.data.contents, query).toEqual([])
      expect(list.data.pagination.total, query).toBe(0)
    }
    const categories = await call(ctx.app, 'GET', `/api/categories?flat=true&ids=${bIds.category}`, {
      token: a.token,
    })
    expect(categories.data.categories).toEqual([])
    const tags = await call(ctx.app, 'GET', `/api/tags?ids=${bIds.tag}`, { token: a.token })
    expect(tags.data.tags).toEqual([])
    const media = await call(ctx.app, 'GET', '/api/media', { token: a.token })
    expect(media.data.media.map((m: { id: string }) => m.id)).not.toContain(bIds.media)
    const search = await call(ctx.app, 'GET', '/api/contents?search=secret', { token: a.token })
    expect(search.data.contents).toEqual([])
  })

  it('refuses writes that reference the other tenant’s categories, tags or media', async () => {
    for (const body of [
      { title: 'x', categories: [bIds.category] },
      { title: 'x', tags: [bIds.tag] },
      { title: 'x', featuredMediaId: bIds.media },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/contents', { token: a.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const child = await call(ctx.app, 'POST', '/api/categories', {
      token: a.token,
      body: { name: 'child', parentId: bIds.category },
    })
    expect(child.statusCode).toBe(400)
  })

  it('refuses to select another tenant by query, header or token', async () => {
    const byQuery = await call(ctx.app, 'GET', `/api/contents?tenantId=${b.tenantId}`, { token: a.token })
    expect(byQuery.statusCode).toBe(403)
    const byHeader = await call(ctx.app, 'GET', '/api/contents', {
      token: a.token,
      headers: { 'x-tenant-id': b.tenantId },
    })
    expect(byHeader.statusCode).toBe(403)
    const tokenMismatch = await call(ctx.app, 'GET', '/api/contents', {
      token: aApiToken,
      headers: { 'x-tenant-id': b.tenantId },
    })
    expect(tokenMismatch.statusCode).toBe(403)
    for (const bad of ['not-an-id', b.tenantId.toUpperCase(), `${a.tenantId}, ${b.tenantId}`]) {
      const malformed = await call(ctx.app, 'GET', '/api/contents', {
        token: a.token,
        headers: { 'x-tenant-id': bad },
      })
      expect(malformed.statusCode, bad).toBe(400)
    }
  })
})

describe('route variants', () => {
  it('never serves a protected route without credentials through a path variant', async () => {
    for (const url of [
      '/api/contents',
      '/api/contents/',
      '//api/contents',
      '/API/contents',
      '/api/Contents',
      '/api/contents/%2e%2e/tags',
      '/api/contents/..%2Ftags',
      '/api/api-tokens/',
    ]) {
      const response = await call(ctx.app, 'GET', url)
      expect([400, 401, 404], url).toContain(response.statusCode)
      expect(typeof response.data?.error, url).toBe('string')
    }
  })

  it('marks every response with a request id and nosniff', async () => {
    const response = await call(ctx.app, 'GET', '/api/nowhere')
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})
