import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../test/helpers.js'
import { outbox, outboxTasks } from '../db/schema/index.js'

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
    .select({ type: outbox.type, dispatchedAt: outbox.dispatchedAt })
    .from(outbox)
    .where(eq(outbox.tenantId, tenantId))
}

/** The consumers that still have the tenant's events to do. */
async function waitingConsumers(tenantId: string) {
  const rows = await ctx.db
    .select({ consumer: outboxTasks.consumer })
    .from(outboxTasks)
    .where(eq(outboxTasks.tenantId, tenantId))
  return rows.map((row) => row.consumer).sort()
}

describe('transactional outbox', () => {
  it('answers a committed write while Redis is down, logs its activity at once, and broadcasts it once Redis is back', async () => {
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
      await ctx.app.folio.platform.relay.wake()
      // The failing broadcast undoes nothing of the other consumers: the activity is there already.
      const during = await call(ctx.app, 'GET', '/api/activities', { token: owner.token })
      expect(during.data.activities.map((a: { action: string }) => a.action)).toEqual(['content.created'])
      if (ownDatabase) {
        expect(failedBroadcasts.length).toBeGreaterThan(0)
        expect(await waitingConsumers(owner.tenantId)).toEqual(['broadcast'])
      }
    } finally {
      storeDown = false
    }
    // Once Redis is back the broadcast goes out (its backoff starts at one second).
    await expect.poll(() => waitingConsumers(owner.tenantId), { timeout: 15_000 }).toEqual([])
    const [event] = await eventsOf(owner.tenantId)
    expect(event?.type).toBe('content.created')
    expect(event?.dispatchedAt).not.toBeNull()
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
          .select({ type: outbox.type, dispatchedAt: outbox.dispatchedAt })
          .from(outbox)
          .where(eq(outbox.tenantId, owner.tenantId))
        expect(rows).toEqual([{ type: 'tag.created', dispatchedAt: null }])
      } finally {
        await writer.close()
      }
    },
  )
})
