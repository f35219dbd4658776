import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, createTestContext, seedMember, seedTenant, type TestContext } from '../../../test/helpers.js'
import { baseUrlOf, openSse, type SseMessage } from '../../../test/live-fixtures.js'
import { users } from '../../db/schema/index.js'

/**
 * `GET /api/events` (a member's stream) and `/api/presence/{resource}/{id}` over a listening app
 * (docs/decisions/live.md "The authenticated stream", "Presence"). Presence lapses after 800 ms here.
 */
let ctx: TestContext
let base: string
beforeAll(async () => {
  ctx = await createTestContext({ env: { LIVE_PRESENCE_LAPSE_MS: '800', LIVE_HEARTBEAT_MS: '200' } })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = baseUrlOf(ctx.app.server.address())
})
afterAll(() => ctx.close())

const change = (message: SseMessage) => message.event === 'change'
const presence = (message: SseMessage) => message.event === 'presence'
const parsed = (message: SseMessage) => JSON.parse(message.data)

async function named(userId: string, firstName: string, lastName: string) {
  await ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId))
}

describe('the authenticated change stream', () => {
  it('sends the events the caller may view, with their catalog payloads, by bearer or session cookie', async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const owners = await openSse(`${base}/api/events`, {
      authorization: `Bearer ${owner.token}`,
      'x-tenant-id': owner.tenantId,
    })
    // EventSource sends the session cookie, and names the tenant in the query.
    const viewers = await openSse(`${base}/api/events?tenant=${owner.tenantId}`, {
      cookie: `folio_session=${viewer.token}`,
    })
    expect([owners.status, viewers.status]).toEqual([200, 200])
    expect(viewers.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(viewers.headers['cache-control']).toBe('no-store')

    const settings = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { cacheMaxAgeSeconds: 30 } },
    })
    expect(settings.statusCode, settings.body).toBe(200)
    const draft = await createContent(ctx, owner.token, { title: 'A draft', slug: 'a-draft' })

    const seen = await owners.next(change)
    expect(parsed(seen)).toEqual({
      type: 'settings.updated',
      subjectId: null,
      payload: { changed: ['edgeGateway'] },
    })
    const created = await owners.next(change)
    expect(parsed(created)).toEqual({
      type: 'content.created',
      subjectId: draft.id,
      payload: { id: draft.id, title: 'A draft', slug: 'a-draft', status: 'draft', locale: 'en' },
    })
    // A viewer may view contents (drafts too, as in Studio) but not the settings.
    const viewed = await viewers.next(change)
    expect(viewed.id).toBe(created.id)
    expect(parsed(viewed).type).toBe('content.created')
    expect(viewers.messages.filter(change).map((m) => parsed(m).type)).toEqual(['content.created'])
    owners.close()
    viewers.close()
  })

  it('needs a credential and a membership of the tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const stranger = await seedTenant(ctx.db)
    const anonymous = await openSse(`${base}/api/events?tenant=${owner.tenantId}`)
    expect(anonymous.status).toBe(401)
    await anonymous.body()
    const foreign = await openSse(`${base}/api/events?tenant=${owner.tenantId}`, {
      authorization: `Bearer ${stranger.token}`,
    })
    expect(foreign.status).toBe(403)
    expect(JSON.parse(await foreign.body()).error).toBe('Forbidden')
  })
})

