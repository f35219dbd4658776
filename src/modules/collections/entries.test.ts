import { describe, expect, it } from 'vitest'
import {
  BOOKS,
  createCatalogue,
  createCollection,
  createEntry,
  seedMediaItem,
} from '../../../test/collection-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

describe('POST /api/collections/{key}/entries', () => {
  it('validates and normalizes data by field type and derives the slug from the slug field', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const author = await createEntry(ctx, owner.token, 'authors', { data: { name: 'Frank Herbert' } })
    const cover = await seedMediaItem(ctx.db, owner.tenantId)
    const entry = await createEntry(ctx, owner.token, 'books', {
      status: 'published',
      data: {
        title: 'Dune Messiah',
        isbn: '978-0441172696',
        price: 9.5,
        inStock: true,
        released: '1969-10-15',
        updated: '2026-05-01T14:00:00+02:00',
        genre: 'fiction',
        author: author.id,
        cover,
        place: { type: 'Point', coordinates: [54.4, 24.4] },
        body: { html: '<p onclick="x()">Hi<script>alert(1)</script></p>', json: { root: {} } },
      },
    })
    expect(entry).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      collectionKey: 'books',
      slug: 'dune-messiah',
      status: 'published',
      data: {
        title: 'Dune Messiah',
        isbn: '978-0441172696',
        price: 9.5,
        inStock: true,
        released: '1969-10-15',
        updated: '2026-05-01T12:00:00.000Z',
        genre: 'fiction',
        author: author.id,
        cover,
        place: { type: 'Point', coordinates: [54.4, 24.4] },
        body: { html: '<p>Hi</p>', json: { root: {} } },
      },
      dataLabels: { genre: { en: 'Fiction', de: 'Roman' } },
      translations: {},
      publishedAt: expect.stringMatching(/^\d{4}-/),
      createdAt: expect.stringMatching(/^\d{4}-/),
      updatedAt: expect.stringMatching(/^\d{4}-/),
    })
    expect(author).toMatchObject({ slug: 'frank-herbert', status: 'draft', publishedAt: null })
  })

  it('answers 400 naming the member for each invalid value and unknown keys, and stores nothing', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 12 }, '/data/title'],
      [{ title: 'x'.repeat(501) }, '/data/title'],
      [{ title: 'A', price: '9' }, '/data/price'],
      [{ title: 'A', inStock: 'true' }, '/data/inStock'],
      [{ title: 'A', released: '2026-02-30' }, '/data/released'],
      [{ title: 'A', updated: '2026-05-01 12:00' }, '/data/updated'],
      [{ title: 'A', genre: 'horror' }, '/data/genre'],
      [{ title: 'A', author: 'nope' }, '/data/author'],
      [{ title: 'A', place: { type: 'Point', coordinates: [200, 0] } }, '/data/place'],
      [{ title: 'A', body: { html: 1 } }, '/data/body'],
      [{ title: 'A', color: 'red' }, '/data/color'],
      [{ title: 'A', __proto__x: 1 }, '/data/__proto__x'],
    ]
    for (const [data, path] of cases) {
      const response = await call(ctx.app, 'POST', '/api/collections/books/entries', {
        token: owner.token,
        body: { data },
      })
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(response.data.details[0].path, JSON.stringify(data)).toBe(path)
    }
    const list = await call(ctx.app, 'GET', '/api/collections/books/entries', { token: owner.token })
    expect(list.data.pagination.total).toBe(0)
  })

  it('refuses rich text nested past 256 levels on create and update, naming the field', async () => {
    const owner = await seedTenant(ctx.db)
    await createCollection(ctx, owner.token, {
      key: 'notes',
      name: { en: 'Notes' },
      fields: [
        { key: 'title', type: 'string', label: { en: 'Title' } },
        { key: 'body', type: 'richText', label: { en: 'Body' } },
      ],
    })
    const nested = (levels: number) => `${'<b>'.repeat(levels)}x${'</b>'.repeat(levels)}`
    const entry = await createEntry(ctx, owner.token, 'notes', {
      data: { body: `<i onclick="x()">${nested(255)}</i><script>2</script>` },
    })
    expect(entry.data).toEqual({ body: { html: `<i>${nested(255)}</i>`, json: null } })
    const message = 'html nests elements deeper than 256 levels'
    const created = await call(ctx.app, 'POST', '/api/collections/notes/entries', {
      token: owner.token,
      body: { data: { title: 'x', body: { html: nested(30_000) } } },
    })
    expect(created.statusCode).toBe(400)
    expect(created.data).toEqual({
      error: 'ValidationFailed',
      message: `/data/body ${message}.`,
      details: [{ path: '/data/body', message }],
    })
    const updated = await call(ctx.app, 'PUT', `/api/collections/notes/entries/${entry.id}`, {
      token: owner.token,
      body: { data: { title: 'y', body: nested(257) } },
    })
    expect(updated.statusCode).toBe(400)
    expect(updated.data.details).toEqual([{ path: '/data/body', message }])
    const list = await call(ctx.app, 'GET', '/api/collections/notes/entries', { token: owner.token })
    expect(list.data.entries.map((one: { data: unknown }) => one.data)).toEqual([entry.data])
  })

  it('enforces required fields in the database and names the missing one', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const response = await call(ctx.app, 'POST', '/api/collections/books/entries', {
      token: owner.token,
      body: { data: { price: 3 } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data).toEqual({
      error: 'ValidationFailed',
      message: '/data/title is required.',
      details: [{ path: '/data/title', message: 'is required' }],
    })
    const entry = await createEntry(ctx, owner.token, 'books', { data: { title: 'T' } })
    const cleared = await call(ctx.app, 'PUT', `/api/collections/books/entries/${entry.id}`, {
      token: owner.token,
      body: { data: { title: null } },
    })
    expect(cleared.statusCode).toBe(400)
    expect(cleared.data.details).toEqual([{ path: '/data/title', message: 'is required' }])
  })

  it('enforces unique fields by index, comparing case-folded NFKC text, and frees the value on delete', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    await createCatalogue(ctx, other.token)
    const first = await createEntry(ctx, owner.token, 'books', { data: { title: 'A', isbn: 'ABC-1' } })
    for (const isbn of ['abc-1', 'ＡＢＣ-1', ' ABC-1 ']) {
      const response = await call(ctx.app, 'POST', '/api/collections/books/entries', {
        token: owner.token,
        body: { data: { title: 'B', isbn } },
      })
      expect(response.statusCode, isbn).toBe(409)
      expect(response.data).toEqual({
        error: 'UniqueFieldViolation',
        message: 'Another entry already has this value of the unique field "isbn".',
        field: 'isbn',
      })
    }
    await createEntry(ctx, other.token, 'books', { data: { title: 'B', isbn: 'ABC-1' } })
    const same = await call(ctx.app, 'PUT', `/api/collections/books/entries/${first.id}`, {
      token: owner.token,
      body: { data: { isbn: 'ABC-1', price: 2 } },
    })
    expect(same.statusCode, same.body).toBe(200)
    await call(ctx.app, 'DELETE', `/api/collections/books/entries/${first.id}`, { token: owner.token })
    await createEntry(ctx, owner.token, 'books', { data: { title: 'C', isbn: 'abc-1' } })
  })

  it('refuses refs and media of another tenant, another collection or none, naming the field', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    await createCatalogue(ctx, other.token)
    const foreignAuthor = await createEntry(ctx, other.token, 'authors', { data: { name: 'X' } })
    const book = await createEntry(ctx, owner.token, 'books', { data: { title: 'Not an author' } })
    const foreignMedia = await seedMediaItem(ctx.db, other.tenantId)
    for (const [data, path] of [
      [{ title: 'A', author: foreignAuthor.id }, '/data/author'],
      [{ title: 'A', author: book.id }, '/data/author'],
      [{ title: 'A', cover: foreignMedia }, '/data/cover'],
    ] as const) {
      const response = await call(ctx.app, 'POST', '/api/collections/books/entries', {
        token: owner.token,
        body: { data },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.details[0].path).toBe(path)
    }
  })

  it('derives -2, -3 for taken derived slugs and answers 409 SlugConflict for a taken explicit one', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await createEntry(ctx, owner.token, 'books', { data: { title: 'Dune' } })).slug)
    expect(slugs).toEqual(['dune', 'dune-2', 'dune-3'])
    expect(
      (await createEntry(ctx, owner.token, 'books', { slug: "Robert'); DROP--", data: { title: 'X' } })).slug,
    ).toBe('robert-drop')
    const taken = await call(ctx.app, 'POST', '/api/collections/books/entries', {
      token: owner.token,
      body: { slug: 'dune', data: { title: 'Other' } },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.data).toEqual({ error: 'SlugConflict', message: 'The slug "dune" is already in use.' })
  })

  it('keeps entries of an archived collection frozen (409) and 404s an unknown collection', async () => {
    const owner = await seedTenant(ctx.db)
    await createCollection(ctx, owner.token, { ...BOOKS, fields: BOOKS.fields.slice(0, 3), key: 'old' })
    await call(ctx.app, 'PUT', '/api/collections/old', { token: owner.token, body: { status: 'archived' } })
    const response = await call(ctx.app, 'POST', '/api/collections/old/entries', {
      token: owner.token,
      body: { data: { title: 'x' } },
    })
    expect(response.statusCode).toBe(409)
    const missing = await call(ctx.app, 'POST', '/api/collections/none/entries', {
      token: owner.token,
      body: { data: {} },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Collection not found.' })
  })
})
