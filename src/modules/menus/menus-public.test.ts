import { describe, expect, it } from 'vitest'
import { createContent, seedCategory } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { menuFixtures, shape } from '../../../test/menu-fixtures.js'
import { tenantSettings } from '../../db/schema/index.js'

const ctx = useTestContext()
const { createMenu, addItem } = menuFixtures(ctx)

const read = (tenantId: string, path: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/public/menus/${path}`, { headers: { 'x-tenant-id': tenantId, ...headers } })

/** An active header menu: Home, Blog(Published post, Draft post), News category, Hidden(Child). */
async function publishedMenu(owner: SeededMember) {
  const menu = await createMenu(owner.token, { name: 'Main', status: 'active' })
  const published = await createContent(ctx, owner.token, { title: 'Hello', status: 'published' })
  const draft = await createContent(ctx, owner.token, { title: 'Later', status: 'draft' })
  const category = await seedCategory(ctx.db, owner.tenantId, 'News')
  await addItem(owner.token, menu.id, { title: 'Home', url: '/', cssClasses: 'home' })
  const blog = await addItem(owner.token, menu.id, {
    title: 'Blog',
    type: 'external',
    url: 'https://blog.example/',
    target: '_blank',
  })
  await addItem(owner.token, menu.id, {
    title: 'Draft post',
    type: 'content',
    referenceId: draft.id,
    parentId: blog.id,
  })
  await addItem(owner.token, menu.id, {
    title: 'Published post',
    type: 'content',
    referenceId: published.id,
    parentId: blog.id,
    position: 0,
  })
  await addItem(owner.token, menu.id, { title: 'News', type: 'category', referenceId: category })
  const hidden = await addItem(owner.token, menu.id, { title: 'Hidden', url: '/h', isVisible: false })
  await addItem(owner.token, menu.id, { title: 'Child', url: '/h/c', parentId: hidden.id })
  return { menu, published, category }
}

describe('GET /api/public/menus/slug/{slug}', () => {
  it('answers the visible, published tree with reference slugs and no admin members', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, published, category } = await publishedMenu(owner)
    const response = await read(owner.tenantId, 'slug/main')
    expect(response.statusCode, response.body).toBe(200)
    const tree = response.data.menu.tree
    expect(shape(tree)).toEqual(['Home', 'Blog(Published post)', 'News'])
    expect(response.data.menu).toMatchObject({ id: menu.id, name: 'Main', slug: 'main', location: 'header' })
    expect(tree[0]).toEqual({
      id: expect.any(String),
      title: 'Home',
      type: 'custom',
      url: '/',
      reference: null,
      target: '_self',
      cssClasses: 'home',
      icon: '',
      description: '',
      children: [],
    })
    expect(tree[1].children[0].reference).toEqual({
      type: 'content',
      id: published.id,
      slug: 'hello',
      locale: 'en',
    })
    expect(tree[2].reference).toEqual({
      type: 'category',
      id: category,
      slug: expect.stringMatching(/^news-/),
      locale: 'en',
    })
    // The current slug, not a copy taken when the item was added.
    // Through the API: the delivery cache hears the write's event (a direct database write it cannot).
    const renamed = await call(ctx.app, 'PUT', `/api/categories/${category}`, {
      token: owner.token,
      body: { slug: 'latest-news' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await read(owner.tenantId, 'slug/main')).data.menu.tree[2].reference.slug).toBe('latest-news')
  })

  it('drops an item whose content was unpublished or deleted', async () => {
    const owner = await seedTenant(ctx.db)
    const { published } = await publishedMenu(owner)
    await call(ctx.app, 'DELETE', `/api/contents/${published.id}`, { token: owner.token })
    expect(shape((await read(owner.tenantId, 'slug/main')).data.menu.tree)).toEqual(['Home', 'Blog', 'News'])
  })

  it('answers 404 for drafts, archived menus, unknown slugs and other tenants’ menus', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createMenu(owner.token, { name: 'Draft' })
    await createMenu(owner.token, { name: 'Old', status: 'archived', location: 'footer' })
    await createMenu(other.token, { name: 'Theirs', status: 'active' })
    for (const slug of ['draft', 'old', 'missing', 'theirs']) {
      const response = await read(owner.tenantId, `slug/${slug}`)
      expect(response.statusCode, slug).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Menu not found.' })
    }
    expect((await read(owner.tenantId, 'slug/Not%20A%20Slug')).statusCode).toBe(400)
  })
})

describe('GET /api/public/menus/location/{location}', () => {
  it('answers the active menu of the location and 404 when there is none', async () => {
    const owner = await seedTenant(ctx.db)
    await createMenu(owner.token, { name: 'Footer draft', location: 'footer' })
    const footer = await createMenu(owner.token, { name: 'Footer', location: 'footer', status: 'active' })
    await addItem(owner.token, footer.id, { title: 'Imprint', url: '/imprint' })
    const response = await read(owner.tenantId, 'location/footer')
    expect(response.data.menu).toMatchObject({ id: footer.id, location: 'footer' })
    expect(shape(response.data.menu.tree)).toEqual(['Imprint'])
    expect((await read(owner.tenantId, 'location/sidebar')).statusCode).toBe(404)
    expect((await read(owner.tenantId, 'location/custom')).statusCode).toBe(400)
  })
})

describe('edge policy on public menus', () => {
  async function tenantWith(edgeGateway: Record<string, unknown>) {
    const owner = await seedTenant(ctx.db)
    await ctx.db.insert(tenantSettings).values({ tenantId: owner.tenantId, edgeGateway })
    await createMenu(owner.token, { name: 'Main', status: 'active' })
    return owner
  }

  it('answers 403 when public reads are off or the origin is not allowed, and reflects allowed origins', async () => {
    const closed = await tenantWith({ publicReadEnabled: false })
    expect((await read(closed.tenantId, 'slug/main')).statusCode).toBe(403)
    const open = await tenantWith({ allowedOrigins: ['https://shop.example.com'] })
    const refused = await read(open.tenantId, 'slug/main', { origin: 'https://evil.example' })
    expect(refused.statusCode).toBe(403)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    const allowed = await read(open.tenantId, 'slug/main', { origin: 'https://shop.example.com' })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    expect((await call(ctx.app, 'GET', '/api/public/menus/slug/main')).statusCode).toBe(400)
  })

  it('allows a CORS preflight from an allowed origin and refuses one from another', async () => {
    const owner = await tenantWith({ allowedOrigins: ['https://shop.example.com'] })
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/public/menus/slug/main',
        headers: {
          origin,
          'x-tenant-id': owner.tenantId,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-tenant-id',
        },
      })
    const allowed = await preflight('https://shop.example.com')
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    const refused = await preflight('https://evil.example')
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
  })
})
