import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { menuFixtures } from '../../../test/menu-fixtures.js'
import { outbox } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()
const { createMenu, addItem } = menuFixtures(ctx)

describe('POST /api/menus', () => {
  it('creates an empty draft header menu with a slug from the name', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', '/api/menus', {
      token: owner.token,
      body: { name: ' Main Navigation ', description: 'Top bar' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({
      menu: {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        name: 'Main Navigation',
        slug: 'main-navigation',
        description: 'Top bar',
        location: 'header',
        status: 'draft',
        itemCount: 0,
        items: [],
        createdAt: expect.stringMatching(/^\d{4}-/),
        updatedAt: expect.stringMatching(/^\d{4}-/),
      },
    })
  })

  it('answers 409 SlugConflict for a taken slug and 409 Conflict for a second active menu at a location', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createMenu(owner.token, { name: 'Main', status: 'active', location: 'footer' })
    const slug = await call(ctx.app, 'POST', '/api/menus', { token: owner.token, body: { name: 'MAIN!' } })
    expect(slug.statusCode).toBe(409)
    expect(slug.data).toEqual({ error: 'SlugConflict', message: 'The slug "main" is already in use.' })
    const location = await call(ctx.app, 'POST', '/api/menus', {
      token: owner.token,
      body: { name: 'Second', status: 'active', location: 'footer' },
    })
    expect(location.statusCode).toBe(409)
    expect(location.data.error).toBe('Conflict')
    expect(location.data.message).toMatch(/location "footer"/)
    // Drafts, the custom location and other tenants are free.
    await createMenu(owner.token, { name: 'Second', location: 'footer' })
    await createMenu(owner.token, { name: 'C1', status: 'active', location: 'custom' })
    await createMenu(owner.token, { name: 'C2', status: 'active', location: 'custom' })
    expect((await createMenu(other.token, { name: 'Main', status: 'active', location: 'footer' })).slug).toBe(
      'main',
    )
  })

  it('rejects invalid bodies with 400 and creates nothing', async () => {
    const owner = await seedTenant(ctx.db)
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(201) },
      { name: '***' },
      { name: 'A', slug: '***' },
      { name: 'A', location: 'top' },
      { name: 'A', status: 'published' },
      { name: 'A', description: 'x'.repeat(1001) },
      { name: 'A', items: [] },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/menus', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
    const list = await call(ctx.app, 'GET', '/api/menus', { token: owner.token })
    expect(list.data.pagination.total).toBe(0)
  })

  it('gates by menus:* permissions: 401 without credentials, 403 for viewers and read-only tokens', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    expect((await call(ctx.app, 'POST', '/api/menus', { body: { name: 'A' } })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/menus')).statusCode).toBe(401)
    for (const token of [viewer.token, readToken]) {
      expect((await call(ctx.app, 'POST', '/api/menus', { token, body: { name: 'A' } })).statusCode).toBe(403)
    }
    const menu = await createMenu(editor.token, { name: 'By editor' })
    for (const [method, url, body] of [
      ['PUT', `/api/menus/${menu.id}`, { name: 'B' }],
      ['DELETE', `/api/menus/${menu.id}`, undefined],
      ['POST', `/api/menus/${menu.id}/items`, { title: 'A', url: '/' }],
    ] as const) {
      expect((await call(ctx.app, method, url, { token: viewer.token, body })).statusCode, url).toBe(403)
    }
    expect((await call(ctx.app, 'GET', `/api/menus/${menu.id}`, { token: viewer.token })).statusCode).toBe(
      200,
    )
  })
})

