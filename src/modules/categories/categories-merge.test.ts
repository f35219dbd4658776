import { describe, expect, it } from 'vitest'
import { categoryFixtures } from '../../../test/category-fixtures.js'
import { call, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { systemContext } from '../../context.js'
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { defaultSettings } from '../tenant-settings/index.js'
import { createCategoriesService } from './service.js'

/** Updates, moves, deletes and merges: the operations that change the category tree. */
const ctx = useTestContext()
/** The settings of a tenant that set none: one locale, en. */
const DEFAULT_SETTINGS = { get: async (tenantId: string) => defaultSettings(tenantId) }

const { createCategory, getCategory, seedContent, linkedContents, countCategories } = categoryFixtures(ctx)

describe('POST /api/categories/merge', () => {
  it('moves content links without duplicates, reparents children after the target’s, deletes the source', async () => {
    const owner = await seedTenant(ctx.db)
    const source = await createCategory(owner, { name: 'Source' })
    const target = await createCategory(owner, { name: 'Target' })
    await createCategory(owner, { name: 'Target child', parentId: target.id, position: 2 })
    const sourceChild = await createCategory(owner, {
      name: 'Source child',
      parentId: source.id,
      position: 0,
    })
    const onlySource = await seedContent(owner.tenantId, [source.id])
    const both = await seedContent(owner.tenantId, [source.id, target.id])
    const onlyTarget = await seedContent(owner.tenantId, [target.id])
    await seedContent(owner.tenantId, [])

    const response = await call(ctx.app, 'POST', '/api/categories/merge', {
      token: owner.token,
      body: { sourceId: source.id, targetId: target.id },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ success: true, updatedContents: 2 })
    expect(await linkedContents(owner.tenantId, target.id)).toEqual([onlySource, both, onlyTarget].sort())
    expect(await linkedContents(owner.tenantId, source.id)).toEqual([])
    expect((await getCategory(owner, source.id)).statusCode).toBe(404)
    expect((await getCategory(owner, sourceChild.id)).data.category).toMatchObject({
      parentId: target.id,
      position: 3,
    })
  })

  it('merges a child into its parent', async () => {
    const owner = await seedTenant(ctx.db)
    const parent = await createCategory(owner, { name: 'Parent' })
    const child = await createCategory(owner, { name: 'Child', parentId: parent.id })
    const response = await call(ctx.app, 'POST', '/api/categories/merge', {
      token: owner.token,
      body: { sourceId: child.id, targetId: parent.id },
    })
    expect(response.data).toEqual({ success: true, updatedContents: 0 })
    expect(await countCategories(owner.tenantId)).toBe(1)
  })

  it('refuses to merge a category into its own descendant or itself with 400 and changes nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const root = await createCategory(owner, { name: 'Root' })
    const child = await createCategory(owner, { name: 'Child', parentId: root.id })
    const grandchild = await createCategory(owner, { name: 'Grandchild', parentId: child.id })
    const content = await seedContent(owner.tenantId, [root.id])
    for (const targetId of [grandchild.id, root.id]) {
      const response = await call(ctx.app, 'POST', '/api/categories/merge', {
        token: owner.token,
        body: { sourceId: root.id, targetId },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
    expect(await countCategories(owner.tenantId)).toBe(3)
    expect(await linkedContents(owner.tenantId, root.id)).toEqual([content])
  })

  it('rolls the whole merge back when a step fails', async () => {
    const owner = await seedTenant(ctx.db)
    const source = await createCategory(owner, { name: 'Source' })
    const target = await createCategory(owner, { name: 'Target' })
    const content = await seedContent(owner.tenantId, [source.id])
    const service = createCategoriesService({ db: ctx.db, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS })
    await expect(
      ctx.db.transaction(async (tx) => {
        await createCategoriesService({ db: tx, events: NO_EVENT_SINK, settings: DEFAULT_SETTINGS }).merge(
          systemContext(owner.tenantId, 'test'),
          {
            sourceId: source.id,
            targetId: target.id,
          },
        )
        throw new Error('importer failed later')
      }),
    ).rejects.toThrow('importer failed later')
    expect((await service.get(systemContext(owner.tenantId, 'test'), source.id)).name).toBe('Source')
    expect(await linkedContents(owner.tenantId, source.id)).toEqual([content])
    expect(await linkedContents(owner.tenantId, target.id)).toEqual([])
  })

  it('rejects missing or malformed ids with 400 and viewers with 403', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const a = await createCategory(owner, { name: 'A' })
    const b = await createCategory(owner, { name: 'B' })
    for (const body of [{ sourceId: a.id }, { targetId: b.id }, { sourceId: 'x', targetId: b.id }]) {
      const response = await call(ctx.app, 'POST', '/api/categories/merge', { token: owner.token, body })
      expect(response.statusCode).toBe(400)
    }
    const forbidden = await call(ctx.app, 'POST', '/api/categories/merge', {
      token: viewer.token,
      body: { sourceId: a.id, targetId: b.id },
    })
    expect(forbidden.statusCode).toBe(403)
    expect(await countCategories(owner.tenantId)).toBe(2)
  })
})

describe('tenant isolation', () => {
  it("answers every by-id route on another tenant's category with the missing-id 404 and changes nothing", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const own = await createCategory(owner, { name: 'Own' })
    const foreign = await createCategory(other, { name: 'Foreign' })
    const foreignChild = await createCategory(other, { name: 'Foreign child', parentId: foreign.id })
    const foreignContent = await seedContent(other.tenantId, [foreign.id])

    const probes = (id: string): Array<[string, string, unknown?]> => [
      ['GET', `/api/categories/${id}`],
      ['PUT', `/api/categories/${id}`, { name: 'Hijacked' }],
      ['PUT', `/api/categories/${id}`, { parentId: null }],
      ['DELETE', `/api/categories/${id}`],
      ['DELETE', `/api/categories/${id}?cascade=false`],
      ['POST', '/api/categories/merge', { sourceId: id, targetId: own.id }],
      ['POST', '/api/categories/merge', { sourceId: own.id, targetId: id }],
    ]
    const missingId = newId()
    const foreignProbes = probes(foreign.id)
    for (const [index, [method, url, body]] of probes(missingId).entries()) {
      const missing = await call(ctx.app, method as 'GET', url, { token: owner.token, body })
      const [, foreignUrl, foreignBody] = foreignProbes[index]!
      const crossTenant = await call(ctx.app, method as 'GET', foreignUrl, {
        token: owner.token,
        body: foreignBody,
      })
      expect(crossTenant.statusCode, `${method} ${foreignUrl}`).toBe(404)
      expect(crossTenant.data).toEqual(missing.data)
    }

    const kept = await getCategory(other, foreign.id)
    expect(kept.data.category).toMatchObject({ name: 'Foreign', parentId: null })
    expect((await getCategory(other, foreignChild.id)).statusCode).toBe(200)
    expect(await linkedContents(other.tenantId, foreign.id)).toEqual([foreignContent])
    expect((await getCategory(owner, own.id)).statusCode).toBe(200)
  })

  it('refuses a tenantId the caller is not a member of with 403', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createCategory(other, { name: 'Foreign' })
    const response = await call(ctx.app, 'GET', `/api/categories?tenantId=${other.tenantId}`, {
      token: owner.token,
    })
    expect(response.statusCode).toBe(403)
  })
})