describe('presence', () => {
  it('shows two editors to each other, drops one that leaves, and lapses one that stops heartbeating', async () => {
    const ada = await seedTenant(ctx.db)
    const bob = await seedMember(ctx.db, ada.tenantId, 'editor')
    await named(ada.userId, 'Ada', 'Lovelace')
    await named(bob.userId, 'Bob', 'Babbage')
    const content = await createContent(ctx, ada.token, { title: 'Shared' })
    const path = `/api/presence/content/${content.id}`
    const adaStream = await openSse(`${base}/api/events?tenant=${ada.tenantId}`, {
      authorization: `Bearer ${ada.token}`,
    })
    const bobStream = await openSse(`${base}/api/events?tenant=${bob.tenantId}`, {
      authorization: `Bearer ${bob.token}`,
    })

    const adaIn = await call(ctx.app, 'PUT', path, { token: ada.token })
    expect(adaIn.statusCode, adaIn.body).toBe(200)
    expect(adaIn.data.editors).toEqual([
      { userId: ada.userId, name: 'Ada Lovelace', since: expect.any(String) },
    ])
    const since = adaIn.data.editors[0].since
    expect(parsed(await bobStream.next(presence))).toEqual({
      resource: 'content',
      id: content.id,
      editors: [{ userId: ada.userId, name: 'Ada Lovelace' }],
    })

    const bobIn = await call(ctx.app, 'PUT', path, { token: bob.token })
    expect(bobIn.data.editors.map((editor: { name: string }) => editor.name)).toEqual([
      'Ada Lovelace',
      'Bob Babbage',
    ])
    const both = parsed(await adaStream.next((m) => presence(m) && parsed(m).editors.length === 2))
    expect(both.editors).toEqual([
      { userId: ada.userId, name: 'Ada Lovelace' },
      { userId: bob.userId, name: 'Bob Babbage' },
    ])
    // A heartbeat keeps `since` and tells no one anything new.
    const again = await call(ctx.app, 'PUT', path, { token: ada.token })
    expect(again.data.editors[0]).toEqual({ userId: ada.userId, name: 'Ada Lovelace', since })
    const listed = await call(ctx.app, 'GET', path, { token: bob.token })
    expect(listed.statusCode).toBe(200)
    expect(listed.data.editors.map((editor: { userId: string }) => editor.userId)).toEqual([
      ada.userId,
      bob.userId,
    ])

    // Bob leaves: Ada hears it at once.
    const left = await call(ctx.app, 'DELETE', path, { token: bob.token })
    expect(left.statusCode, left.body).toBe(200)
    expect(left.data).toEqual({ success: true })
    expect(parsed(await adaStream.next(presence)).editors).toEqual([
      { userId: ada.userId, name: 'Ada Lovelace' },
    ])

    // Ada stops heartbeating: 800 ms later she lapses, and Bob hears it.
    const lapsed = await bobStream.next((m) => presence(m) && parsed(m).editors.length === 0, 5000)
    expect(parsed(lapsed)).toEqual({ resource: 'content', id: content.id, editors: [] })
    expect((await call(ctx.app, 'GET', path, { token: bob.token })).data).toEqual({ editors: [] })
    adaStream.close()
    bobStream.close()
  })

  it('answers 404 for a content that is not the tenant’s, and asks content:view to see, content:update to announce', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const theirs = await createContent(ctx, other.token, { title: 'Theirs' })
    const mine = await createContent(ctx, owner.token, { title: 'Mine' })
    for (const id of [theirs.id, '0'.repeat(24)]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await call(ctx.app, method, `/api/presence/content/${id}`, { token: owner.token })
        expect(response.statusCode, `${method} ${id}`).toBe(404)
        expect(response.data).toEqual({ error: 'NotFound', message: 'Content not found.' })
      }
    }
    expect(
      (await call(ctx.app, 'GET', `/api/presence/content/${mine.id}`, { token: viewer.token })).statusCode,
    ).toBe(200)
    const refused = await call(ctx.app, 'PUT', `/api/presence/content/${mine.id}`, { token: viewer.token })
    expect(refused.statusCode).toBe(403)
    expect(refused.data.message).toBe('This needs the "content:update" permission.')
    // Only contents have presence: another kind of record is not found.
    const menu = await call(ctx.app, 'PUT', `/api/presence/menu/${mine.id}`, { token: owner.token })
    expect(menu.statusCode).toBe(404)
    const malformed = await call(ctx.app, 'PUT', `/api/presence/Menu!/${mine.id}`, { token: owner.token })
    expect(malformed.statusCode).toBe(400)
  })
})
