import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedMedia, seedTag } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { media, tenantSettings } from '../../db/schema/index.js'
import { PublicContentSchema } from './public-schemas.js'
import { publicSummaryFields } from './public-statements.js'

const ctx = useTestContext()

const read = (tenantId: string, path: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/public/contents${path}`, { headers: { 'x-tenant-id': tenantId, ...headers } })

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

/** A published post with a category, two tags, a featured image with a variant, and custom fields. */
async function richPost(owner: SeededMember) {
  const response = await call(ctx.app, 'POST', '/api/custom-field-definitions', {
    token: owner.token,
    body: { key: 'subtitle', label: 'Subtitle', type: 'text' },
  })
  expect(response.statusCode, response.body).toBe(200)
  const secret = await call(ctx.app, 'POST', '/api/custom-field-definitions', {
    token: owner.token,
    body: { key: 'internal_note', label: 'Note', type: 'text', public: false },
  })
  expect(secret.statusCode, secret.body).toBe(200)
  const category = await seedCategory(ctx.db, owner.tenantId, 'News')
  const tags = [
    await seedTag(ctx.db, owner.tenantId, 'Zebra', 'zebra'),
    await seedTag(ctx.db, owner.tenantId, 'Apple', 'apple'),
  ]
  const image = await seedMedia(ctx.db, owner.tenantId)
  const variant = {
    name: 'small',
    key: 'k',
    url: 'https://example.test/a-small.webp',
    width: 320,
    height: 240,
    size: 10,
    mimeType: 'image/webp',
  }
  await ctx.db
    .update(media)
    .set({ altText: 'A cat', width: 1280, height: 960, variants: [variant] })
    .where(eq(media.id, image))
  const post = await createContent(ctx, owner.token, {
    title: 'Hello world',
    summary: 'First',
    html: '<p>Hi</p>',
    status: 'published',
    authorName: 'Ada',
    categories: [category],
    tags,
    featuredMediaId: image,
    customFields: { subtitle: 'Sub', internal_note: 'do not show' },
  })
  return { post, category, image }
}

describe('GET /api/public/contents/slug/{slug}', () => {
  it('answers a published content with names, media URLs, public fields and no internal members', async () => {
    const owner = await seedTenant(ctx.db)
    const { post } = await richPost(owner)
    const response = await read(owner.tenantId, '/slug/hello-world')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.content).toEqual({
      id: post.id,
      locale: 'en',
      alternates: [],
      slug: 'hello-world',
      title: 'Hello world',
      summary: 'First',
      type: 'post',
      parentId: null,
      order: 0,
      publishedAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      authorName: 'Ada',
      categories: [{ name: 'News', slug: expect.stringMatching(/^news-/) }],
      tags: [
        { name: 'Apple', slug: 'apple' },
        { name: 'Zebra', slug: 'zebra' },
      ],
      featuredMedia: {
        url: 'https://example.test/a.jpg',
        altText: 'A cat',
        width: 1280,
        height: 960,
        variants: [
          {
            name: 'small',
            url: 'https://example.test/a-small.webp',
            width: 320,
            height: 240,
            mimeType: 'image/webp',
          },
        ],
      },
      customFields: { subtitle: 'Sub' },
      html: '<p>Hi</p>',
      lexical: null,
    })
  })

  it('projects exactly the members of the public schema', () => {
    const keys = Object.keys(PublicContentSchema.properties).sort()
    expect(keys).toEqual(
      [...Object.keys(publicSummaryFields('default')), 'html', 'lexical', 'galleries'].sort(),
    )
  })

  it('never serves a draft, scheduled or archived content, nor another tenant’s', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createContent(ctx, owner.token, { title: 'Draft', status: 'draft' })
    await createContent(ctx, owner.token, {
      title: 'Later',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    await createContent(ctx, owner.token, { title: 'Old', status: 'archived' })
    await createContent(ctx, other.token, { title: 'Theirs', status: 'published' })
    for (const slug of ['draft', 'later', 'old']) {
      const response = await read(owner.tenantId, `/slug/${slug}`)
      expect(response.statusCode, slug).toBe(404)
      expect(response.data.error).toBe('NotFound')
    }
    expect((await read(owner.tenantId, '/slug/theirs')).statusCode).toBe(404)
    expect((await read(other.tenantId, '/slug/theirs')).statusCode).toBe(200)
    const list = await read(owner.tenantId, '')
    expect(list.data.contents).toEqual([])
    expect(list.data.pagination.total).toBe(0)
  })

  it('leaves html and lexical out for view=summary and adds galleries when asked', async () => {
    const owner = await seedTenant(ctx.db)
    const { post, image } = await richPost(owner)
    const gallery = await call(ctx.app, 'POST', '/api/galleries', {
      token: owner.token,
      body: { title: 'Trip', items: [{ mediaId: image, caption: 'Sea' }] },
    })
    expect(gallery.statusCode, gallery.body).toBe(200)
    const link = await call(ctx.app, 'PUT', `/api/contents/${post.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [gallery.data.gallery.id] },
    })
    expect(link.statusCode, link.body).toBe(200)
    const summary = (await read(owner.tenantId, '/slug/hello-world?view=summary')).data.content
    expect(summary.html).toBeUndefined()
    expect(summary.lexical).toBeUndefined()
    expect(summary.galleries).toBeUndefined()
    const withGalleries = (await read(owner.tenantId, '/slug/hello-world?include=galleries')).data.content
    expect(withGalleries.galleries).toEqual([
      {
        title: 'Trip',
        description: '',
        items: [
          {
            title: '',
            caption: 'Sea',
            media: expect.objectContaining({ url: 'https://example.test/a.jpg', altText: 'A cat' }),
          },
        ],
      },
    ])
  })
})

