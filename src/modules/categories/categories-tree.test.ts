import { describe, expect, it } from 'vitest'
import { categoryFixtures } from '../../../test/category-fixtures.js'
import { call, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { newId } from '../../lib/ids.js'

/** Updates, moves, deletes and merges: the operations that change the category tree. */
const ctx = useTestContext()

const { createCategory, getCategory, seedContent, linkedContents, countCategories } = categoryFixtures(ctx)

describe('PUT /api/categories/:id', () => {
  it('updates the given fields and keeps the others', async () => {
    const owner = await seedTenant(ctx.db)
    const category = await createCategory(owner, { name: 'Old', description: 'Keep me', settings: { a: 1 } })
    const response = await call(ctx.app, 'PUT', `/api/categories/${category.id}`, {
      token: owner.token,
      body: { name: 'New', slug: 'Brand New', defaultSortOrder: 'asc', metadata: { seo: 'x' } },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.category).toMatchObject({
      id: category.id,
      name: 'New',
      slug: 'brand-new',
      description: 'Keep me',
      defaultSortOrder: 'asc',
      settings: { a: 1 },
      metadata: { seo: 'x' },
    })
  })

  it('moves a category after the last child of its new parent, and back to the roots with null', async () => {
    const owner = await seedTenant(ctx.db)
    const parent = await createCategory(owner, { name: 'Parent' })
    await createCategory(owner, { name: 'Existing child', parentId: parent.id, position: 4 })
    const mover = await createCategory(owner, { name: 'Mover', position: 0 })

    const moved = await call(ctx.app, 'PUT', `/api/categories/${mover.id}`, {
      token: owner.token,
      body: { parentId: parent.id },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.data.category).toMatchObject({ parentId: parent.id, position: 5 })

    const back = await call(ctx.app, 'PUT', `/api/categories/${mover.id}`, {
      token: owner.token,
      body: { parentId: null, position: 9 },
    })
    expect(back.data.category).toMatchObject({ parentId: null, position: 9 })
  })

  it('refuses to move a category under itself or its descendant with 400 and changes nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const root = await createCategory(owner, { name: 'Root' })
    const child = await createCategory(owner, { name: 'Child', parentId: root.id })
    const grandchild = await createCategory(owner, { name: 'Grandchild', parentId: child.id })
    for (const parentId of [root.id, grandchild.id, child.id]) {
      const response = await call(ctx.app, 'PUT', `/api/categories/${root.id}`, {
        token: owner.token,
        body: { parentId, name: 'Renamed' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(response.data.message).toMatch(/cycle/)
    }
    expect((await getCategory(owner, root.id)).data.category).toMatchObject({ name: 'Root', parentId: null })
  })

  it("rejects another tenant's category as the new parent with 400", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const own = await createCategory(owner, { name: 'Own' })
    const foreign = await createCategory(other, { name: 'Foreign' })
    const response = await call(ctx.app, 'PUT', `/api/categories/${own.id}`, {
      token: owner.token,
      body: { parentId: foreign.id },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toBe('parentId does not name a category of this tenant.')
  })

  it('answers 409 SlugConflict for a slug another category holds', async () => {
    const owner = await seedTenant(ctx.db)
    await createCategory(owner, { name: 'Taken' })
    const category = await createCategory(owner, { name: 'Free' })
    const response = await call(ctx.app, 'PUT', `/api/categories/${category.id}`, {
      token: owner.token,
      body: { slug: 'taken' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.data.error).toBe('SlugConflict')
  })

  it('rejects invalid bodies with 400 and viewers with 403', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const category = await createCategory(owner, { name: 'Target' })
    for (const body of [{ name: '' }, { position: -3 }, { unknown: 1 }, { parentId: 'x' }]) {
      const response = await call(ctx.app, 'PUT', `/api/categories/${category.id}`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const forbidden = await call(ctx.app, 'PUT', `/api/categories/${category.id}`, {
      token: viewer.token,
      body: { name: 'Viewer was here' },
    })
    expect(forbidden.statusCode).toBe(403)
  })
})

describe('DELETE /api/categories/:id', () => {
  it('removes the category, its descendants and their content links by default', async () => {
    const owner = await seedTenant(ctx.db)
    const root = await createCategory(owner, { name: 'Root' })
    const child = await createCategory(owner, { name: 'Child', parentId: root.id })
    await createCategory(owner, { name: 'Grandchild', parentId: child.id })
    const survivor = await createCategory(owner, { name: 'Survivor' })
    const content = await seedContent(owner.tenantId, [child.id, survivor.id])

    const response = await call(ctx.app, 'DELETE', `/api/categories/${root.id}`, { token: owner.token })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ success: true, deleted: 3 })
    expect(await countCategories(owner.tenantId)).toBe(1)
    expect((await getCategory(owner, child.id)).statusCode).toBe(404)
    expect(await linkedContents(owner.tenantId, child.id)).toEqual([])
    expect(await linkedContents(owner.tenantId, survivor.id)).toEqual([content])
  })

  it('refuses cascade=false on a category with children with 409 and deletes a leaf', async () => {
    const owner = await seedTenant(ctx.db)
    const root = await createCategory(owner, { name: 'Root' })
    const leaf = await createCategory(owner, { name: 'Leaf', parentId: root.id })
    const refused = await call(ctx.app, 'DELETE', `/api/categories/${root.id}?cascade=false`, {
      token: owner.token,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.data.error).toBe('Conflict')
    expect(await countCategories(owner.tenantId)).toBe(2)

    const deleted = await call(ctx.app, 'DELETE', `/api/categories/${leaf.id}?cascade=false`, {
      token: owner.token,
    })
    expect(deleted.data).toEqual({ success: true, deleted: 1 })
    expect(await countCategories(owner.tenantId)).toBe(1)
  })

  it('answers 404 for missing ids, 400 for a bad cascade value, 403 for viewers', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const category = await createCategory(owner, { name: 'Kept' })
    for (const cascade of ['true', 'false']) {
      const missing = await call(ctx.app, 'DELETE', `/api/categories/${newId()}?cascade=${cascade}`, {
        token: owner.token,
      })
      expect(missing.statusCode).toBe(404)
    }
    const bad = await call(ctx.app, 'DELETE', `/api/categories/${category.id}?cascade=maybe`, {
      token: owner.token,
    })
    expect(bad.statusCode).toBe(400)
    const forbidden = await call(ctx.app, 'DELETE', `/api/categories/${category.id}`, { token: viewer.token })
    expect(forbidden.statusCode).toBe(403)
    expect(await countCategories(owner.tenantId)).toBe(1)
  })
})
