import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  useTestContext,
} from '../../../test/helpers.js'
import { outbox } from '../../db/schema/index.js'

const ctx = useTestContext()

async function external(member: SeededMember, title: string, tags: string[] = []) {
  const response = await call(ctx.app, 'POST', '/api/media/external', {
    token: member.token,
    body: { url: `https://cdn.example.test/${title}`, title, tags },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.media as { id: string; title: string; tags: string[] }
}

async function tagsOf(member: SeededMember, id: string) {
  return (await call(ctx.app, 'GET', `/api/media/${id}`, { token: member.token })).data.media.tags
}

describe('GET and PATCH /api/media/{id}', () => {
  it('reads one record and changes only the given metadata, emitting media.updated', async () => {
    const owner = await seedTenant(ctx.db)
    const item = await external(owner, 'Clip', ['a'])
    const patched = await call(ctx.app, 'PATCH', `/api/media/${item.id}`, {
      token: owner.token,
      body: { altText: 'Alt', caption: 'Cap', originalName: 'clip.mp4', tags: [' B ', 'b', 'C'] },
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(patched.data.media).toMatchObject({
      id: item.id,
      title: 'Clip',
      altText: 'Alt',
      caption: 'Cap',
      originalName: 'clip.mp4',
      tags: ['b', 'c'],
      url: 'https://cdn.example.test/Clip',
    })
    const read = await call(ctx.app, 'GET', `/api/media/${item.id}`, { token: owner.token })
    expect(read.data.media).toEqual(patched.data.media)
    const events = await ctx.db
      .select({ type: outbox.type })
      .from(outbox)
      .where(and(eq(outbox.tenantId, owner.tenantId), eq(outbox.subjectId, item.id)))
    expect(events.map((event) => event.type).sort()).toEqual(['media.created', 'media.updated'])
  })

  it('rejects an empty body, unknown members (key, url, mimeType, size) and over-long values with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const item = await external(owner, 'Clip')
    for (const body of [
      {},
      { key: 'x' },
      { url: 'https://a.test' },
      { mimeType: 'text/html' },
      { size: 1 },
      { altText: 'x'.repeat(1001) },
      { originalName: '' },
      { tags: [1] },
    ]) {
      const response = await call(ctx.app, 'PATCH', `/api/media/${item.id}`, { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(
      (await call(ctx.app, 'GET', `/api/media/${item.id}`, { token: owner.token })).data.media.altText,
    ).toBeNull()
  })
})

describe('DELETE /api/media/{id}', () => {
  it('deletes, emits media.deleted, and answers 404 afterwards', async () => {
    const owner = await seedTenant(ctx.db)
    const item = await external(owner, 'Gone')
    const response = await call(ctx.app, 'DELETE', `/api/media/${item.id}`, { token: owner.token })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', `/api/media/${item.id}`, { token: owner.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/media/${item.id}`, { token: owner.token })).statusCode).toBe(
      404,
    )
    const [event] = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, owner.tenantId), eq(outbox.type, 'media.deleted')))
    expect(event?.payload).toMatchObject({ id: item.id, title: 'Gone' })
  })
})

describe('bulk operations', () => {
  it('adds tags (distinct, lowercased) or replaces them, reporting foreign and unknown ids as notFound', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const a = await external(owner, 'A', ['keep'])
    const b = await external(owner, 'B')
    const foreign = await external(other, 'F', ['theirs'])
    const missing = 'f'.repeat(24)
    const added = await call(ctx.app, 'POST', '/api/media/bulk/tags', {
      token: owner.token,
      body: { ids: [a.id, b.id, foreign.id, missing, a.id], tags: ['New', 'keep'] },
    })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.data).toEqual({ modified: 2, notFound: [foreign.id, missing] })
    expect(await tagsOf(owner, a.id)).toEqual(['keep', 'new'])
    expect(await tagsOf(owner, b.id)).toEqual(['new', 'keep'])
    const replaced = await call(ctx.app, 'POST', '/api/media/bulk/tags', {
      token: owner.token,
      body: { ids: [a.id], tags: ['Only'], mode: 'replace' },
    })
    expect(replaced.data).toEqual({ modified: 1, notFound: [] })
    expect(await tagsOf(owner, a.id)).toEqual(['only'])
    expect(await tagsOf(other, foreign.id)).toEqual(['theirs'])
  })

  it('validates bulk bodies with 400', async () => {
    const owner = await seedTenant(ctx.db)
    const id = (await external(owner, 'A')).id
    for (const [url, body] of [
      ['/api/media/bulk/tags', { ids: [], tags: ['x'] }],
      ['/api/media/bulk/tags', { ids: [id], tags: [] }],
      ['/api/media/bulk/tags', { ids: [id], tags: ['x'], mode: 'merge' }],
      ['/api/media/bulk/tags', { ids: ['nope'], tags: ['x'] }],
      ['/api/media/bulk/tags', { ids: [id], tags: ['   '] }],
      ['/api/media/bulk/delete', { ids: [] }],
      ['/api/media/bulk/delete', { ids: Array.from({ length: 101 }, () => id) }],
      ['/api/media/bulk/delete', { ids: [id], tenantId: 'x' }],
    ] as const) {
      const response = await call(ctx.app, 'POST', url, { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400)
    }
  })

  it("deletes only this tenant's media; others are reported and untouched", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const a = await external(owner, 'A')
    const b = await external(owner, 'B')
    const foreign = await external(other, 'F')
    const response = await call(ctx.app, 'POST', '/api/media/bulk/delete', {
      token: owner.token,
      body: { ids: [a.id, foreign.id, b.id] },
    })
    expect(response.data.deleted).toBe(2)
    expect(response.data.deletedIds.sort()).toEqual([a.id, b.id].sort())
    expect(response.data.notFound).toEqual([foreign.id])
    expect((await call(ctx.app, 'GET', `/api/media/${foreign.id}`, { token: other.token })).statusCode).toBe(
      200,
    )
  })
})

