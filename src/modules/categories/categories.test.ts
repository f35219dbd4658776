import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

async function createCategory(member: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/categories', { token: member.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.category as { id: string; slug: string; position: number; parentId: string | null }
}

const names = (items: Array<{ name: string }>) => items.map((item) => item.name)

describe('GET /api/categories', () => {
  it('returns roots with nested children, each level ordered by position then name', async () => {
    const owner = await seedTenant(ctx.db)
    const zeta = await createCategory(owner, { name: 'Zeta', position: 0 })
    await createCategory(owner, { name: 'Beta', position: 1 })
    await createCategory(owner, { name: 'Alpha', position: 1 })
    await createCategory(owner, { name: 'Child b', parentId: zeta.id, position: 0 })
    const childA = await createCategory(owner, { name: 'Child a', parentId: zeta.id, position: 0 })
    await createCategory(owner, { name: 'Grandchild', parentId: childA.id })

    const response = await call(ctx.app, 'GET', '/api/categories', { token: owner.token })
    expect(response.statusCode).toBe(200)
    const roots = response.data.categories
    expect(names(roots)).toEqual(['Zeta', 'Alpha', 'Beta'])
    expect(names(roots[0].children)).toEqual(['Child a', 'Child b'])
    expect(names(roots[0].children[0].children)).toEqual(['Grandchild'])
    expect(roots[0].children[0].children[0].children).toEqual([])
    expect(roots[1].children).toEqual([])
    expect(response.data.pagination).toEqual({ page: 1, limit: 3, total: 3, pages: 1 })
  })

  it('returns a flat list ordered by position then name with flat=true, a tree with flat=false', async () => {
    const owner = await seedTenant(ctx.db)
    const root = await createCategory(owner, { name: 'Root', position: 5 })
    await createCategory(owner, { name: 'Leaf', parentId: root.id, position: 0 })
    await createCategory(owner, { name: 'Other', position: 0 })

    const flat = await call(ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })
    expect(flat.statusCode).toBe(200)
    expect(names(flat.data.categories)).toEqual(['Leaf', 'Other', 'Root'])
    expect(flat.data.categories[0]).not.toHaveProperty('children')
    expect(flat.data.categories[0].parentId).toBe(root.id)
    expect(flat.data.pagination).toEqual({ page: 1, limit: 3, total: 3, pages: 1 })

    const tree = await call(ctx.app, 'GET', '/api/categories?flat=false', { token: owner.token })
    expect(names(tree.data.categories)).toEqual(['Other', 'Root'])
  })

  it('paginates flat rows, and tree roots, only when limit is given', async () => {
    const owner = await seedTenant(ctx.db)
    for (const name of ['A', 'B', 'C']) await createCategory(owner, { name, position: 0 })
    const [a] = (await call(ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })).data
      .categories
    await createCategory(owner, { name: 'A child', parentId: a.id })

    const flatPage = await call(ctx.app, 'GET', '/api/categories?flat=true&limit=3&page=2', {
      token: owner.token,
    })
    expect(names(flatPage.data.categories)).toEqual(['C'])
    expect(flatPage.data.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 })

    const treePage = await call(ctx.app, 'GET', '/api/categories?limit=2', { token: owner.token })
    expect(names(treePage.data.categories)).toEqual(['A', 'B'])
    expect(names(treePage.data.categories[0].children)).toEqual(['A child'])
    expect(treePage.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
  })

  it('searches names case-insensitively and literally: % and _ are not wildcards', async () => {
    const owner = await seedTenant(ctx.db)
    for (const name of ['100% Pure', '100 Pure', 'a_b', 'axb', "'; DROP TABLE categories; --", 'Kültür']) {
      await createCategory(owner, { name })
    }
    const search = async (text: string) => {
      const url = `/api/categories?flat=true&search=${encodeURIComponent(text)}`
      const response = await call(ctx.app, 'GET', url, { token: owner.token })
      expect(response.statusCode).toBe(200)
      return names(response.data.categories).sort()
    }
    expect(await search('%')).toEqual(['100% Pure'])
    expect(await search('_')).toEqual(['a_b'])
    expect(await search('PURE')).toEqual(['100 Pure', '100% Pure'])
    expect(await search("'; DROP")).toEqual(["'; DROP TABLE categories; --"])
    expect(await search('ültü')).toEqual(['Kültür'])
  })

  it('makes a search match whose parent does not match a root of the tree', async () => {
    const owner = await seedTenant(ctx.db)
    const parent = await createCategory(owner, { name: 'Sports' })
    await createCategory(owner, { name: 'Football', parentId: parent.id })
    const response = await call(ctx.app, 'GET', '/api/categories?search=foot', { token: owner.token })
    expect(response.data.categories).toHaveLength(1)
    expect(response.data.categories[0]).toMatchObject({ name: 'Football', parentId: parent.id, children: [] })
  })

  it('filters by one id, repeated ids and comma-separated ids', async () => {
    const owner = await seedTenant(ctx.db)
    const a = await createCategory(owner, { name: 'A' })
    const b = await createCategory(owner, { name: 'B' })
    const c = await createCategory(owner, { name: 'C' })
    const list = async (query: string) =>
      names(
        (await call(ctx.app, 'GET', `/api/categories?flat=true&${query}`, { token: owner.token })).data
          .categories,
      )
    expect(await list(`ids=${b.id}`)).toEqual(['B'])
    expect(await list(`ids=${a.id}&ids=${c.id}`)).toEqual(['A', 'C'])
    expect(await list(`ids=${a.id},${b.id}&ids=${c.id}`)).toEqual(['A', 'B', 'C'])
  })

  it("returns nothing for ids of another tenant's categories", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await createCategory(other, { name: 'Foreign' })
    const response = await call(ctx.app, 'GET', `/api/categories?flat=true&ids=${foreign.id}`, {
      token: owner.token,
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ categories: [], pagination: { page: 1, limit: 0, total: 0, pages: 1 } })
  })

  it('rejects unknown, prototype-polluting and out-of-range query parameters with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of [
      'sort=name',
      '__proto__=x',
      'constructor=x',
      'limit=101',
      'limit=0',
      'page=0',
      'flat=maybe',
      'search=',
      `search=${'x'.repeat(201)}`,
      'ids=not-an-id',
      `ids=${'a'.repeat(24)},`,
    ]) {
      const response = await call(ctx.app, 'GET', `/api/categories?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
  })

  it('answers 401 without credentials', async () => {
    const response = await call(ctx.app, 'GET', '/api/categories')
    expect(response.statusCode).toBe(401)
  })
})