describe('GET/PUT/DELETE /api/menus/{id}', () => {
  it('lists with filters and item counts, and pages', async () => {
    const owner = await seedTenant(ctx.db)
    const header = await createMenu(owner.token, { name: 'Header', status: 'active' })
    await createMenu(owner.token, { name: 'Footer', location: 'footer' })
    await createMenu(owner.token, { name: 'Archive', status: 'archived', location: 'sidebar' })
    await addItem(owner.token, header.id, { title: 'Home', url: '/' })
    const all = await call(ctx.app, 'GET', '/api/menus?limit=2', { token: owner.token })
    expect(all.data.menus.map((m: { name: string }) => m.name)).toEqual(['Archive', 'Footer'])
    expect(all.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
    const active = await call(ctx.app, 'GET', '/api/menus?status=active', { token: owner.token })
    expect(active.data.menus).toMatchObject([{ name: 'Header', itemCount: 1 }])
    const search = await call(ctx.app, 'GET', '/api/menus?search=OOT&location=footer', { token: owner.token })
    expect(search.data.menus.map((m: { name: string }) => m.name)).toEqual(['Footer'])
    for (const query of ['status=x', 'location=top', 'limit=101', 'search=', 'foo=1']) {
      expect(
        (await call(ctx.app, 'GET', `/api/menus?${query}`, { token: owner.token })).statusCode,
        query,
      ).toBe(400)
    }
  })

  it('updates given fields, keeps the rest, and answers 409 when activating into a taken location', async () => {
    const owner = await seedTenant(ctx.db)
    await createMenu(owner.token, { name: 'Live', status: 'active' })
    const menu = await createMenu(owner.token, { name: 'Next' })
    const renamed = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, {
      token: owner.token,
      body: { name: 'Next header', slug: 'Next Header', description: 'New' },
    })
    expect(renamed.data.menu).toMatchObject({ name: 'Next header', slug: 'next-header', status: 'draft' })
    const clash = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, {
      token: owner.token,
      body: { status: 'active' },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.data.message).toMatch(/location "header"/)
    const slug = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, {
      token: owner.token,
      body: { slug: 'live' },
    })
    expect(slug.statusCode).toBe(409)
    for (const body of [{}, { name: '' }, { location: 'x' }, { slug: '!!' }]) {
      const response = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const moved = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, {
      token: owner.token,
      body: { status: 'active', location: 'mobile' },
    })
    expect(moved.data.menu).toMatchObject({ status: 'active', location: 'mobile', slug: 'next-header' })
  })

  it("answers 404 for missing ids and another tenant's menus, on every by-id route", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await createMenu(other.token, { name: 'Theirs' })
    const foreignItem = await addItem(other.token, foreign.id, { title: 'X', url: '/x' })
    for (const id of [newId(), foreign.id]) {
      for (const [method, url, body] of [
        ['GET', `/api/menus/${id}`, undefined],
        ['PUT', `/api/menus/${id}`, { name: 'Mine' }],
        ['DELETE', `/api/menus/${id}`, undefined],
        ['POST', `/api/menus/${id}/items`, { title: 'A', url: '/' }],
        ['PUT', `/api/menus/${id}/items/${foreignItem.id}`, { title: 'B' }],
        ['DELETE', `/api/menus/${id}/items/${foreignItem.id}`, undefined],
        ['POST', `/api/menus/${id}/items/${foreignItem.id}/move`, { parentId: null, position: 0 }],
        [
          'POST',
          `/api/menus/${id}/items/reorder`,
          { items: [{ id: foreignItem.id, parentId: null, position: 0 }] },
        ],
      ] as const) {
        const response = await call(ctx.app, method, url, { token: owner.token, body })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(response.data).toEqual({ error: 'NotFound', message: 'Menu not found.' })
      }
    }
    expect((await call(ctx.app, 'GET', '/api/menus/123', { token: owner.token })).statusCode).toBe(400)
    const still = await call(ctx.app, 'GET', `/api/menus/${foreign.id}`, { token: other.token })
    expect(still.data.menu).toMatchObject({ name: 'Theirs', itemCount: 1 })
  })

  it('deletes a menu with its items and records activities', async () => {
    const owner = await seedTenant(ctx.db)
    const menu = await createMenu(owner.token, { name: 'Gone' })
    await addItem(owner.token, menu.id, { title: 'A', url: '/a' })
    const deleted = await call(ctx.app, 'DELETE', `/api/menus/${menu.id}`, { token: owner.token })
    expect(deleted.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', `/api/menus/${menu.id}`, { token: owner.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/menus/${menu.id}`, { token: owner.token })).statusCode).toBe(
      404,
    )
    const events = await ctx.db
      .select({ type: outbox.type, subjectId: outbox.subjectId })
      .from(outbox)
      .where(eq(outbox.tenantId, owner.tenantId))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
    expect(events.map((event) => event.type)).toEqual(['menu.created', 'menu.updated', 'menu.deleted'])
    expect(new Set(events.map((event) => event.subjectId))).toEqual(new Set([menu.id]))
  })
})
