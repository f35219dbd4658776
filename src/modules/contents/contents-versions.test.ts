import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedTag } from '../../../test/content-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { contentVersions } from '../../db/schema/index.js'
import { createContentVersionsService } from './versions-service.js'

const ctx = useTestContext()
const MISSING = 'aaaaaaaaaaaaaaaaaaaaaaaa'

/** A content saved `saves` times after its creation (titles v1, v2, …). */
async function contentWithVersions(token: string, saves: number) {
  const content = await createContent(ctx, token, { title: 'v1', html: '<p>one</p>' })
  for (let n = 2; n <= saves + 1; n++) {
    const put = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, { token, body: { title: `v${n}` } })
    expect(put.statusCode, put.body).toBe(200)
  }
  return content.id as string
}

const versionsOf = async (token: string, id: string, query = '') =>
  call(ctx.app, 'GET', `/api/contents/${id}/versions${query}`, { token })

describe('content versions', () => {
  it('stores a snapshot per save, numbered, with author and time, newest first', async () => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 2)
    const list = await versionsOf(owner.token, id)
    expect(list.statusCode).toBe(200)
    expect(list.data.currentVersion).toBe(3)
    expect(list.data.versions.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
      [3, 'v3'],
      [2, 'v2'],
      [1, 'v1'],
    ])
    expect(list.data.versions[0]).toMatchObject({
      current: true,
      createdBy: owner.userId,
      createdByName: expect.any(String),
      deletedAt: null,
      status: 'draft',
    })
    expect(list.data.versions[0].createdByName).not.toBe('')
    expect(list.data.versions[1]).not.toHaveProperty('content')
    expect(list.data.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 })
    expect(list.data.deletedVersions).toEqual([])
    expect(list.data.deletedPagination).toEqual({ page: 1, limit: 20, total: 0, pages: 1 })

    const one = await call(ctx.app, 'GET', `/api/contents/${id}/versions/${list.data.versions[2].id}`, {
      token: owner.token,
    })
    expect(one.statusCode).toBe(200)
    expect(one.data.version).toMatchObject({ version: 1, current: false })
    expect(one.data.version.content).toMatchObject({ id, title: 'v1', html: '<p>one</p>', version: 1 })
    const upper = await call(
      ctx.app,
      'GET',
      `/api/contents/${id.toUpperCase()}/versions/${list.data.versions[2].id.toUpperCase()}`,
      { token: owner.token },
    )
    expect(upper.statusCode).toBe(200)
  })

  it('pages live and deleted versions apart, and refuses to delete the current one', async () => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 4)
    const all = (await versionsOf(owner.token, id)).data.versions as { id: string; version: number }[]
    const [current, v4, v3, v2, v1] = all
    const refused = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [v1!.id, current!.id] },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.data.message).toContain('current version')
    const deleted = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [v1!.id, v2!.id, v3!.id] },
    })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.data).toEqual({
      success: true,
      deleted: 3,
      deletedVersions: [
        { versionId: v3!.id, version: 3 },
        { versionId: v2!.id, version: 2 },
        { versionId: v1!.id, version: 1 },
      ],
    })
    const again = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [v1!.id] },
    })
    expect(again.data.deleted).toBe(0)
    const paged = await versionsOf(owner.token, id, '?limit=1&page=2&deletedPage=3')
    expect(paged.data.versions.map((v: { version: number }) => v.version)).toEqual([4])
    expect(paged.data.deletedVersions).toMatchObject([
      { version: 1, deletedBy: owner.userId, deletedAt: expect.any(String) },
    ])
    expect(paged.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    expect(paged.data.deletedPagination).toEqual({ page: 3, limit: 1, total: 3, pages: 3 })
    expect(v4!.version).toBe(4)
  })

  it('restores a version as a new version, keeping slug and status', async () => {
    const owner = await seedTenant(ctx.db)
    const tagId = await seedTag(ctx.db, owner.tenantId, 'Kept')
    const categoryId = await seedCategory(ctx.db, owner.tenantId, 'News')
    const content = await createContent(ctx, owner.token, {
      title: 'First',
      html: '<p>first</p>',
      tags: [tagId],
      categories: [categoryId],
    })
    await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { title: 'Second', html: '<p>second</p>', tags: [], status: 'published', slug: 'second' },
    })
    const first = (await versionsOf(owner.token, content.id)).data.versions[1]
    const restored = await call(ctx.app, 'POST', `/api/contents/${content.id}/versions/${first.id}/restore`, {
      token: owner.token,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.data.content).toMatchObject({
      title: 'First',
      html: '<p>first</p>',
      tags: [tagId],
      categories: [categoryId],
      slug: 'second',
      status: 'published',
      version: 3,
    })
    const list = await versionsOf(owner.token, content.id)
    expect(list.data.versions[0]).toMatchObject({ version: 3, title: 'First', current: true })
  })

  it('keeps the configured number of live versions when the prune job runs', async () => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 5)
    const versions = createContentVersionsService({
      db: ctx.db,
      events: ctx.app.folio.services.events,
      writes: ctx.app.folio.services.contents,
      maxVersions: 3,
    })
    expect(await versions.prune(owner.tenantId, id)).toBe(3)
    const rows = await ctx.db
      .select({ version: contentVersions.version })
      .from(contentVersions)
      .where(and(eq(contentVersions.tenantId, owner.tenantId), eq(contentVersions.contentId, id)))
    expect(rows.map((row) => row.version).sort()).toEqual([4, 5, 6])
  })
})

