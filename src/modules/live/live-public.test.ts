import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import { baseUrlOf, openSse, type SseMessage } from '../../../test/live-fixtures.js'
import { outbox } from '../../db/schema/index.js'

/**
 * `GET /api/public/events` over a listening app (docs/decisions/live.md): what a site hears of a
 * tenant's writes, resuming, caps and the edge policy. Heartbeats every 150 ms; a resume replays at
 * most 5 events.
 */
let ctx: TestContext
let base: string
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      PUBLIC_CLIENT_LIMIT: 'off',
      LIVE_HEARTBEAT_MS: '150',
      LIVE_REPLAY_MAX_EVENTS: '5',
      LIVE_STREAMS_PER_NETWORK: '3',
      LIVE_STREAMS_PER_TENANT: '4',
      TRUST_PROXY: '127.0.0.1',
    },
  })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  base = baseUrlOf(ctx.app.server.address())
})
afterAll(() => ctx.close())

let address = 0
/** A client network of its own (through the trusted proxy), so the per-network cap is the test's own. */
const network = () => ({ 'x-forwarded-for': `198.51.100.${++address}` })

const stream = (tenantId: string, headers: Record<string, string> = {}, query = '') =>
  openSse(`${base}/api/public/events?tenant=${tenantId}${query}`, { ...network(), ...headers })

const change = (message: SseMessage) => message.event === 'change'
const parsed = (message: SseMessage) => JSON.parse(message.data)

async function createdAt(id: string): Promise<string> {
  const [row] = await ctx.db.select({ at: outbox.createdAt }).from(outbox).where(eq(outbox.id, id))
  return row!.at.toISOString()
}

