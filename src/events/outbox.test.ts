import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../test/helpers.js'
import { outbox } from '../db/schema/index.js'

let ctx: TestContext
const ownDatabase = process.env.TEST_DATABASE_URL === undefined
let storeDown = false
const failedBroadcasts: string[] = []

beforeAll(async () => {
  ctx = await createTestContext({
    // The shared store stands for Redis: while `storeDown`, every publish fails as in an outage.
    wrapStore: (store) => ({
      ...store,
      async invalidate(key) {
        if (storeDown) {
          failedBroadcasts.push(key)
          throw new Error('connect ECONNREFUSED 127.0.0.1:6379')
        }
        return store.invalidate(key)
      },
    }),
  })
})
afterAll(() => ctx.close())

async function eventsOf(tenantId: string) {
  return ctx.db
    .select({ type: outbox.type, processedAt: outbox.processedAt })
    .from(outbox)
    .where(eq(outbox.tenantId, tenantId))
}

describe('transactional outbox', () => {
  it('answers a committed write even when Redis is down after the commit, and creates it once', async () => {
    const owner = await seedTenant(ctx.db)
    // A cached total first, so the write has a cache to invalidate.
    const before = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
    expect(before.data.pagination.total).toBe(0)
    storeDown = true
    try {
      const created = await call(ctx.app, 'POST', '/api/contents', {
        token: owner.token,
        body: { title: 'Written during the outage' },
      })
      expect(created.statusCode).toBe(200)
      // This instance's list total heard the commit at once, without Redis.
      const after = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
      expect(after.data.pagination.total).toBe(1)
      // On a shared test PostgreSQL another file's relay (with a healthy store) may take the event.
      if (ownDatabase) {
        await expect.poll(() => failedBroadcasts.length, { timeout: 5000 }).toBeGreaterThan(0)
        const waiting = await eventsOf(owner.tenantId)
        expect(waiting).toEqual([{ type: 'content.created', processedAt: null }])
      }
    } finally {
      storeDown = false
    }
    // Once Redis is back the relay hands the event over (its backoff starts at one second).
    await expect
      .poll(async () => (await eventsOf(owner.tenantId))[0]?.processedAt !== null, { timeout: 15_000 })
      .toBe(true)
    const activities = await call(ctx.app, 'GET', '/api/activities', { token: owner.token })
    expect(activities.data.activities.map((a: { action: string }) => a.action)).toEqual(['content.created'])
    const list = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
    expect(list.data.pagination.total).toBe(1)
  })

  it('records no event for a write that fails', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'Once' } })
    const again = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'Once' } })
    expect([first.statusCode, again.statusCode]).toEqual([200, 409])
    expect((await eventsOf(owner.tenantId)).map((event) => event.type)).toEqual(['tag.created'])
  })

  // Only on a database of its own: on a shared PostgreSQL the other files' apps relay its events.
  it.skipIf(!ownDatabase)(
    'leaves events in the outbox on an instance started with OUTBOX_RELAY=off',
    async () => {
      const writer = await createTestContext({ env: { OUTBOX_RELAY: 'off' } })
      try {
        const owner = await seedTenant(writer.db)
        const created = await call(writer.app, 'POST', '/api/tags', {
          token: owner.token,
          body: { title: 'Kept' },
        })
        expect(created.statusCode).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 1500))
        const rows = await writer.db
          .select({ type: outbox.type, processedAt: outbox.processedAt })
          .from(outbox)
          .where(eq(outbox.tenantId, owner.tenantId))
        expect(rows).toEqual([{ type: 'tag.created', processedAt: null }])
      } finally {
        await writer.close()
      }
    },
  )
})