describe('GET /api/public/contents', () => {
  it('filters by type, parent, category, tag, names and search, and sorts', async () => {
    const owner = await seedTenant(ctx.db)
    const { category } = await richPost(owner)
    const about = await createContent(ctx, owner.token, {
      title: 'About',
      type: 'page',
      status: 'published',
      order: 2,
    })
    await createContent(ctx, owner.token, {
      title: 'Team',
      type: 'page',
      status: 'published',
      parentId: about.id,
      order: 1,
    })
    await createContent(ctx, owner.token, { title: 'Contact', type: 'page', status: 'published', order: 1 })
    const titles = async (query: string) => {
      const response = await read(owner.tenantId, query)
      expect(response.statusCode, response.body).toBe(200)
      return response.data.contents.map((content: { title: string }) => content.title)
    }
    expect(await titles('?type=page&sort=order')).toEqual(['Contact', 'Team', 'About'])
    expect(await titles('?type=page&sort=title')).toEqual(['About', 'Contact', 'Team'])
    expect(await titles('?type=page&parent=none&sort=order')).toEqual(['Contact', 'About'])
    expect(await titles(`?parent=${about.id}`)).toEqual(['Team'])
    expect(await titles('?type=post')).toEqual(['Hello world'])
    expect(await titles(`?category=${category}`)).toEqual(['Hello world'])
    expect(await titles('?categoryName=new')).toEqual(['Hello world'])
    expect(await titles('?categoryName=nothing')).toEqual([])
    expect(await titles('?tagName=apple')).toEqual(['Hello world'])
    expect(await titles('?search=conta')).toEqual(['Contact'])
    expect((await titles('')).length).toBe(4)
    const page = await read(owner.tenantId, '?type=page&sort=title&limit=2&page=2&view=summary')
    expect(page.data.contents.map((c: { title: string }) => c.title)).toEqual(['Team'])
    expect(page.data.contents[0].html).toBeUndefined()
    expect(page.data.pagination).toMatchObject({ page: 2, limit: 2, total: 3 })
  })

  it('refuses limits outside 1..100 and unknown parameters (400)', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?sort=id',
      '?parent=root',
      '?type=Post',
      '?status=draft',
    ]) {
      const response = await read(owner.tenantId, query)
      expect(response.statusCode, query).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
    expect((await read(owner.tenantId, '?limit=100')).statusCode).toBe(200)
  })

  it('hides private custom fields and does not search in them', async () => {
    const owner = await seedTenant(ctx.db)
    await call(ctx.app, 'POST', '/api/custom-field-definitions', {
      token: owner.token,
      body: { key: 'secret', label: 'Secret', type: 'text', public: false, searchable: true },
    })
    await createContent(ctx, owner.token, {
      title: 'Plain',
      status: 'published',
      customFields: { secret: 'hidden-word' },
    })
    const listed = await read(owner.tenantId, '')
    expect(listed.data.contents[0].customFields).toEqual({})
    expect((await read(owner.tenantId, '?search=hidden-word')).data.contents).toEqual([])
  })

  it('publishes a custom field only while a public definition names its key: deleting a private one publishes nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const define = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', '/api/custom-field-definitions', { token: owner.token, body })
    await define({ key: 'shown', label: 'Shown', type: 'text' })
    const secret = await define({ key: 'secret', label: 'Secret', type: 'text', public: false })
    expect(secret.statusCode, secret.body).toBe(200)
    await createContent(ctx, owner.token, {
      title: 'Allow-listed',
      slug: 'allow-listed',
      status: 'published',
      customFields: { shown: 'yes', secret: 'hidden-word', free: 'no definition' },
    })
    const removed = await call(
      ctx.app,
      'DELETE',
      `/api/custom-field-definitions/${secret.data.definition.id}`,
      {
        token: owner.token,
      },
    )
    expect(removed.statusCode, removed.body).toBe(200)
    const listed = await read(owner.tenantId, '')
    expect(listed.data.contents[0].customFields).toEqual({ shown: 'yes' })
    const bySlug = await read(owner.tenantId, '/slug/allow-listed')
    expect(bySlug.data.content.customFields).toEqual({ shown: 'yes' })
  })
})

