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
import { NO_EVENT_SINK, transactional } from '../../events/event-log.js'
import { defaultSettings } from '../tenant-settings/index.js'
import { createTagsService } from './service.js'

const ctx = useTestContext()
/** The settings of a tenant that set none: one locale, en. */
const DEFAULT_SETTINGS = { get: async (tenantId: string) => defaultSettings(tenantId) }

async function createTag(member: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/tags', { token: member.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.tag as { id: string; title: string; slug: string }
}

async function listTitles(member: SeededMember, query = '') {
  const response = await call(ctx.app, 'GET', `/api/tags?${query}`, { token: member.token })
  expect(response.statusCode, response.body).toBe(200)
  return (response.data.tags as Array<{ title: string }>).map((tag) => tag.title)
}

describe('POST /api/tags', () => {
  it('creates a tag with a slug from the title and answers 200 { tag }', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/tags', {
      token: owner.token,
      body: { title: ' Open Source ' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({
      tag: {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        title: 'Open Source',
        slug: 'open-source',
        translations: {},
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    })
  })

  it('normalizes an explicit slug and keeps unicode and SQL metacharacters as data', async () => {
    const owner = await seedTenant(ctx.db)
    expect(await createTag(owner, { title: 'Şehir', slug: 'My Custom Slug' })).toMatchObject({
      title: 'Şehir',
      slug: 'my-custom-slug',
    })
    expect(await createTag(owner, { title: "Robert'); DROP TABLE tags;--" })).toMatchObject({
      title: "Robert'); DROP TABLE tags;--",
      slug: 'robert-drop-table-tags',
    })
    expect(await createTag(owner, { title: 'Çay Ocağı' })).toMatchObject({ slug: 'cay-ocagi' })
  })

  it('answers 409 SlugConflict for the same title twice or a taken explicit slug, per tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createTag(owner, { title: 'News' })
    for (const body of [{ title: 'News' }, { title: 'NEWS!' }, { title: 'Other', slug: 'news' }]) {
      const response = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body })
      expect(response.statusCode).toBe(409)
      expect(response.data).toEqual({ error: 'SlugConflict', message: 'The slug "news" is already in use.' })
    }
    expect((await createTag(other, { title: 'News' })).slug).toBe('news')
    expect(await listTitles(owner)).toEqual(['News'])
  })

  it('rejects invalid bodies with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const body of [
      {},
      { title: '' },
      { title: '  ' },
      { title: 'x'.repeat(201) },
      { title: 'A', slug: '' },
      { title: 'A', slug: 'x'.repeat(241) },
      { title: 'A', slug: '***' },
      { title: '***' },
      { title: 'A', color: 'red' },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
    // A slug derived from the title names the title when nothing sluggable is left.
    const unsluggable = await call(ctx.app, 'POST', '/api/tags', {
      token: owner.token,
      body: { title: '***' },
    })
    expect(unsluggable.data).toMatchObject({
      message: 'title must contain at least one letter or digit.',
      details: [{ path: '/title', message: 'has no letters or digits' }],
    })
    expect(await listTitles(owner)).toEqual([])
  })

  it('lets authors create tags and answers 403 to viewers and read-only tokens, 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    expect((await createTag(author, { title: 'By author' })).slug).toBe('by-author')
    for (const token of [viewer.token, readToken]) {
      const response = await call(ctx.app, 'POST', '/api/tags', { token, body: { title: 'Nope' } })
      expect(response.statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'POST', '/api/tags', { body: { title: 'Anon' } })).statusCode).toBe(401)
    expect(await listTitles(owner)).toEqual(['By author'])
  })
})

