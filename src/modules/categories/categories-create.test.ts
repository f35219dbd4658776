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
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { defaultSettings } from '../tenant-settings/index.js'
import { createCategoriesService } from './service.js'

const ctx = useTestContext()
/** The settings of a tenant that set none: one locale, en. */
const DEFAULT_SETTINGS = { get: async (tenantId: string) => defaultSettings(tenantId) }

async function createCategory(member: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/categories', { token: member.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.category as { id: string; slug: string; position: number; parentId: string | null }
}

describe('POST /api/categories', () => {
  it('creates a category with defaults and answers 200 { category }', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: '  World News ' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.category).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'World News',
      slug: 'world-news',
      description: '',
      parentId: null,
      position: 0,
      defaultSortField: 'publishedAt',
      defaultSortOrder: 'desc',
      settings: {},
      metadata: {},
      translations: {},
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
  })

  it('stores every writable field', async () => {
    const owner = await seedTenant(ctx.db)
    const parent = await createCategory(owner, { name: 'Parent' })
    const body = {
      name: 'Full',
      slug: 'Full Custom Slug!',
      description: 'About',
      parentId: parent.id,
      defaultSortField: 'title',
      defaultSortOrder: 'asc',
      position: 7,
      settings: { layout: 'grid' },
      metadata: { color: '#fff', nested: { a: [1, 2] } },
    }
    const category = await createCategory(owner, body)
    expect(category).toMatchObject({ ...body, slug: 'full-custom-slug' })
  })

  it('suffixes generated slugs on collision and answers 409 for a taken explicit slug', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await createCategory(owner, { name: 'Travel' })).slug).toBe('travel')
    expect((await createCategory(owner, { name: 'Travel' })).slug).toBe('travel-2')
    expect((await createCategory(owner, { name: 'travel!' })).slug).toBe('travel-3')
    const duplicate = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'Other', slug: 'Travel' },
    })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.data).toEqual({ error: 'SlugConflict', message: 'The slug "travel" is already in use.' })
  })

  it('keeps the same slug free in another tenant and transliterates unicode names', async () => {
    const first = await seedTenant(ctx.db)
    const second = await seedTenant(ctx.db)
    expect((await createCategory(first, { name: 'Şehir Çevre' })).slug).toBe('sehir-cevre')
    expect((await createCategory(second, { name: 'Şehir Çevre' })).slug).toBe('sehir-cevre')
    expect((await createCategory(first, { name: '!!!' })).slug).toBe('category')
  })

  it('places a new category after its last sibling unless a position is given', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await createCategory(owner, { name: 'First' })
    expect(first.position).toBe(0)
    expect((await createCategory(owner, { name: 'Second' })).position).toBe(1)
    expect((await createCategory(owner, { name: 'Child', parentId: first.id })).position).toBe(0)
    expect((await createCategory(owner, { name: 'Far', position: 40 })).position).toBe(40)
    expect((await createCategory(owner, { name: 'Next' })).position).toBe(41)
  })

  it('rejects a parent that does not exist or belongs to another tenant with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await createCategory(other, { name: 'Foreign' })
    for (const parentId of [foreign.id, newId()]) {
      const response = await call(ctx.app, 'POST', '/api/categories', {
        token: owner.token,
        body: { name: 'Child', parentId },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.message).toBe('parentId does not name a category of this tenant.')
    }
  })

  it('rejects invalid bodies with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: 'A', slug: 'x'.repeat(241) },
      { name: 'A', slug: '' },
      { name: 'A', slug: '%%%' },
      { name: 'A', position: -1 },
      { name: 'A', position: 1.5 },
      { name: 'A', defaultSortField: 'views' },
      { name: 'A', defaultSortOrder: 'up' },
      { name: 'A', parentId: 'not-an-id' },
      { name: 'A', settings: 'nope' },
      { name: 'A', tenantId: newId() },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/categories', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
  })

  it('refuses a body carrying __proto__ and leaves no category behind', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"name":"Polluted","__proto__":{"admin":true}}',
    })
    expect(response.statusCode).toBe(400)
    const list = await call(ctx.app, 'GET', '/api/categories', { token: owner.token })
    expect(list.data.categories).toEqual([])
  })

  it('answers 403 to members and tokens without categories:create', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    for (const token of [viewer.token, author.token, readToken]) {
      const response = await call(ctx.app, 'POST', '/api/categories', { token, body: { name: 'Nope' } })
      expect(response.statusCode).toBe(403)
    }
    const writeToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['write'] })
    const allowed = await call(ctx.app, 'POST', '/api/categories', {
      token: writeToken,
      body: { name: 'Ok' },
    })
    expect(allowed.statusCode).toBe(200)
  })
})

describe('GET /api/categories/:id', () => {
  it('returns the category, and the same 404 for a missing id and another tenant’s id', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const own = await createCategory(owner, { name: 'Mine' })
    const foreign = await createCategory(other, { name: 'Theirs' })

    const found = await call(ctx.app, 'GET', `/api/categories/${own.id}`, { token: owner.token })
    expect(found.statusCode).toBe(200)
    expect(found.data.category).toMatchObject({ id: own.id, name: 'Mine' })

    const missing = await call(ctx.app, 'GET', `/api/categories/${newId()}`, { token: owner.token })
    const crossTenant = await call(ctx.app, 'GET', `/api/categories/${foreign.id}`, { token: owner.token })
    expect(missing.statusCode).toBe(404)
    expect(crossTenant.statusCode).toBe(404)
    expect(crossTenant.data).toEqual(missing.data)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Category not found.' })
  })

  it('rejects a malformed id with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'GET', "/api/categories/1'%20OR%201=1", { token: owner.token })
    expect(response.statusCode).toBe(400)
  })
})

describe('categories service (used by the importer)', () => {
  it('creates under a parent and finds by slug inside a caller’s transaction, per tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const found = await ctx.db.transaction(async (tx) => {
      const service = createCategoriesService({ db: tx, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS })
      const parent = await service.create(systemContext(owner.tenantId, 'test'), {
        name: 'Imported',
        slug: 'imported',
      })
      await service.create(systemContext(owner.tenantId, 'test'), {
        name: 'Imported child',
        parentId: parent.id,
      })
      return service.getBySlug(systemContext(owner.tenantId, 'test'), 'imported-child')
    })
    expect(found).toMatchObject({ name: 'Imported child', position: 0 })
    const service = createCategoriesService({ db: ctx.db, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS })
    expect(await service.getBySlug(systemContext(other.tenantId, 'test'), 'imported')).toBeUndefined()
  })

  it('gives concurrent creators of the same name distinct slugs', async () => {
    const owner = await seedTenant(ctx.db)
    const service = createCategoriesService({ db: ctx.db, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS })
    const created = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.create(systemContext(owner.tenantId, 'test'), { name: 'Same' }),
      ),
    )
    expect(created.map((category) => category.slug).sort()).toEqual([
      'same',
      'same-2',
      'same-3',
      'same-4',
      'same-5',
    ])
  })
})