describe('media permissions and isolation', () => {
  it("answers another tenant's id exactly like a missing one on every by-id route", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await external(other, 'Theirs')
    const missing = 'e'.repeat(24)
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { title: 'Mine' }],
      ['DELETE', undefined],
    ] as const) {
      const cross = await call(ctx.app, method, `/api/media/${foreign.id}`, { token: owner.token, body })
      const absent = await call(ctx.app, method, `/api/media/${missing}`, { token: owner.token, body })
      expect(cross.statusCode, method).toBe(404)
      expect(cross.data).toEqual(absent.data)
    }
    expect(
      (await call(ctx.app, 'GET', `/api/media/${foreign.id}`, { token: other.token })).data.media.title,
    ).toBe('Theirs')
  })

  it('lets viewers read only, read-only tokens read only, and needs credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    const item = await external(author, 'Authored')
    const writes: Array<[string, string, unknown]> = [
      ['PATCH', `/api/media/${item.id}`, { title: 'x' }],
      ['DELETE', `/api/media/${item.id}`, undefined],
      ['POST', '/api/media/bulk/tags', { ids: [item.id], tags: ['x'] }],
      ['POST', '/api/media/bulk/delete', { ids: [item.id] }],
      ['POST', '/api/media/presign', { fileName: 'a', contentType: 'image/png', size: 1 }],
      ['POST', '/api/media', { key: 'x' }],
      ['POST', '/api/media/register-existing', { key: 'x' }],
    ]
    for (const [method, url, body] of writes) {
      for (const token of [viewer.token, readToken]) {
        const response = await call(ctx.app, method as 'POST', url, { token, body })
        expect(response.statusCode, `${method} ${url}`).toBe(403)
      }
      expect((await call(ctx.app, method as 'POST', url, { body })).statusCode).toBe(401)
    }
    expect((await call(ctx.app, 'GET', `/api/media/${item.id}`, { token: viewer.token })).statusCode).toBe(
      200,
    )
    expect((await call(ctx.app, 'GET', `/api/media/${item.id}`)).statusCode).toBe(401)
  })
})
