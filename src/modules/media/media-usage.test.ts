import { describe, expect, it } from 'vitest'
import { createCatalogue, createEntry, seedMediaItem } from '../../../test/collection-fixtures.js'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const usageOf = (token: string, id: string) => call(ctx.app, 'GET', `/api/media/${id}/usage`, { token })

describe('GET /api/media/{id}/usage', () => {
  it('names the contents, galleries and collection entries that show the item, and nothing else', async () => {
    const owner = await seedTenant(ctx.db)
    const cover = await seedMediaItem(ctx.db, owner.tenantId)
    const other = await seedMediaItem(ctx.db, owner.tenantId)
    const url = `https://cdn.example.test/${cover}.jpg`
    const featured = await createContent(ctx, owner.token, { title: 'B featured', featuredMediaId: cover })
    const inline = await createContent(ctx, owner.token, {
      title: 'A inline',
      status: 'published',
      html: `<p><img src="${url}" alt="cover"></p>`,
    })
    await createContent(ctx, owner.token, { title: 'C unrelated', featuredMediaId: other })
    const gallery = await call(ctx.app, 'POST', '/api/galleries', {
      token: owner.token,
      body: { title: 'Launch', items: [{ mediaId: cover }, { mediaId: other }] },
    })
    expect(gallery.statusCode, gallery.body).toBe(200)
    await createCatalogue(ctx, owner.token)
    const entry = await createEntry(ctx, owner.token, 'books', {
      status: 'draft',
      data: { title: 'Dune', cover },
    })
    await createEntry(ctx, owner.token, 'books', { data: { title: 'Emma', cover: other } })

    const usage = await usageOf(owner.token, cover)
    expect(usage.statusCode, usage.body).toBe(200)
    expect(usage.data.usage).toEqual(
      expect.arrayContaining([
        { kind: 'content', id: inline.id, title: 'A inline', role: 'inline', status: 'published' },
        { kind: 'content', id: featured.id, title: 'B featured', role: 'featured', status: 'draft' },
        { kind: 'gallery', id: gallery.data.gallery.id, title: 'Launch', role: 'item', status: null },
        {
          kind: 'collection-entry',
          id: entry.id,
          title: 'dune',
          role: 'field',
          status: 'draft',
          collectionKey: 'books',
        },
      ]),
    )
    expect(usage.data.usage).toHaveLength(4)

    const unused = await seedMediaItem(ctx.db, owner.tenantId)
    expect((await usageOf(owner.token, unused)).data).toEqual({ usage: [] })
  })

  it('answers 404 for another tenant’s item, 400 for a malformed id, 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const stranger = await seedTenant(ctx.db)
    const theirs = await seedMediaItem(ctx.db, stranger.tenantId)
    expect((await usageOf(owner.token, theirs)).statusCode).toBe(404)
    expect((await usageOf(owner.token, 'aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404)
    expect((await usageOf(owner.token, 'not-an-id')).statusCode).toBe(400)
    const mine = await seedMediaItem(ctx.db, owner.tenantId)
    expect((await call(ctx.app, 'GET', `/api/media/${mine}/usage`)).statusCode).toBe(401)
    // Every role may view media, so a viewer may see where an item is used.
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    expect((await usageOf(viewer.token, mine)).data).toEqual({ usage: [] })
  })
})
