import { describe, expect, it } from 'vitest'
import { seedCategory } from '../../../test/content-fixtures.js'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { menuFixtures } from '../../../test/menu-fixtures.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()
const { createMenu, addItem, outline } = menuFixtures(ctx)

/** A menu with items A(B(C)) and D. */
async function sampleMenu(token: string) {
  const menu = await createMenu(token, { name: `Menu ${newId()}` })
  const a = await addItem(token, menu.id, { title: 'A', url: '/a' })
  const b = await addItem(token, menu.id, { title: 'B', url: '/b', parentId: a.id })
  const c = await addItem(token, menu.id, { title: 'C', url: '/c', parentId: b.id })
  const d = await addItem(token, menu.id, { title: 'D', type: 'external', url: 'https://d.example/' })
  return { menu, a, b, c, d }
}

describe('POST /api/menus/{id}/items', () => {
  it('adds items last by default or at a position, with defaults for the optional members', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, a } = await sampleMenu(owner.token)
    const first = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items`, {
      token: owner.token,
      body: { title: ' First ', url: '#top', position: 0 },
    })
    expect(first.data.item).toMatchObject({
      title: 'First',
      type: 'custom',
      url: '#top',
      referenceId: null,
      target: '_self',
      cssClasses: '',
      icon: '',
      description: '',
      isVisible: true,
      parentId: null,
      position: 0,
    })
    await addItem(owner.token, menu.id, { title: 'A2', url: '/a2', parentId: a.id, position: 0 })
    expect(await outline(owner.token, menu.id)).toEqual(['First', 'A(A2,B(C))', 'D'])
  })

  it('checks references against this tenant and refuses bad links, parents and depth with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const { menu, c } = await sampleMenu(owner.token)
    const category = await seedCategory(ctx.db, owner.tenantId, 'News')
    const foreignCategory = await seedCategory(ctx.db, other.tenantId, 'Theirs')
    const ok = await addItem(owner.token, menu.id, { title: 'News', type: 'category', referenceId: category })
    expect(ok).toMatchObject({ referenceId: category, url: null })
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 'X', type: 'category', referenceId: foreignCategory }, /no category .* in this tenant/],
      [{ title: 'X', type: 'content', referenceId: newId() }, /no content .* in this tenant/],
      [{ title: 'X', type: 'content' }, /referenceId is required/],
      [{ title: 'X', url: 'javascript:alert(1)' }, /custom item/],
      [{ title: 'X', type: 'external', url: '/local' }, /external item/],
      [{ title: 'X', url: '/x', parentId: c.id }, /depth 4/],
      [{ title: 'X', url: '/x', parentId: newId() }, /not in this menu/],
      [{ title: '', url: '/x' }, /title/],
      [{ title: 'X', url: '/x', target: '_top' }, /target/],
      [{ title: 'X', url: '/x', cssClasses: '"><script>' }, /cssClasses/],
      [{ title: 'X', url: '/x', position: -1 }, /position/],
      [{ title: 'X', url: '/x', extra: 1 }, /extra/],
    ]
    for (const [body, message] of cases) {
      const response = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(JSON.stringify(response.data), JSON.stringify(body)).toMatch(message)
    }
    expect(await outline(owner.token, menu.id)).toEqual(['A(B(C))', 'D', 'News'])
  })

  it('takes form references of this tenant only, and serves them while the form is published and public', async () => {
    const [owner, other] = await Promise.all([seedTenant(ctx.db), seedTenant(ctx.db)])
    const menu = await createMenu(owner.token, { name: 'Forms', status: 'active' })
    const form = await createForm(ctx.app, owner.token, { slug: 'contact' })
    const foreign = await createForm(ctx.app, other.token, { slug: 'theirs' })
    for (const referenceId of [newId(), foreign.id]) {
      const refused = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items`, {
        token: owner.token,
        body: { title: 'Contact', type: 'form', referenceId },
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.data.message).toBe(`referenceId: no form ${referenceId} in this tenant.`)
    }
    await addItem(owner.token, menu.id, { title: 'Contact', type: 'form', referenceId: form.id })
    const tree = async () => {
      const read = await call(ctx.app, 'GET', `/api/public/menus/slug/${menu.slug}`, {
        headers: { 'x-tenant-id': owner.tenantId },
      })
      return read.data.menu.tree.map((node: { reference: unknown }) => node.reference)
    }
    expect(await tree()).toEqual([{ type: 'form', id: form.id, slug: 'contact', locale: null }])
    await call(ctx.app, 'POST', `/api/forms/${form.id}/archive`, { token: owner.token })
    expect(await tree()).toEqual([])
  })
})