describe('GET /api/tags', () => {
  it('lists tags by title with pagination (default limit 20)', async () => {
    const owner = await seedTenant(ctx.db)
    for (const title of ['Gamma', 'Alpha', 'Beta']) await createTag(owner, { title })
    const response = await call(ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(response.data.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 })
    expect(await listTitles(owner)).toEqual(['Alpha', 'Beta', 'Gamma'])

    const page = await call(ctx.app, 'GET', '/api/tags?limit=2&page=2', { token: owner.token })
    expect(page.data.tags.map((tag: { title: string }) => tag.title)).toEqual(['Gamma'])
    expect(page.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 })
  })

  it('searches titles case-insensitively and literally: % and _ are not wildcards', async () => {
    const owner = await seedTenant(ctx.db)
    for (const title of ['50 off', 'snake_case', 'snakeXcase', 'Ünlü']) await createTag(owner, { title })
    await createTag(owner, { title: '50% off', slug: 'half-price' })
    expect(await listTitles(owner, 'search=%25')).toEqual(['50% off'])
    expect(await listTitles(owner, 'search=_')).toEqual(['snake_case'])
    expect(await listTitles(owner, 'search=OFF')).toEqual(['50 off', '50% off'])
    expect(await listTitles(owner, `search=${encodeURIComponent("'")}`)).toEqual([])
    expect(await listTitles(owner, `search=${encodeURIComponent('nlü')}`)).toEqual(['Ünlü'])
  })

  it("filters by ids (one, repeated, comma-separated) and never returns another tenant's tags", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const a = await createTag(owner, { title: 'A' })
    const b = await createTag(owner, { title: 'B' })
    const c = await createTag(owner, { title: 'C' })
    const foreign = await createTag(other, { title: 'Foreign' })
    expect(await listTitles(owner, `ids=${b.id}`)).toEqual(['B'])
    expect(await listTitles(owner, `ids=${a.id}&ids=${c.id}`)).toEqual(['A', 'C'])
    expect(await listTitles(owner, `ids=${a.id},${c.id},${foreign.id}`)).toEqual(['A', 'C'])
    expect(await listTitles(owner, `ids=${foreign.id}`)).toEqual([])
    expect(await listTitles(owner, 'search=Foreign')).toEqual([])
  })

  it('lets viewers list and rejects unknown or out-of-range query parameters with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    await createTag(owner, { title: 'Visible' })
    expect(await listTitles(viewer)).toEqual(['Visible'])
    for (const query of ['sort=title', '__proto__=1', 'limit=101', 'limit=0', 'page=0', 'search=', 'ids=1']) {
      const response = await call(ctx.app, 'GET', `/api/tags?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
    expect((await call(ctx.app, 'GET', '/api/tags')).statusCode).toBe(401)
  })
})

describe('PUT /api/tags/{id}', () => {
  it('renames the title and keeps the slug; an explicit slug is normalized; 409 on a taken slug', async () => {
    const owner = await seedTenant(ctx.db)
    const news = await createTag(owner, { title: 'News' })
    await createTag(owner, { title: 'Sport' })
    const renamed = await call(ctx.app, 'PUT', `/api/tags/${news.id}`, {
      token: owner.token,
      body: { title: ' World news ' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.data.tag).toMatchObject({ id: news.id, title: 'World news', slug: 'news' })
    const slugged = await call(ctx.app, 'PUT', `/api/tags/${news.id}`, {
      token: owner.token,
      body: { slug: 'World News' },
    })
    expect(slugged.data.tag).toMatchObject({ title: 'World news', slug: 'world-news' })
    const taken = await call(ctx.app, 'PUT', `/api/tags/${news.id}`, {
      token: owner.token,
      body: { title: 'Sport?', slug: 'sport' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.data).toEqual({ error: 'SlugConflict', message: 'The slug "sport" is already in use.' })
    expect(await listTitles(owner)).toEqual(['Sport', 'World news'])
  })

  it('answers 400 for an empty or unknown body, 404 for another tenant’s tag, 403 to authors', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const tag = await createTag(owner, { title: 'Kept' })
    for (const body of [{}, { title: ' ' }, { slug: '***' }, { color: 'red' }]) {
      const response = await call(ctx.app, 'PUT', `/api/tags/${tag.id}`, { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const foreign = await call(ctx.app, 'PUT', `/api/tags/${tag.id}`, {
      token: other.token,
      body: { title: 'Taken over' },
    })
    expect(foreign.statusCode).toBe(404)
    const byAuthor = await call(ctx.app, 'PUT', `/api/tags/${tag.id}`, {
      token: author.token,
      body: { title: 'By author' },
    })
    expect(byAuthor.statusCode).toBe(403)
    expect(await listTitles(owner)).toEqual(['Kept'])
  })
})

describe('DELETE /api/tags/{id}', () => {
  it('deletes the tag, takes it off its contents, and answers 404 the second time', async () => {
    const owner = await seedTenant(ctx.db)
    const gone = await createTag(owner, { title: 'Gone' })
    const kept = await createTag(owner, { title: 'Kept' })
    const created = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Tagged', tags: [gone.id, kept.id] },
    })
    expect(created.statusCode, created.body).toBe(200)
    const deleted = await call(ctx.app, 'DELETE', `/api/tags/${gone.id}`, { token: owner.token })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.data).toEqual({ success: true })
    expect(await listTitles(owner)).toEqual(['Kept'])
    const content = await call(ctx.app, 'GET', `/api/contents/${created.data.content.id}`, {
      token: owner.token,
    })
    expect(content.data.content.tags).toEqual([kept.id])
    const again = await call(ctx.app, 'DELETE', `/api/tags/${gone.id}`, { token: owner.token })
    expect(again.statusCode).toBe(404)
  })

  it('answers 404 for another tenant’s tag and 403 to authors, deleting nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const tag = await createTag(owner, { title: 'Kept' })
    expect((await call(ctx.app, 'DELETE', `/api/tags/${tag.id}`, { token: other.token })).statusCode).toBe(
      404,
    )
    expect((await call(ctx.app, 'DELETE', `/api/tags/${tag.id}`, { token: author.token })).statusCode).toBe(
      403,
    )
    expect(await listTitles(owner)).toEqual(['Kept'])
  })
})

describe('tags service (used by the importer)', () => {
  it('creates and finds tags by slug inside a caller’s unit of work', async () => {
    const owner = await seedTenant(ctx.db)
    const context = systemContext(owner.tenantId, 'test')
    const heard: string[] = []
    const write = transactional(ctx.db, {
      committed: (events) => heard.push(...events.map((event) => event.type)),
    })
    const service = createTagsService({ db: ctx.db, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS })
    const found = await write(context, async (tx, emit) => {
      const item = { ...context, unitOfWork: { tx, emit } }
      await service.create(item, { title: 'Imported' })
      return service.getBySlug(item, 'imported')
    })
    expect(found).toMatchObject({ title: 'Imported', slug: 'imported' })
    // The tag's event was heard with the caller's commit, not by the service's own sink.
    expect(heard).toEqual(['tag.created'])
    expect(await service.getBySlug(context, 'missing')).toBeUndefined()
    const other = await seedTenant(ctx.db)
    expect(await service.getBySlug(systemContext(other.tenantId, 'test'), 'imported')).toBeUndefined()
  })
})
