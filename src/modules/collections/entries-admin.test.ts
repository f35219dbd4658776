import { describe, expect, it } from 'vitest'
import { createCatalogue, createEntry } from '../../../test/collection-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

describe('entries: list, read, update and delete', () => {
  it('lists every status, or one, with filters, and pages', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    for (const [title, status] of [
      ['A', 'draft'],
      ['B', 'published'],
      ['C', 'archived'],
    ]) {
      await createEntry(ctx, owner.token, 'books', {
        status,
        data: { title, price: (title as string).charCodeAt(0) },
      })
    }
    const get = (query: string) =>
      call(ctx.app, 'GET', `/api/collections/books/entries?${query}`, { token: owner.token })
    const titles = async (query: string) =>
      (await get(query)).data.entries.map((entry: { data: { title: string } }) => entry.data.title)
    expect(await titles('')).toEqual(['A', 'B', 'C'])
    expect(await titles('status=draft')).toEqual(['A'])
    expect(await titles(`filter=${encodeURIComponent('{"price":{"gt":65}}')}&sort=-price`)).toEqual([
      'C',
      'B',
    ])
    const page = await get('limit=1&page=3')
    expect(page.data.pagination).toEqual({ page: 3, limit: 1, total: 3, pages: 3 })
    for (const query of ['limit=201', 'status=deleted', 'tenantId=nope', 'foo=1']) {
      expect((await get(query)).statusCode, query).toBe(400)
    }
  })

  it('merges data on update, clears with null, publishes once and emits events for activities', async () => {
    const owner = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    const entry = await createEntry(ctx, owner.token, 'books', {
      data: { title: 'Dune', price: 9, genre: 'fiction' },
    })
    const put = (body: Record<string, unknown>) =>
      call(ctx.app, 'PUT', `/api/collections/books/entries/${entry.id}`, { token: owner.token, body })
    const merged = await put({ data: { price: 7.5, genre: null } })
    expect(merged.statusCode, merged.body).toBe(200)
    expect(merged.data.entry.data).toEqual({ title: 'Dune', price: 7.5 })
    expect(merged.data.entry.dataLabels).toEqual({})
    const published = await put({ status: 'published', slug: 'Dune Book' })
    expect(published.data.entry).toMatchObject({ status: 'published', slug: 'dune-book' })
    const publishedAt = published.data.entry.publishedAt
    expect(publishedAt).not.toBeNull()
    const again = await put({ status: 'draft' })
    expect(again.data.entry.publishedAt).toBe(publishedAt)
    for (const body of [{}, { data: { price: 'x' } }, { id: 'x' }]) {
      expect((await put(body)).statusCode, JSON.stringify(body)).toBe(400)
    }
    const deleted = await call(ctx.app, 'DELETE', `/api/collections/books/entries/${entry.id}`, {
      token: owner.token,
    })
    expect(deleted.data).toEqual({ success: true })
    expect((await put({ data: { price: 1 } })).statusCode).toBe(404)
    // The relay hands events to the activity log right after each commit: wait for all nine.
    let actions: string[] = []
    for (let attempt = 0; attempt < 50 && actions.length < 9; attempt++) {
      await ctx.app.folio.platform.relay.wake()
      const activities = await call(ctx.app, 'GET', '/api/activities?limit=20', { token: owner.token })
      actions = activities.data.activities.map((activity: { action: string }) => activity.action)
      if (actions.length < 9) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    for (const action of [
      'collection.created',
      'collection-entry.created',
      'collection-entry.updated',
      'collection-entry.published',
      'collection-entry.unpublished',
      'collection-entry.deleted',
    ]) {
      expect(actions, action).toContain(action)
    }
  })

  it("answers 404 with the same body for another tenant's entry ids", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCatalogue(ctx, owner.token)
    await createCatalogue(ctx, other.token)
    const foreign = await createEntry(ctx, other.token, 'books', {
      status: 'published',
      data: { title: 'Theirs' },
    })
    const own = await createEntry(ctx, owner.token, 'authors', { data: { name: 'Mine' } })
    for (const [method, path] of [
      ['GET', `/api/collections/books/entries/${foreign.id}`],
      ['PUT', `/api/collections/books/entries/${foreign.id}`],
      ['DELETE', `/api/collections/books/entries/${foreign.id}`],
      ['GET', `/api/collections/books/entries/${own.id}`],
      ['GET', `/api/collections/books/entries/${'0'.repeat(24)}`],
    ] as const) {
      const response = await call(ctx.app, method, path, {
        token: owner.token,
        ...(method === 'PUT' ? { body: { data: { title: 'Stolen' } } } : {}),
      })
      expect(response.statusCode, `${method} ${path}`).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Entry not found.' })
    }
    const theirs = await call(ctx.app, 'GET', `/api/collections/books/entries/${foreign.id}`, {
      token: other.token,
    })
    expect(theirs.data.entry.data).toEqual({ title: 'Theirs' })
  })
})