describe('PUT and DELETE /api/menus/{id}/items/{itemId}', () => {
  it('updates fields, clears the member a new type does not use, and checks the new link', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, d } = await sampleMenu(owner.token)
    const category = await seedCategory(ctx.db, owner.tenantId, 'Docs')
    const hidden = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${d.id}`, {
      token: owner.token,
      body: { isVisible: false, target: '_blank', cssClasses: 'btn btn-primary', title: ' D2 ' },
    })
    expect(hidden.data.item).toMatchObject({
      title: 'D2',
      isVisible: false,
      target: '_blank',
      url: 'https://d.example/',
    })
    const switched = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${d.id}`, {
      token: owner.token,
      body: { type: 'category', referenceId: category },
    })
    expect(switched.data.item).toMatchObject({ type: 'category', referenceId: category, url: null })
    for (const body of [{ type: 'custom' }, { url: '/x' }, {}, { type: 'content' }]) {
      const response = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${d.id}`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const back = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${d.id}`, {
      token: owner.token,
      body: { type: 'custom', url: '/d' },
    })
    expect(back.data.item).toMatchObject({ type: 'custom', url: '/d', referenceId: null })
  })

  it('deletes an item with its subtree and renumbers its siblings; 404 for unknown items', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, a, d } = await sampleMenu(owner.token)
    const removed = await call(ctx.app, 'DELETE', `/api/menus/${menu.id}/items/${a.id}`, {
      token: owner.token,
    })
    expect(removed.data).toEqual({ success: true })
    const got = await call(ctx.app, 'GET', `/api/menus/${menu.id}`, { token: owner.token })
    expect(got.data.menu.items).toMatchObject([{ id: d.id, position: 0, children: [] }])
    expect(got.data.menu.itemCount).toBe(1)
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { title: 'X' }],
    ] as const) {
      const response = await call(ctx.app, method, `/api/menus/${menu.id}/items/${a.id}`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Menu item not found.' })
    }
  })

  it("answers 404 for another menu's item in my own menu", async () => {
    const owner = await seedTenant(ctx.db)
    const first = await sampleMenu(owner.token)
    const second = await createMenu(owner.token, { name: 'Second' })
    const response = await call(ctx.app, 'PUT', `/api/menus/${second.id}/items/${first.a.id}`, {
      token: owner.token,
      body: { title: 'Hijack' },
    })
    expect(response.statusCode).toBe(404)
    const move = await call(ctx.app, 'POST', `/api/menus/${second.id}/items/${first.a.id}/move`, {
      token: owner.token,
      body: { parentId: null, position: 0 },
    })
    expect(move.statusCode).toBe(404)
  })
})

describe('move and reorder', () => {
  it('moves an item with its subtree and refuses cycles and depth over 3', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, a, b, c, d } = await sampleMenu(owner.token)
    const moved = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items/${d.id}/move`, {
      token: owner.token,
      body: { parentId: a.id, position: 0 },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await outline(owner.token, menu.id)).toEqual(['A(D,B(C))'])
    for (const [id, parentId] of [
      [a.id, c.id],
      [a.id, a.id],
      [b.id, d.id],
    ]) {
      const response = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items/${id}/move`, {
        token: owner.token,
        body: { parentId, position: 0 },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.message).toMatch(/own ancestor|depth 4/)
    }
    await call(ctx.app, 'POST', `/api/menus/${menu.id}/items/${b.id}/move`, {
      token: owner.token,
      body: { parentId: null, position: 99 },
    })
    expect(await outline(owner.token, menu.id)).toEqual(['A(D)', 'B(C)'])
  })

  it('reorders several items at once and renumbers each group', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, a, b, c, d } = await sampleMenu(owner.token)
    const response = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items/reorder`, {
      token: owner.token,
      body: {
        items: [
          { id: d.id, parentId: null, position: 0 },
          { id: c.id, parentId: a.id, position: 0 },
          { id: b.id, parentId: a.id, position: 5 },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(
      response.data.menu.items.map((item: { title: string; position: number }) => [
        item.title,
        item.position,
      ]),
    ).toEqual([
      ['D', 0],
      ['A', 1],
    ])
    expect(await outline(owner.token, menu.id)).toEqual(['D', 'A(C,B)'])
    for (const items of [
      [{ id: newId(), parentId: null, position: 0 }],
      [{ id: a.id, parentId: c.id, position: 0 }],
      [],
    ]) {
      const bad = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items/reorder`, {
        token: owner.token,
        body: { items },
      })
      expect(bad.statusCode, JSON.stringify(items)).toBe(400)
    }
    expect(await outline(owner.token, menu.id)).toEqual(['D', 'A(C,B)'])
  })
})
