import { describe, expect, it } from 'vitest'
import {
  AUTHORS,
  BOOKS,
  createCatalogue,
  createCollection,
  createEntry,
} from '../../../test/collection-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const field = (key: string, type = 'string', extra: Record<string, unknown> = {}) => ({
  key,
  type,
  label: { en: key },
  ...extra,
})

describe('POST /api/collections', () => {
  it('creates a definition and answers it with defaults filled in', async () => {
    const owner = await seedTenant(ctx.db)
    await createCollection(ctx, owner.token, AUTHORS)
    const books = await createCollection(ctx, owner.token, BOOKS)
    expect(books).toMatchObject({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      key: 'books',
      name: { en: 'Books', de: 'Bücher' },
      description: { en: 'The catalogue' },
      slugField: 'title',
      defaultSort: { field: 'title', dir: 'asc' },
      status: 'active',
    })
    expect(books.fields[0]).toEqual({
      key: 'title',
      type: 'string',
      label: { en: 'Title' },
      required: true,
      unique: false,
      multiple: false,
      localized: false,
    })
    expect(books.fields).toHaveLength(12)
    const minimal = await createCollection(ctx, owner.token, {
      key: 'notes',
      name: { en: 'Notes' },
      fields: [],
    })
    expect(minimal).toMatchObject({
      slugField: null,
      defaultSort: { field: 'createdAt', dir: 'desc' },
      description: {},
    })
  })

  it('answers 400 naming the member for each invalid definition', async () => {
    const owner = await seedTenant(ctx.db)
    const base = { key: 'things', name: { en: 'Things' }, fields: [] }
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, key: 'Things' }, '/key'],
      [{ ...base, key: "x'; drop table collections;--" }, '/key'],
      [{ ...base, name: {}, fields: [] }, '/name'],
      [{ ...base, name: { 'not a locale': 'x' }, fields: [] }, '/name/not a locale'],
      [{ ...base, fields: Array.from({ length: 51 }, (_, i) => field(`f${i}`)) }, '/fields'],
      [{ ...base, fields: [field('slug')] }, '/fields/0/key'],
      [{ ...base, fields: [field('constructor')] }, '/fields/0/key'],
      [{ ...base, fields: [field('__proto__')] }, '/fields/0/key'],
      [{ ...base, fields: [field('a b')] }, '/fields/0/key'],
      [{ ...base, fields: [field('a'), field('a')] }, '/fields/1/key'],
      [{ ...base, fields: [field('a', 'json')] }, '/fields/0/type'],
      [{ ...base, fields: [field('a', 'enum')] }, '/fields/0/options'],
      [{ ...base, fields: [field('a', 'ref')] }, '/fields/0/ref'],
      [{ ...base, fields: [field('a', 'ref', { ref: 'missing' })] }, '/fields/0/ref'],
      [{ ...base, fields: [field('a', 'text', { unique: true })] }, '/fields/0/unique'],
      [{ ...base, fields: [field('a', 'string', { multiple: true })] }, '/fields/0/multiple'],
      [{ ...base, fields: [field('a', 'number')], slugField: 'a' }, '/slugField'],
      [
        { ...base, fields: [field('a', 'richText')], defaultSort: { field: 'a', dir: 'asc' } },
        '/defaultSort/field',
      ],
      [{ ...base, fields: [], extra: true }, ''],
    ]
    for (const [body, path] of cases) {
      const response = await call(ctx.app, 'POST', '/api/collections', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400)
      const named = (response.data.details ?? []).map(
        (d: { path: string; member?: string }) => d.member ?? d.path,
      )
      expect(named.join(' '), path).toContain(path)
    }
    const list = await call(ctx.app, 'GET', '/api/collections', { token: owner.token })
    expect(list.data.pagination.total).toBe(0)
  })

  it('answers 409 for a taken key in the same tenant only', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCollection(ctx, owner.token, AUTHORS)
    const taken = await call(ctx.app, 'POST', '/api/collections', { token: owner.token, body: AUTHORS })
    expect(taken.statusCode).toBe(409)
    expect(taken.data).toEqual({
      error: 'Conflict',
      message: 'The collection key "authors" is already in use.',
    })
    await createCollection(ctx, other.token, AUTHORS)
  })
})

