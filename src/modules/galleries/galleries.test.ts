import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

async function external(member: SeededMember, title: string) {
  const response = await call(ctx.app, 'POST', '/api/media/external', {
    token: member.token,
    body: { url: `https://cdn.example.test/${title}.jpg`, title },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.media.id as string
}

async function createGallery(member: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/galleries', { token: member.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.gallery
}

const itemsOf = (gallery: { items: Array<{ mediaId: string; order: number; caption: string }> }) =>
  gallery.items.map((item) => [item.mediaId, item.order, item.caption])

describe('galleries', () => {
  it('creates a gallery with items sorted by order, each with its media record', async () => {
    const owner = await seedTenant(ctx.db)
    const [a, b, c] = [await external(owner, 'A'), await external(owner, 'B'), await external(owner, 'C')]
    const gallery = await createGallery(owner, {
      title: 'Trip',
      description: 'Summer',
      items: [
        { mediaId: a, order: 5, caption: 'a' },
        { mediaId: b, caption: 'b' },
        { mediaId: c, order: 0, title: 'Sea', caption: 'c' },
        { mediaId: a, order: 9, caption: 'a again' },
      ],
    })
    expect(gallery).toMatchObject({ title: 'Trip', description: 'Summer', contentIds: [] })
    expect(itemsOf(gallery)).toEqual([
      [c, 0, 'c'],
      [b, 1, 'b'],
      [a, 2, 'a'],
      [a, 3, 'a again'],
    ])
    expect(gallery.items[0]).toMatchObject({
      title: 'Sea',
      media: { id: c, title: 'C', sourceType: 'external' },
    })
    const read = await call(ctx.app, 'GET', `/api/galleries/${gallery.id}`, { token: owner.token })
    expect(read.data.gallery).toEqual(gallery)
  })

  it('replaces items in order on PUT, keeps them when items is absent, and deletes', async () => {
    const owner = await seedTenant(ctx.db)
    const [a, b] = [await external(owner, 'A'), await external(owner, 'B')]
    const gallery = await createGallery(owner, { title: 'G', items: [{ mediaId: a }] })
    const renamed = await call(ctx.app, 'PUT', `/api/galleries/${gallery.id}`, {
      token: owner.token,
      body: { title: 'Renamed' },
    })
    expect(renamed.data.gallery.title).toBe('Renamed')
    expect(itemsOf(renamed.data.gallery)).toEqual([[a, 0, '']])
    const replaced = await call(ctx.app, 'PUT', `/api/galleries/${gallery.id}`, {
      token: owner.token,
      body: { items: [{ mediaId: b, caption: 'first' }, { mediaId: a }] },
    })
    expect(itemsOf(replaced.data.gallery)).toEqual([
      [b, 0, 'first'],
      [a, 1, ''],
    ])
    const deleted = await call(ctx.app, 'DELETE', `/api/galleries/${gallery.id}`, { token: owner.token })
    expect(deleted.data).toEqual({ success: true })
    expect(
      (await call(ctx.app, 'GET', `/api/galleries/${gallery.id}`, { token: owner.token })).statusCode,
    ).toBe(404)
    expect((await call(ctx.app, 'GET', `/api/media/${a}`, { token: owner.token })).statusCode).toBe(200)
  })

  it('refuses invalid bodies and media of another tenant with 400, changing nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await external(other, 'F')
    const mine = await external(owner, 'M')
    for (const body of [
      {},
      { title: '' },
      { title: 'x', items: [{ mediaId: 'nope' }] },
      { title: 'x', items: [{ mediaId: mine, order: -1 }] },
      { title: 'x', items: [{ mediaId: mine, extra: 1 }] },
      { title: 'x', items: [{ mediaId: mine }, { mediaId: foreign }] },
      { title: 'x', linkedContentIds: [] },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/galleries', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const response = await call(ctx.app, 'POST', '/api/galleries', {
      token: owner.token,
      body: { title: 'x', items: [{ mediaId: mine }, { mediaId: foreign }] },
    })
    expect(response.data.message).toBe('items/1/mediaId names no media of this tenant.')
    expect((await call(ctx.app, 'GET', '/api/galleries', { token: owner.token })).data.galleries).toEqual([])
  })

  it('lists newest first with search and pagination, never another tenant’s', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createGallery(owner, { title: 'Alpha 100%' })
    await createGallery(owner, { title: 'Beta', description: 'has 100 photos' })
    await createGallery(other, { title: 'Alpha foreign' })
    const list = async (query: string) =>
      (await call(ctx.app, 'GET', `/api/galleries?${query}`, { token: owner.token })).data
    expect((await list('')).galleries.map((g: { title: string }) => g.title)).toEqual(['Beta', 'Alpha 100%'])
    expect((await list('search=100%25')).galleries.map((g: { title: string }) => g.title)).toEqual([
      'Alpha 100%',
    ])
    expect((await list('search=alpha')).galleries).toHaveLength(1)
    expect((await list('limit=1&page=2')).pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    for (const query of ['limit=101', 'page=0', 'contentId=x', 'status=draft']) {
      const response = await call(ctx.app, 'GET', `/api/galleries?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
  })
})

describe('PUT /api/contents/{id}/galleries', () => {
  it('links galleries in order, shows galleryIds on the content and filters galleries by contentId', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Story' })
    const [g1, g2, g3] = [
      await createGallery(owner, { title: 'One' }),
      await createGallery(owner, { title: 'Two' }),
      await createGallery(owner, { title: 'Three' }),
    ]
    const link = await call(ctx.app, 'PUT', `/api/contents/${content.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [g3.id, g1.id] },
    })
    expect(link.statusCode, link.body).toBe(200)
    expect(
      link.data.galleries.map((g: { id: string; contentIds: string[] }) => [g.id, g.contentIds]),
    ).toEqual([
      [g3.id, [content.id]],
      [g1.id, [content.id]],
    ])
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(read.data.content.galleryIds).toEqual([g3.id, g1.id])
    const listed = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
    expect(listed.data.contents[0].galleryIds).toEqual([g3.id, g1.id])
    const filtered = await call(ctx.app, 'GET', `/api/galleries?contentId=${content.id}`, {
      token: owner.token,
    })
    expect(filtered.data.galleries.map((g: { id: string }) => g.id).sort()).toEqual([g1.id, g3.id].sort())

    await call(ctx.app, 'PUT', `/api/contents/${content.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [g2.id] },
    })
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })).data.content
        .galleryIds,
    ).toEqual([g2.id])
    await call(ctx.app, 'DELETE', `/api/galleries/${g2.id}`, { token: owner.token })
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })).data.content
        .galleryIds,
    ).toEqual([])
  })

  it("answers 404 for another tenant's content and 400 for another tenant's gallery, linking nothing", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const mine = await createContent(ctx, owner.token, { title: 'Mine' })
    const theirs = await createContent(ctx, other.token, { title: 'Theirs' })
    const myGallery = await createGallery(owner, { title: 'G' })
    const theirGallery = await createGallery(other, { title: 'T' })
    const cross = await call(ctx.app, 'PUT', `/api/contents/${theirs.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [myGallery.id] },
    })
    const absent = await call(ctx.app, 'PUT', `/api/contents/${'d'.repeat(24)}/galleries`, {
      token: owner.token,
      body: { galleryIds: [myGallery.id] },
    })
    expect(cross.statusCode).toBe(404)
    expect(cross.data).toEqual(absent.data)
    const foreignGallery = await call(ctx.app, 'PUT', `/api/contents/${mine.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [myGallery.id, theirGallery.id] },
    })
    expect(foreignGallery.statusCode).toBe(400)
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${mine.id}`, { token: owner.token })).data.content
        .galleryIds,
    ).toEqual([])
    for (const body of [{}, { galleryIds: 'x' }, { galleryIds: [myGallery.id, myGallery.id] }]) {
      const response = await call(ctx.app, 'PUT', `/api/contents/${mine.id}/galleries`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('galleries: isolation, permissions and media deletion', () => {
  it("answers another tenant's gallery exactly like a missing one", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const theirs = await createGallery(other, { title: 'Theirs' })
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { title: 'Mine' }],
      ['DELETE', undefined],
    ] as const) {
      const cross = await call(ctx.app, method, `/api/galleries/${theirs.id}`, { token: owner.token, body })
      const absent = await call(ctx.app, method, `/api/galleries/${'c'.repeat(24)}`, {
        token: owner.token,
        body,
      })
      expect(cross.statusCode, method).toBe(404)
      expect(cross.data).toEqual(absent.data)
    }
    expect(
      (await call(ctx.app, 'GET', `/api/galleries/${theirs.id}`, { token: other.token })).data.gallery.title,
    ).toBe('Theirs')
  })

  it('lets viewers read only and needs credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const gallery = await createGallery(owner, { title: 'G' })
    expect(
      (await call(ctx.app, 'GET', `/api/galleries/${gallery.id}`, { token: viewer.token })).statusCode,
    ).toBe(200)
    for (const [method, url, body] of [
      ['POST', '/api/galleries', { title: 'x' }],
      ['PUT', `/api/galleries/${gallery.id}`, { title: 'x' }],
      ['DELETE', `/api/galleries/${gallery.id}`, undefined],
    ] as const) {
      expect((await call(ctx.app, method, url, { token: viewer.token, body })).statusCode).toBe(403)
      expect((await call(ctx.app, method, url, { body })).statusCode).toBe(401)
    }
  })

  it('takes deleted media out of galleries with a gallery.updated activity', async () => {
    const owner = await seedTenant(ctx.db)
    const [a, b] = [await external(owner, 'A'), await external(owner, 'B')]
    const gallery = await createGallery(owner, {
      title: 'Holiday',
      items: [{ mediaId: a }, { mediaId: b }, { mediaId: a }],
    })
    expect((await call(ctx.app, 'DELETE', `/api/media/${a}`, { token: owner.token })).statusCode).toBe(200)
    const read = await call(ctx.app, 'GET', `/api/galleries/${gallery.id}`, { token: owner.token })
    expect(itemsOf(read.data.gallery)).toEqual([[b, 0, '']])
    let activities: Array<{ action: string; description: string }> = []
    for (
      let attempt = 0;
      attempt < 250 && !activities.some((x) => x.action === 'gallery.updated');
      attempt++
    ) {
      await ctx.app.folio.platform.relay.wake()
      activities = (await call(ctx.app, 'GET', '/api/activities', { token: owner.token })).data.activities
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const updated = activities.find((activity) => activity.action === 'gallery.updated')
    expect(updated?.description).toContain('updated the gallery “Holiday”')
    expect(activities.map((activity) => activity.action)).toContain('media.deleted')
  })
})
