import { describe, expect, it } from 'vitest'
import { seedCategory, seedTag } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { systemContext } from '../../context.js'
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { createContentsService } from './service.js'

const ctx = useTestContext()

/**
 * A tenant with six contents whose list order (publishedAt desc, unpublished last) is
 * c4, c3, c2, c1, c6, c5. Dates are set through the service's importer option.
 */
async function seedLibrary() {
  const member = await seedTenant(ctx.db)
  const { tenantId } = member
  const cat = {
    news: await seedCategory(ctx.db, tenantId, 'Local News'),
    sport: await seedCategory(ctx.db, tenantId, 'Sport'),
    tech: await seedCategory(ctx.db, tenantId, 'Tech_Stuff'),
  }
  const tag = {
    a: await seedTag(ctx.db, tenantId, 'Elections 2024', 'elections-2024'),
    b: await seedTag(ctx.db, tenantId, 'Football'),
    c: await seedTag(ctx.db, tenantId, '50% Off', 'fifty-off'),
  }
  const service = createContentsService({
    db: ctx.db,
    events: NO_EVENT_SINK,
    html: ctx.app.folio.services.htmlSanitizer,
  })
  const make = async (input: Parameters<typeof service.create>[1], publishedAt?: string) =>
    (
      await service.create(
        systemContext(tenantId, 'test'),
        input,
        publishedAt ? { publishedAt: new Date(publishedAt) } : {},
      )
    ).id
  const published = 'published' as const
  const c1 = await make(
    {
      title: 'Election results',
      summary: 'Votes counted',
      status: published,
      categories: [cat.news],
      tags: [tag.a],
    },
    '2024-01-10T10:00:00Z',
  )
  const c2 = await make(
    {
      title: 'Match report',
      summary: 'The derby ended 2-1',
      status: published,
      categories: [cat.sport],
      tags: [tag.b],
    },
    '2024-01-31T23:59:59Z',
  )
  const c3 = await make(
    { title: '100% pure_fun', summary: 'percent', status: published, categories: [cat.tech], tags: [tag.c] },
    '2024-02-01T00:00:00Z',
  )
  const c4 = await make(
    {
      title: '100 percent pure-fun',
      summary: 'no metacharacters',
      status: published,
      categories: [cat.news, cat.sport],
      tags: [tag.a, tag.b],
    },
    '2024-02-15T12:00:00Z',
  )
  const c5 = await make({ title: 'Draft idea', summary: 'election thoughts', categories: [cat.news] })
  const c6 = await make(
    { title: 'Archived', slug: 'old-news', status: 'archived' },
    '2023-12-31T23:59:59.999Z',
  )
  return { ...member, cat, tag, ids: { c1, c2, c3, c4, c5, c6 } }
}

async function listIds(token: string, query: string): Promise<string[]> {
  const response = await call(ctx.app, 'GET', `/api/contents?${query}`, { token })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.data.pagination.total).toBe(response.data.contents.length)
  return response.data.contents.map((content: { id: string }) => content.id)
}