describe('GET, PUT and DELETE /api/collections/{key}', () => {
  it('lists by key, filters by status, reads one and 404s another tenant’s key', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    await createCollection(ctx, other.token, { key: 'secret', name: { en: 'S' }, fields: [] })
    const list = await call(ctx.app, 'GET', '/api/collections', { token: owner.token })
    expect(list.data.collections.map((c: { key: string }) => c.key)).toEqual(['authors', 'books'])
    expect(list.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 })
    const archived = await call(ctx.app, 'GET', '/api/collections?status=archived', { token: owner.token })
    expect(archived.data.collections).toEqual([])
    const one = await call(ctx.app, 'GET', '/api/collections/books', { token: owner.token })
    expect(one.data.collection.key).toBe('books')
    for (const [method, path] of [
      ['GET', '/api/collections/secret'],
      ['PUT', '/api/collections/secret'],
      ['DELETE', '/api/collections/secret'],
      ['GET', '/api/collections/secret/entries'],
    ] as const) {
      const response = await call(ctx.app, method, path, {
        token: owner.token,
        ...(method === 'PUT' ? { body: { status: 'archived' } } : {}),
      })
      expect(response.statusCode, `${method} ${path}`).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Collection not found.' })
    }
  })

  it('replaces members, keeps field types fixed and stops serving removed fields', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const entry = await createEntry(ctx, owner.token, 'books', { data: { title: 'Dune', price: 9 } })
    const changed = await call(ctx.app, 'PUT', '/api/collections/books', {
      token: owner.token,
      body: { fields: BOOKS.fields.map((f) => (f.key === 'price' ? { ...f, type: 'string' } : f)) },
    })
    expect(changed.statusCode).toBe(400)
    expect(changed.data.details[0]).toEqual({
      path: '/fields/2/type',
      message: 'cannot change on an existing field; add a field with a new key instead',
    })
    const kept = BOOKS.fields.filter((f) => f.key !== 'price')
    const updated = await call(ctx.app, 'PUT', '/api/collections/books', {
      token: owner.token,
      body: { fields: kept, name: { en: 'Library' } },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.data.collection).toMatchObject({
      name: { en: 'Library' },
      description: { en: 'The catalogue' },
    })
    const read = await call(ctx.app, 'GET', `/api/collections/books/entries/${entry.id}`, {
      token: owner.token,
    })
    expect(read.data.entry.data).toEqual({ title: 'Dune' })
    const filtered = await call(
      ctx.app,
      'GET',
      `/api/collections/books/entries?filter=${encodeURIComponent('{"price":9}')}`,
      { token: owner.token },
    )
    expect(filtered.statusCode).toBe(400)
  })

  it('deletes only archived collections, with their entries', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    await createEntry(ctx, owner.token, 'books', { data: { title: 'Dune' } })
    const active = await call(ctx.app, 'DELETE', '/api/collections/books', { token: owner.token })
    expect(active.statusCode).toBe(409)
    expect(active.data.error).toBe('Conflict')
    await call(ctx.app, 'PUT', '/api/collections/books', { token: owner.token, body: { status: 'archived' } })
    const deleted = await call(ctx.app, 'DELETE', '/api/collections/books', { token: owner.token })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', '/api/collections/books', { token: owner.token })).statusCode).toBe(
      404,
    )
    await createCollection(ctx, owner.token, { key: 'books', name: { en: 'Again' }, fields: [] })
  })
})

describe('permissions', () => {
  it('lets authors write, viewers and read tokens only read, and answers 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    await createCollection(ctx, author.token, AUTHORS)
    const entry = await createEntry(ctx, author.token, 'authors', { data: { name: 'A' } })
    const writes = [
      ['POST', '/api/collections', { key: 'x', name: { en: 'X' }, fields: [] }],
      ['PUT', '/api/collections/authors', { status: 'archived' }],
      ['DELETE', '/api/collections/authors', undefined],
      ['POST', '/api/collections/authors/entries', { data: { name: 'B' } }],
      ['PUT', `/api/collections/authors/entries/${entry.id}`, { data: { name: 'C' } }],
      ['DELETE', `/api/collections/authors/entries/${entry.id}`, undefined],
    ] as const
    for (const token of [viewer.token, readToken]) {
      for (const [method, path, body] of writes) {
        const response = await call(ctx.app, method, path, { token, ...(body ? { body } : {}) })
        expect(response.statusCode, `${method} ${path}`).toBe(403)
      }
      for (const path of [
        '/api/collections',
        '/api/collections/authors',
        '/api/collections/authors/entries',
      ]) {
        expect((await call(ctx.app, 'GET', path, { token })).statusCode, path).toBe(200)
      }
    }
    for (const [method, path] of [...writes, ['GET', '/api/collections'] as const]) {
      expect((await call(ctx.app, method, path)).statusCode, `${method} ${path}`).toBe(401)
    }
    const read = await call(ctx.app, 'GET', `/api/collections/authors/entries/${entry.id}`, {
      token: owner.token,
    })
    expect(read.data.entry.data).toEqual({ name: 'A' })
  })
})