describe('concurrent edits (expectedVersion)', () => {
  it('saves on the expected version and refuses a stale one with 409, changing nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const content = await createContent(ctx, owner.token, { title: 'Draft', html: '<p>one</p>' })
    // Both editors loaded version 1; the first saves on it.
    const first = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { title: 'First', expectedVersion: 1 },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.data.content.version).toBe(2)
    const second = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: editor.token,
      body: { title: 'Second', expectedVersion: 1 },
    })
    expect(second.statusCode).toBe(409)
    expect(second.data).toMatchObject({
      error: 'VersionConflict',
      currentVersion: 2,
      updatedBy: owner.userId,
    })
    expect(second.data.updatedAt).toBe(first.data.content.updatedAt)
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(read.data.content).toMatchObject({ title: 'First', version: 2 })
    // Reloaded, the second editor saves on version 2; without expectedVersion nothing is checked.
    const retried = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: editor.token,
      body: { title: 'Second', expectedVersion: 2 },
    })
    expect(retried.data.content).toMatchObject({ title: 'Second', version: 3 })
    const unchecked = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { title: 'Third' },
    })
    expect(unchecked.data.content.version).toBe(4)
  })

  it('refuses an expectedVersion that is not a positive integer with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Draft' })
    for (const expectedVersion of [0, -1, 1.5, '1']) {
      const put = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
        token: owner.token,
        body: { title: 'X', expectedVersion },
      })
      expect(put.statusCode, String(expectedVersion)).toBe(400)
    }
  })
})

describe('content version validation and access', () => {
  it.each([
    ['limit 0', '?limit=0'],
    ['limit 101', '?limit=101'],
    ['page 0', '?page=0'],
    ['deletedPage 0', '?deletedPage=0'],
    ['an unknown parameter', '?sort=version'],
  ])('answers 400 for %s', async (_name, query) => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 0)
    expect((await versionsOf(owner.token, id, query)).statusCode).toBe(400)
  })

  it('answers 400 for malformed ids and bodies', async () => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 0)
    expect(
      (await call(ctx.app, 'GET', `/api/contents/${id}/versions/xyz`, { token: owner.token })).statusCode,
    ).toBe(400)
    expect((await versionsOf(owner.token, 'not-an-id')).statusCode).toBe(400)
    for (const body of [{}, { versionIds: [] }, { versionIds: ['nope'] }, { versionIds: [MISSING], x: 1 }]) {
      const response = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const unknown = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [MISSING] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.data.message).toContain(MISSING)
  })

  it('answers 401 without credentials and 403 without the permission', async () => {
    const owner = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 1)
    const versionId = (await versionsOf(owner.token, id)).data.versions[1].id
    expect((await versionsOf('', id)).statusCode).toBe(401)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    expect((await versionsOf(viewer.token, id)).statusCode).toBe(200)
    const del = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: viewer.token,
      body: { versionIds: [versionId] },
    })
    expect(del.statusCode).toBe(403)
    const restore = await call(ctx.app, 'POST', `/api/contents/${id}/versions/${versionId}/restore`, {
      token: viewer.token,
    })
    expect(restore.statusCode).toBe(403)
    const delivery = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    expect((await versionsOf(delivery, id)).statusCode).toBe(404)
  })

  it('answers 404 for a missing content or version and for another tenant’s ids', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const id = await contentWithVersions(owner.token, 1)
    const versionId = (await versionsOf(owner.token, id)).data.versions[1].id
    const otherId = await contentWithVersions(other.token, 1)
    const otherVersionId = (await versionsOf(other.token, otherId)).data.versions[1].id
    const requests = [
      ['GET', `/api/contents/${MISSING}/versions`],
      ['GET', `/api/contents/${otherId}/versions`],
      ['GET', `/api/contents/${id}/versions/${MISSING}`],
      ['GET', `/api/contents/${id}/versions/${otherVersionId}`],
      ['GET', `/api/contents/${otherId}/versions/${otherVersionId}`],
      ['POST', `/api/contents/${otherId}/versions/${otherVersionId}/restore`],
      ['POST', `/api/contents/${id}/versions/${otherVersionId}/restore`],
    ] as const
    for (const [method, url] of requests) {
      const response = await call(ctx.app, method, url, { token: owner.token })
      expect(response.statusCode, url).toBe(404)
      expect(response.data.error).toBe('NotFound')
    }
    const foreignDelete = await call(ctx.app, 'POST', `/api/contents/${otherId}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [otherVersionId] },
    })
    expect(foreignDelete.statusCode).toBe(404)
    const mixed = await call(ctx.app, 'POST', `/api/contents/${id}/versions/delete`, {
      token: owner.token,
      body: { versionIds: [versionId, otherVersionId] },
    })
    expect(mixed.statusCode).toBe(400)
    expect((await versionsOf(other.token, otherId)).data.deletedVersions).toEqual([])
  })
})
