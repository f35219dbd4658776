import { describe, expect, it } from 'vitest'
import { createCatalogue, createEntry } from '../../../test/collection-fixtures.js'
import { call, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'

// API tokens are delivery tokens unless they carry the preview scope, as for contents.
const ctx = useTestContext()

async function catalogueWithEntries() {
  const owner = await seedTenant(ctx.db)
  await createCatalogue(ctx, owner.token)
  const entries: Record<string, { id: string }> = {}
  for (const status of ['draft', 'published', 'archived']) {
    entries[status] = await createEntry(ctx, owner.token, 'books', { status, data: { title: status } })
  }
  return { owner, entries }
}

const titles = async (token: string, query = '') => {
  const response = await call(ctx.app, 'GET', `/api/collections/books/entries${query}`, { token })
  expect(response.statusCode, response.body).toBe(200)
  return {
    titles: response.data.entries.map((entry: { data: { title: string } }) => entry.data.title),
    total: response.data.pagination.total,
  }
}

describe('collection entries read through an API token', () => {
  it('shows a token without the preview scope published entries only', async () => {
    const { owner, entries } = await catalogueWithEntries()
    const delivery = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    expect(await titles(delivery)).toEqual({ titles: ['published'], total: 1 })
    expect(await titles(delivery, '?status=draft')).toEqual({ titles: [], total: 0 })
    expect(await titles(delivery, '?status=archived')).toEqual({ titles: [], total: 0 })
    for (const status of ['draft', 'archived']) {
      const one = await call(ctx.app, 'GET', `/api/collections/books/entries/${entries[status]?.id}`, {
        token: delivery,
      })
      expect(one.statusCode, status).toBe(404)
      expect(one.data.error).toBe('NotFound')
    }
    const published = await call(ctx.app, 'GET', `/api/collections/books/entries/${entries.published?.id}`, {
      token: delivery,
    })
    expect(published.statusCode).toBe(200)
    expect(published.data.entry.data.title).toBe('published')
  })

  it('shows a preview token and a member every status', async () => {
    const { owner, entries } = await catalogueWithEntries()
    const preview = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'viewer',
      scopes: ['read', 'preview'],
    })
    for (const token of [preview, owner.token]) {
      expect(await titles(token)).toEqual({ titles: ['archived', 'draft', 'published'], total: 3 })
      expect(await titles(token, '?status=draft')).toEqual({ titles: ['draft'], total: 1 })
      const draft = await call(ctx.app, 'GET', `/api/collections/books/entries/${entries.draft?.id}`, {
        token,
      })
      expect(draft.statusCode).toBe(200)
    }
  })
})