describe('the public change stream', () => {
  it('says a content was published, with the exact message; drafts and draft saves say nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const sse = await stream(owner.tenantId)
    expect(sse.status).toBe(200)
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(sse.headers['cache-control']).toBe('no-store')
    expect(sse.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token')
    expect(sse.headers.etag).toBeUndefined()
    expect(sse.headers['x-cache']).toBeUndefined()
    // The stream tells how long EventSource waits before reconnecting.
    await sse.next(
      (message) => message.event === 'message' && message.data === '' && message.id === undefined,
    )
    await sse.next((message) => message.event === ':')

    const draft = await createContent(ctx, owner.token, { title: 'Draft', slug: 'draft' })
    const edited = await call(ctx.app, 'PUT', `/api/contents/${draft.id}`, {
      token: owner.token,
      body: { title: 'Still a draft' },
    })
    expect(edited.statusCode).toBe(200)
    const published = await call(ctx.app, 'PUT', `/api/contents/${draft.id}`, {
      token: owner.token,
      body: { status: 'published' },
    })
    expect(published.statusCode).toBe(200)
    // Publishing is an update of a content now published, then its publication.
    const updated = await sse.next(change)
    expect(parsed(updated).type).toBe('content.updated')
    const message = await sse.next(change)
    expect(message.id).toMatch(/^[a-f0-9]{24}$/)
    expect(parsed(message)).toEqual({
      type: 'content.published',
      record: { type: 'content', id: draft.id, slug: 'draft', locale: 'en' },
      surrogateKeys: [`content:${draft.id}`, `contents:${owner.tenantId}`, `menus:${owner.tenantId}`],
      at: await createdAt(message.id!),
    })
    // The exact text on the wire.
    expect(sse.messages.some((m) => m === message)).toBe(true)

    // A draft of the published content, saved and saved again: nothing public changed.
    for (const title of ['Pending one', 'Pending two']) {
      const saved = await call(ctx.app, 'PUT', `/api/contents/${draft.id}/draft`, {
        token: owner.token,
        body: { title },
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    await createContent(ctx, owner.token, { title: 'Another draft' })
    const next = await createContent(ctx, owner.token, { title: 'Live', slug: 'live', status: 'published' })
    const after = parsed(await sse.next(change))
    expect(after.type).toBe('content.published')
    expect(after.record.id).toBe(next.id)
    expect(sse.messages.filter(change).map((m) => parsed(m).type)).toEqual([
      'content.updated',
      'content.published',
      'content.published',
    ])

    // Unpublishing names the slug it had; deleting a draft says nothing, deleting a live one does.
    await call(ctx.app, 'PUT', `/api/contents/${next.id}`, { token: owner.token, body: { status: 'draft' } })
    const unpublished = parsed(await sse.next(change))
    expect(unpublished.type).toBe('content.unpublished')
    expect(unpublished.record).toEqual({ type: 'content', id: next.id, slug: 'live', locale: 'en' })
    await call(ctx.app, 'DELETE', `/api/contents/${next.id}`, { token: owner.token })
    await call(ctx.app, 'DELETE', `/api/contents/${draft.id}`, { token: owner.token })
    const deleted = parsed(await sse.next(change))
    expect(deleted.type).toBe('content.deleted')
    expect(deleted.record.id).toBe(draft.id)
    sse.close()
  })

  it('tells settings changes as "refetch everything" and taxonomy with its keys', async () => {
    const owner = await seedTenant(ctx.db)
    const sse = await stream(owner.tenantId)
    const tag = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'News' } })
    expect(tag.statusCode, tag.body).toBe(200)
    const tagged = await sse.next(change)
    expect(parsed(tagged)).toEqual({
      type: 'tag.created',
      record: { type: 'tag', id: tag.data.tag.id, slug: 'news' },
      surrogateKeys: [`tag:${tag.data.tag.id}`, `tags:${owner.tenantId}`, `contents:${owner.tenantId}`],
      at: await createdAt(tagged.id!),
    })
    const settings = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { cacheMaxAgeSeconds: 30 } },
    })
    expect(settings.statusCode, settings.body).toBe(200)
    const refetch = await sse.next(change)
    expect(parsed(refetch)).toEqual({
      type: 'settings.updated',
      record: null,
      surrogateKeys: [`t:${owner.tenantId}`],
      at: await createdAt(refetch.id!),
    })
    sse.close()
  })

  it('takes the tenant from X-Tenant-ID too, and never tells one tenant of another’s writes', async () => {
    const one = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const mine = await openSse(`${base}/api/public/events`, { 'x-tenant-id': one.tenantId, ...network() })
    const theirs = await stream(other.tenantId)
    expect(mine.status).toBe(200)
    const their = await createContent(ctx, other.token, { title: 'Theirs', status: 'published' })
    const ours = await createContent(ctx, one.token, { title: 'Ours', status: 'published' })
    expect(parsed(await mine.next(change)).record.id).toBe(ours.id)
    expect(parsed(await theirs.next(change)).record.id).toBe(their.id)
    expect(mine.messages.filter(change).map((m) => parsed(m).record.id)).toEqual([ours.id])
    expect(theirs.messages.filter(change).every((m) => parsed(m).record.id !== ours.id)).toBe(true)
    mine.close()
    theirs.close()
  })

  it('resumes after Last-Event-ID with exactly the missed events, and resets outside the window', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await stream(owner.tenantId)
    const seen = await createContent(ctx, owner.token, { title: 'Seen', status: 'published' })
    const last = await first.next(change)
    expect(parsed(last).record.id).toBe(seen.id)
    first.close()

    const missed = [
      await createContent(ctx, owner.token, { title: 'Missed one', status: 'published' }),
      await createContent(ctx, owner.token, { title: 'A draft, never told' }),
      await createContent(ctx, owner.token, { title: 'Missed two', status: 'published' }),
    ]
    const resumed = await stream(owner.tenantId, { 'last-event-id': last.id! })
    const replayed = [await resumed.next(change), await resumed.next(change)]
    expect(replayed.map((m) => parsed(m).record.id)).toEqual([missed[0].id, missed[2].id])
    // Then live, with nothing replayed twice.
    const live = await createContent(ctx, owner.token, { title: 'Live again', status: 'published' })
    expect(parsed(await resumed.next(change)).record.id).toBe(live.id)
    expect(resumed.messages.filter(change)).toHaveLength(3)
    resumed.close()

    // The query parameter does the same.
    const byQuery = await stream(owner.tenantId, {}, `&lastEventId=${replayed[1]!.id}`)
    expect(parsed(await byQuery.next(change)).record.id).toBe(live.id)
    byQuery.close()

    // Six events since `last`: past the window of five, the client is told to refetch everything,
    // and resumes from the newest event.
    const reset = await stream(owner.tenantId, { 'last-event-id': last.id! })
    const told = await reset.next((message) => message.event === 'reset')
    const [newest] = await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.tenantId, owner.tenantId))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(1)
    expect(told.id).toBe(newest!.id)
    reset.close()

    // An id that is not one of the tenant's events (another tenant's, or none at all) resets too.
    const other = await seedTenant(ctx.db)
    for (const id of [last.id!, '0'.repeat(24), 'not-an-id']) {
      const unknown = await stream(other.tenantId, { 'last-event-id': id })
      expect((await unknown.next((message) => message.event === 'reset')).data).toBe('{}')
      unknown.close()
    }
  })

  it('caps streams per client network and per tenant (429 before the stream starts), and frees a place on disconnect', async () => {
    const owner = await seedTenant(ctx.db)
    const from = { 'x-forwarded-for': '203.0.113.7' }
    const open = [] as Awaited<ReturnType<typeof stream>>[]
    for (let i = 0; i < 3; i++) open.push(await stream(owner.tenantId, from))
    expect(open.map((sse) => sse.status)).toEqual([200, 200, 200])
    const refused = await stream(owner.tenantId, from)
    expect(refused.status).toBe(429)
    expect(JSON.parse(await refused.body())).toEqual({
      error: 'RateLimitExceeded',
      message:
        'This network address has as many open change streams as it may (LIVE_STREAMS_PER_NETWORK); close one or retry later.',
    })
    expect(refused.headers['retry-after']).toBe('30')
    // A fourth for the tenant from elsewhere fits; a fifth does not.
    const fourth = await stream(owner.tenantId)
    expect(fourth.status).toBe(200)
    const fifth = await stream(owner.tenantId)
    expect(fifth.status).toBe(429)
    expect(JSON.parse(await fifth.body()).message).toContain('LIVE_STREAMS_PER_TENANT')
    open[0]!.close()
    await expect
      .poll(async () => {
        const again = await stream(owner.tenantId, from)
        again.close()
        return again.status
      })
      .toBe(200)
    for (const sse of [...open, fourth]) sse.close()
  })

  it('applies the edge policy: a refused origin is 403, an unknown tenant 404, no tenant 400', async () => {
    const owner = await seedTenant(ctx.db)
    const refused = await stream(owner.tenantId, { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    expect(JSON.parse(await refused.body()).error).toBe('Forbidden')
    const unknown = await stream('f'.repeat(24))
    expect(unknown.status).toBe(404)
    await unknown.body()
    const none = await openSse(`${base}/api/public/events`, network())
    expect(none.status).toBe(400)
    expect(JSON.parse(await none.body()).error).toBe('TenantRequired')
  })
})

describe('closing the app', () => {
  it('ends its open streams instead of waiting for them', async () => {
    const own = await createTestContext({ env: { PUBLIC_CLIENT_LIMIT: 'off' } })
    await own.app.listen({ port: 0, host: '127.0.0.1' })
    const owner = await seedTenant(own.db)
    const sse = await openSse(
      `${baseUrlOf(own.app.server.address())}/api/public/events?tenant=${owner.tenantId}`,
    )
    expect(sse.status).toBe(200)
    const started = Date.now()
    await own.close()
    await sse.end()
    expect(sse.ended).toBe(true)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
