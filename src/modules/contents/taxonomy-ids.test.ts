import { describe, expect, it } from 'vitest'
import { createContent, seedCategory } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

/** Ids and total of a published list page filtered by `query`, through the running app (with its caches). */
async function listed(token: string, query: string) {
  const response = await call(ctx.app, 'GET', `/api/contents?status=published&${query}`, { token })
  expect(response.statusCode, response.body).toBe(200)
  return {
    ids: response.data.contents.map((content: { id: string }) => content.id),
    total: response.data.pagination.total,
  }
}

async function createTag(token: string, title: string): Promise<string> {
  const response = await call(ctx.app, 'POST', '/api/tags', { token, body: { title } })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.tag.id
}

// Names are resolved to ids through a per-tenant cache; these prove a write is seen by the next list.
describe('content lists by tag and category name', () => {
  it('find contents of a tag created after the same name was looked up and missed', async () => {
    const { token } = await seedTenant(ctx.db)
    expect(await listed(token, 'tagName=Harbour')).toEqual({ ids: [], total: 0 })
    const tagId = await createTag(token, 'Harbour Lights')
    const content = await createContent(ctx, token, { title: 'Night', status: 'published', tags: [tagId] })
    expect(await listed(token, 'tagName=harbour')).toEqual({ ids: [content.id], total: 1 })
    expect(await listed(token, 'tagName=Harbour')).toEqual({ ids: [content.id], total: 1 })
    expect(await listed(token, 'tagName=harbour-lights')).toEqual({ ids: [content.id], total: 1 })
  })

  it('follow a category rename: the new name finds its contents, the old one no longer does', async () => {
    const member = await seedTenant(ctx.db)
    const news = await seedCategory(ctx.db, member.tenantId, 'News')
    const content = await createContent(ctx, member.token, {
      title: 'Story',
      status: 'published',
      categories: [news],
    })
    expect(await listed(member.token, 'categoryName=News')).toEqual({ ids: [content.id], total: 1 })
    expect(await listed(member.token, 'categoryName=Headlines')).toEqual({ ids: [], total: 0 })

    const renamed = await call(ctx.app, 'PUT', `/api/categories/${news}`, {
      token: member.token,
      body: { name: 'Headlines' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await listed(member.token, 'categoryName=Headlines')).toEqual({ ids: [content.id], total: 1 })
    expect(await listed(member.token, 'categoryName=News')).toEqual({ ids: [], total: 0 })
  })

  it('follow a category delete and merge', async () => {
    const member = await seedTenant(ctx.db)
    const [sport, world] = await Promise.all(
      ['Sport', 'World'].map((name) => seedCategory(ctx.db, member.tenantId, name)),
    )
    const a = await createContent(ctx, member.token, { title: 'A', status: 'published', categories: [sport] })
    expect(await listed(member.token, 'categoryName=World')).toEqual({ ids: [], total: 0 })
    await call(ctx.app, 'POST', '/api/categories/merge', {
      token: member.token,
      body: { sourceId: sport, targetId: world },
    })
    expect(await listed(member.token, 'categoryName=World')).toEqual({ ids: [a.id], total: 1 })
    expect(await listed(member.token, 'categoryName=Sport')).toEqual({ ids: [], total: 0 })
    await call(ctx.app, 'DELETE', `/api/categories/${world}`, { token: member.token })
    expect(await listed(member.token, 'categoryName=World')).toEqual({ ids: [], total: 0 })
  })

  it('a name matching several tags lists contents carrying any of them, newest first', async () => {
    const { token } = await seedTenant(ctx.db)
    const red = await createTag(token, 'Red Wine')
    const white = await createTag(token, 'White Wine')
    const beer = await createTag(token, 'Beer')
    const older = await createContent(ctx, token, { title: 'Older', status: 'published', tags: [red] })
    const newer = await createContent(ctx, token, {
      title: 'Newer',
      status: 'published',
      tags: [white, beer],
    })
    await createContent(ctx, token, { title: 'Lager', status: 'published', tags: [beer] })
    expect(await listed(token, 'tagName=wine')).toEqual({ ids: [newer.id, older.id], total: 2 })
  })

  it('with both a tag id and a tag name, a content must match each', async () => {
    const { token } = await seedTenant(ctx.db)
    const red = await createTag(token, 'Red Wine')
    const beer = await createTag(token, 'Beer')
    const both = await createContent(ctx, token, { title: 'Both', status: 'published', tags: [red, beer] })
    await createContent(ctx, token, { title: 'Beer only', status: 'published', tags: [beer] })
    expect(await listed(token, `tag=${beer}&tagName=wine`)).toEqual({ ids: [both.id], total: 1 })
    expect(await listed(token, `tag=${red}&tagName=beer`)).toEqual({ ids: [both.id], total: 1 })
  })

  it("never resolves a name to another tenant's tags", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const tagId = await createTag(owner.token, 'Secret Project')
    await createContent(ctx, owner.token, { title: 'Plan', status: 'published', tags: [tagId] })
    expect(await listed(other.token, 'tagName=secret')).toEqual({ ids: [], total: 0 })
    expect((await listed(owner.token, 'tagName=secret')).total).toBe(1)
  })
})
