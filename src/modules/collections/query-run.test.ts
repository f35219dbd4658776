import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCatalogue, createEntry, publicCall, seedMediaItem } from '../../../test/collection-fixtures.js'
import { type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { systemContext } from '../../context.js'
import { IN_LIST_MAX, LIKE_MAX_LENGTH, OPERATORS } from './query/compile.js'

const ctx = useTestContext()

let owner: SeededMember
let other: SeededMember
const published = new Set<string>()
let authorId = ''
let coverId = ''

/** 120 books of which two thirds are published, and the same slugs in another tenant, all drafts. */
beforeAll(async () => {
  owner = await seedTenant(ctx.db)
  other = await seedTenant(ctx.db)
  await createCatalogue(ctx, owner.token)
  await createCatalogue(ctx, other.token)
  authorId = (await createEntry(ctx, owner.token, 'authors', { status: 'published', data: { name: 'Ann' } }))
    .id
  coverId = await seedMediaItem(ctx.db, owner.tenantId)
  const service = ctx.app.folio.services.collectionEntries
  const genres = ['fiction', 'poetry', 'essay']
  for (let i = 0; i < 120; i++) {
    const data = {
      title: `Book ${i} ${'%_'.repeat(i % 3)}`,
      price: i % 17,
      inStock: i % 2 === 0,
      released: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 9}`,
      genre: genres[i % 3],
      author: authorId,
      cover: coverId,
    }
    const status = i % 3 === 2 ? 'draft' : 'published'
    const entry = await service.create(systemContext(owner.tenantId, 'test'), 'books', { status, data })
    if (status === 'published') published.add(entry.id)
    await service.create(systemContext(other.tenantId, 'test'), 'books', {
      status: 'published',
      data: { ...data, author: null, cover: null },
    })
  }
}, 120_000)

const run = (body: unknown) => publicCall(ctx, 'POST', '/queries/run', owner.tenantId, { body })

describe('POST /api/public/queries/run: rejections', () => {
  it.each([
    [{ collection: 'books', where: [['data.title', '=', 'x']] }, '/where/0/0'],
    [{ collection: 'books', where: [['title', 'eq', 'x']] }, '/where/0/1'],
    [{ collection: 'books', where: [['title', '=', 'x', 'y']] }, '/where/0'],
    [{ collection: 'books', where: 'title = x' }, '/where'],
    [{ collection: 'books', limit: 500 }, '/limit'],
    [{ collection: 'books', select: [] }, '/select'],
    [{ collection: 'books', includeRelations: ['contents'] }, '/includeRelations/0'],
    [{ collection: 'Books;--' }, '/collection'],
    [{ collection: 'books', having: 1 }, ''],
  ])('answers 400 naming the part for %j', async (body, path) => {
    const response = await run(body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
    expect(JSON.stringify(response.data)).toContain(path)
  })

  it('answers 404 for an unknown collection and never shows another tenant’s collection', async () => {
    const lonely = await seedTenant(ctx.db)
    const response = await publicCall(ctx, 'POST', '/queries/run', lonely.tenantId, {
      body: { collection: 'books' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.data).toEqual({ error: 'NotFound', message: 'Collection not found.' })
  })
})

describe('POST /api/public/queries/run: cost limits', () => {
  it('answers the costliest query the grammar allows within the statement timeout', async () => {
    const ids = Array.from({ length: IN_LIST_MAX }, (_, i) => i.toString(16).padStart(24, 'f'))
    const like = 'x'.repeat(LIKE_MAX_LENGTH)
    const where = [
      ...Array.from({ length: 6 }, () => [
        'title',
        'NIN',
        Array.from({ length: IN_LIST_MAX }, (_, i) => `t${i}`),
      ]),
      ...Array.from({ length: 6 }, () => ['title', '!=', like]),
      ...Array.from({ length: 4 }, () => ['author', 'NIN', ids]),
      ...Array.from({ length: 4 }, () => ['id', 'NIN', ids]),
    ]
    const select = [
      ...[
        'id',
        'slug',
        'createdAt',
        'updatedAt',
        'publishedAt',
        'title',
        'price',
        'inStock',
        'released',
        'genre',
      ],
      ...[
        'author',
        'cover',
        'place',
        'body',
        'summary',
        'isbn',
        'updated',
        'author.name',
        'author.slug',
        'author.id',
      ],
      ...[
        'author.bio',
        'author.createdAt',
        'author.updatedAt',
        'author.publishedAt',
        'cover.id',
        'cover.url',
      ],
      ...[
        'cover.title',
        'cover.description',
        'cover.altText',
        'cover.caption',
        'cover.mimeType',
        'cover.thumbnailUrl',
      ],
    ]
    const started = performance.now()
    const response = await run({
      collection: 'books',
      select,
      where,
      orderBy: [
        ['title', 'desc'],
        ['price', 'asc'],
        ['released', 'desc'],
      ],
      limit: 200,
      page: 1,
      includeRelations: ['refs', 'media'],
    })
    const elapsed = performance.now() - started
    // On PostgreSQL the statement timeout bounds the database's part; the rest is HTTP and JSON on a
    // shared machine. PGlite cannot cancel a statement (query-timeout.test.ts), so there the time
    // says only how busy the machine is.
    if (process.env.TEST_DATABASE_URL !== undefined) {
      expect(elapsed).toBeLessThan(ctx.config.publicQueryTimeoutMs + 1000)
    }
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.pagination).toEqual({ total: 80, limit: 200, offset: 0, page: 1, pages: 1 })
    expect(response.data.items[0]['author.name']).toBe('Ann')
  })
})

const FIELDS = [
  'id',
  'slug',
  'createdAt',
  'title',
  'price',
  'inStock',
  'released',
  'genre',
  'author',
  'cover',
  'body',
  'status',
  'data.title',
  '__proto__',
  "x' OR 1=1",
]
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -5, max: 30 }),
  fc.boolean(),
  fc.constantFrom(
    '2015-03-12',
    '2026-01-01T00:00:00Z',
    'fiction',
    'poetry',
    '%',
    "'; drop table collections; --",
  ),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
)

describe('POST /api/public/queries/run: fuzz', () => {
  it('never answers 5xx and never returns an unpublished entry or another tenant’s', async () => {
    const query = fc.record(
      {
        where: fc.array(
          fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...OPERATORS, 'eq', '=='), value),
          { maxLength: 4 },
        ),
        orderBy: fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom('asc', 'desc')), {
          maxLength: 3,
        }),
        limit: fc.integer({ min: 1, max: 200 }),
        page: fc.integer({ min: 1, max: 3 }),
        includeRelations: fc.subarray(['refs', 'media']),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(query, async (body) => {
        const response = await run({ collection: 'books', select: ['id', 'slug', 'author.name'], ...body })
        expect([200, 400], response.body).toContain(response.statusCode)
        if (response.statusCode !== 200) return
        for (const item of response.data.items) expect(published.has(item.id), item.id).toBe(true)
      }),
      { seed: 20261123, numRuns: 150 },
    )
  }, 120_000)
})

describe('GET /api/public/collections/{key}: fuzz', () => {
  it('never answers 5xx to generated filters, sorts and searches, and lists published entries of the tenant only', async () => {
    const operand = fc.oneof(
      value,
      fc.dictionary(
        fc.constantFrom('eq', 'ne', 'in', 'nin', 'gt', 'lte', 'like', '$gt', '__proto__'),
        value,
        { maxKeys: 2 },
      ),
    )
    const query = fc.record(
      {
        filter: fc
          .dictionary(fc.constantFrom(...FIELDS), operand, { maxKeys: 3 })
          .map((f) => JSON.stringify(f)),
        sort: fc
          .array(
            fc.tuple(
              fc.constantFrom('', '-'),
              fc.constantFrom(...FIELDS),
              fc.constantFrom('', ':asc', ':desc', ':up'),
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((keys) => keys.map((k) => k.join('')).join(',')),
        q: fc.string({ minLength: 1, maxLength: 20 }),
        limit: fc.integer({ min: 1, max: 200 }),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(query, async (members) => {
        const search = new URLSearchParams(
          Object.entries(members).map(([k, v]): [string, string] => [k, String(v).toWellFormed()]),
        )
        const response = await publicCall(ctx, 'GET', `/collections/books?${search}`, owner.tenantId)
        expect([200, 400], response.body).toContain(response.statusCode)
        if (response.statusCode !== 200) return
        for (const entry of response.data.entries) expect(published.has(entry.id), entry.id).toBe(true)
      }),
      { seed: 20261124, numRuns: 120 },
    )
  }, 120_000)
})