describe('GET /api/contents filters', () => {
  it('lists every content newest publication first, unpublished last', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, '')).toEqual([ids.c4, ids.c3, ids.c2, ids.c1, ids.c6, ids.c5])
  })

  it('filters by status', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, 'status=published')).toEqual([ids.c4, ids.c3, ids.c2, ids.c1])
    expect(await listIds(token, 'status=draft')).toEqual([ids.c5])
    expect(await listIds(token, 'status=archived')).toEqual([ids.c6])
    expect(await listIds(token, 'status=scheduled')).toEqual([])
  })

  it('searches title and summary substrings case-insensitively, and slugs exactly', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, 'search=RESULTS')).toEqual([ids.c1])
    expect(await listIds(token, 'search=derby')).toEqual([ids.c2])
    expect(await listIds(token, 'search=election')).toEqual([ids.c1, ids.c5])
    expect(await listIds(token, 'search=old-news')).toEqual([ids.c6])
    expect(await listIds(token, 'search=old-ne')).toEqual([])
  })

  it('treats % _ and \\ in search as literal characters', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, `search=${encodeURIComponent('100%')}`)).toEqual([ids.c3])
    expect(await listIds(token, 'search=pure_fun')).toEqual([ids.c3])
    expect(await listIds(token, `search=${encodeURIComponent('%')}`)).toEqual([ids.c3])
    expect(await listIds(token, `search=${encodeURIComponent('\\')}`)).toEqual([])
  })

  it('filters by one category, a comma list of categories, or both (any of them)', async () => {
    const { token, ids, cat } = await seedLibrary()
    expect(await listIds(token, `category=${cat.news}`)).toEqual([ids.c4, ids.c1, ids.c5])
    expect(await listIds(token, `categories=${cat.sport},${cat.tech}`)).toEqual([ids.c4, ids.c3, ids.c2])
    expect(await listIds(token, `category=${cat.news}&categories=${cat.tech}`)).toEqual([
      ids.c4,
      ids.c3,
      ids.c1,
      ids.c5,
    ])
  })

  it('filters by a literal, case-insensitive category name substring', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, 'categoryName=LOCAL')).toEqual([ids.c4, ids.c1, ids.c5])
    expect(await listIds(token, 'categoryName=h_s')).toEqual([ids.c3])
    expect(await listIds(token, 'categoryName=l_n')).toEqual([])
  })

  it('filters by one tag or a comma list of tags', async () => {
    const { token, ids, tag } = await seedLibrary()
    expect(await listIds(token, `tag=${tag.a}`)).toEqual([ids.c4, ids.c1])
    expect(await listIds(token, `tag=${tag.a},${tag.c}`)).toEqual([ids.c4, ids.c3, ids.c1])
  })

  it('filters by tag title substring or exact tag slug', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, 'tagName=FOOT')).toEqual([ids.c4, ids.c2])
    expect(await listIds(token, `tagName=${encodeURIComponent('50%')}`)).toEqual([ids.c3])
    expect(await listIds(token, 'tagName=elections-2024')).toEqual([ids.c4, ids.c1])
    expect(await listIds(token, 'tagName=elections-20')).toEqual([])
  })

  it('filters publishedAt inclusively; a date-only publishedTo covers the whole UTC day', async () => {
    const { token, ids } = await seedLibrary()
    expect(await listIds(token, 'publishedFrom=2024-02-01')).toEqual([ids.c4, ids.c3])
    expect(await listIds(token, 'publishedTo=2024-01-31')).toEqual([ids.c2, ids.c1, ids.c6])
    expect(
      await listIds(token, 'publishedFrom=2024-01-31T23:59:59Z&publishedTo=2024-02-01T00:00:00Z'),
    ).toEqual([ids.c3, ids.c2])
    expect(await listIds(token, 'publishedTo=2024-01-31T23:59:58.999Z')).toEqual([ids.c1, ids.c6])
    expect(await listIds(token, 'status=published&publishedFrom=2024-01-01&publishedTo=2024-01-31')).toEqual([
      ids.c2,
      ids.c1,
    ])
  })
})

describe('GET /api/contents pages and views', () => {
  it('pages with page and limit and reports the totals', async () => {
    const { token, ids } = await seedLibrary()
    const second = await call(ctx.app, 'GET', '/api/contents?limit=2&page=2', { token })
    expect(second.data.contents.map((c: { id: string }) => c.id)).toEqual([ids.c2, ids.c1])
    expect(second.data.pagination).toEqual({ page: 2, limit: 2, total: 6, pages: 3 })
    const beyond = await call(ctx.app, 'GET', '/api/contents?limit=2&page=4', { token })
    expect(beyond.data).toEqual({ contents: [], pagination: { page: 4, limit: 2, total: 6, pages: 3 } })
    const defaults = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(defaults.data.pagination).toEqual({ page: 1, limit: 20, total: 6, pages: 1 })
  })

  it('omits html and lexical in the summary view and includes them in the full view', async () => {
    const { token } = await seedTenant(ctx.db)
    const create = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Body', html: '<p>Body</p>', lexical: { root: {} } },
    })
    const summary = await call(ctx.app, 'GET', '/api/contents?view=summary', { token })
    expect(summary.data.contents[0]).not.toHaveProperty('html')
    expect(summary.data.contents[0]).not.toHaveProperty('lexical')
    const { html: _html, lexical: _lexical, ...rest } = create.data.content
    const { id, locale, title, slug, status, updatedAt } = create.data.content
    const translations = [{ id, locale, title, slug, status, updatedAt }]
    expect(summary.data.contents[0]).toEqual({ ...rest, translations })
    const full = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(full.data.contents[0]).toEqual({ ...create.data.content, translations })
  })

  it.each([
    ['limit=0'],
    ['limit=101'],
    ['page=0'],
    ['page=abc'],
    ['view=compact'],
    ['status=live'],
    ['search='],
    [`search=${'s'.repeat(201)}`],
    [`categoryName=${'n'.repeat(201)}`],
    ['categoryName='],
    [`tagName=${'n'.repeat(201)}`],
    ['category=nope'],
    ['categories=aaaaaaaaaaaaaaaaaaaaaaaa,nope'],
    ['tag=AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['publishedFrom=yesterday'],
    ['publishedTo=2024-02-30'],
    ['sort=title'],
    ['__proto__=x'],
    ['status=published&status=draft'],
  ])('answers 400 for ?%s', async (query) => {
    const { token } = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'GET', `/api/contents?${query}`, { token })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })
})