describe('GET /api/public/contents/tree', () => {
  it('nests published pages by parent, each level by order then title, without unpublished branches', async () => {
    const owner = await seedTenant(ctx.db)
    const page = (title: string, extra: Record<string, unknown> = {}) =>
      createContent(ctx, owner.token, { title, type: 'page', status: 'published', ...extra })
    const about = await page('About', { order: 1 })
    await page('Home', { order: 0 })
    await page('Team', { parentId: about.id, order: 5 })
    const history = await page('History', { parentId: about.id, order: 5 })
    await page('Founding', { parentId: history.id })
    const hidden = await page('Hidden', { status: 'draft', order: 3 })
    await page('Under hidden', { parentId: hidden.id })
    const orphan = await read(owner.tenantId, '/slug/under-hidden')
    expect(orphan.data.content.parentId).toBeNull()
    expect((await read(owner.tenantId, '/slug/founding')).data.content.parentId).toBe(history.id)
    await createContent(ctx, owner.token, { title: 'A post', status: 'published' })
    const response = await read(owner.tenantId, '/tree?type=page')
    expect(response.statusCode, response.body).toBe(200)
    const shape = (nodes: { title: string; children: unknown[] }[]): unknown[] =>
      nodes.map((node) =>
        node.children.length === 0
          ? node.title
          : [node.title, shape(node.children as { title: string; children: unknown[] }[])],
      )
    expect(response.data.type).toBe('page')
    expect(shape(response.data.tree)).toEqual(['Home', ['About', [['History', ['Founding']], 'Team']]])
    expect(response.data.tree[1]).toMatchObject({ id: about.id, slug: 'about', title: 'About', order: 1 })
    expect((await read(owner.tenantId, '/tree')).data.tree.length).toBe(2)
    expect(
      (await read(owner.tenantId, '/tree?type=post')).data.tree.map((n: { title: string }) => n.title),
    ).toEqual(['A post'])
    expect((await read(owner.tenantId, '/tree?type=Bad')).statusCode).toBe(400)
  })
})

describe('edge policy on public contents', () => {
  async function tenantWith(edgeGateway: Record<string, unknown>) {
    const owner = await seedTenant(ctx.db)
    await ctx.db.insert(tenantSettings).values({ tenantId: owner.tenantId, edgeGateway })
    await createContent(ctx, owner.token, { title: 'Hello', status: 'published' })
    return owner
  }

  it('answers 403 when public reads are off or the origin is not allowed, and reflects allowed origins', async () => {
    const closed = await tenantWith({ publicReadEnabled: false })
    for (const path of ['', '/slug/hello', '/tree']) {
      expect((await read(closed.tenantId, path)).statusCode, path).toBe(403)
    }
    const open = await tenantWith({ allowedOrigins: ['https://site.example.com'] })
    const refused = await read(open.tenantId, '/slug/hello', { origin: 'https://evil.example' })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const allowed = await read(open.tenantId, '/slug/hello', { origin: 'https://site.example.com' })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://site.example.com')
    expect((await call(ctx.app, 'GET', '/api/public/contents')).statusCode).toBe(400)
  })

  it('allows a CORS preflight from an allowed origin and refuses one from another', async () => {
    const owner = await tenantWith({ allowedOrigins: ['https://site.example.com'] })
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/public/contents?type=page',
        headers: {
          origin,
          'x-tenant-id': owner.tenantId,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-tenant-id',
        },
      })
    const allowed = await preflight('https://site.example.com')
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://site.example.com')
    const refused = await preflight('https://evil.example')
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
  })
})
