import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login } from '../../test/auth-fixtures.js'
import { createContent } from '../../test/content-fixtures.js'
import { call, createTestContext, seedTenant, type TestContext } from '../../test/helpers.js'
import type { SharedStore } from './shared-store.js'

/** Nothing listens on port 1: every connection to this Redis is refused. */
const UNREACHABLE = 'redis://127.0.0.1:1'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Folio serves while Redis cannot be reached (docs/decisions/configuration.md "Redis outages").
 * These need no Redis server: the app's Redis is one that refuses every connection.
 */
describe('an app whose Redis cannot be reached', () => {
  const logs: string[] = []
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({
      redisUrl: UNREACHABLE,
      logs,
      env: { AUTH_THROTTLES: 'on', AUTH_LOGIN_ACCOUNT_IP_LIMIT: '2' },
    })
  })
  afterAll(() => ctx.close())

  it('serves writes and public reads (uncached), and says degraded on /ready', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, {
      title: 'Served without Redis',
      status: 'published',
    })
    const read = await call(ctx.app, 'GET', `/api/public/contents/slug/${content.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(read.statusCode).toBe(200)
    expect(read.data.content.title).toBe('Served without Redis')
    expect(read.headers['x-cache']).toBeUndefined()
    const ready = await call(ctx.app, 'GET', '/ready')
    expect([ready.statusCode, ready.data.status, ready.data.degraded]).toEqual([200, 'degraded', ['redis']])
    expect((await call(ctx.app, 'GET', '/health')).statusCode).toBe(200)
  })

  it('still throttles sign-in guesses, counted on this instance', async () => {
    const owner = await seedTenant(ctx.db)
    const guesses = []
    for (let n = 0; n < 3; n++) {
      guesses.push((await login(ctx.app, { email: owner.email, password: 'wrong' }, '192.0.2.44')).statusCode)
    }
    expect(guesses).toEqual([401, 401, 429])
    // Sessions come from PostgreSQL: the right password from elsewhere signs in.
    expect((await login(ctx.app, { email: owner.email, password: owner.password })).statusCode).toBe(200)
  })

  it('logs the outage once, as a warning, and nothing per attempt to reconnect', async () => {
    await sleep(1500)
    const lines = logs.map((line) => JSON.parse(line) as { level: number; msg: string })
    expect(lines.filter((line) => line.msg.startsWith('Redis cannot be reached'))).toHaveLength(1)
    expect(lines.filter((line) => line.msg.startsWith('Redis cannot be reached'))[0]!.level).toBe(40)
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  })
})

/** Loses the store's command connection and gets it back, as an outage of this instance's Redis does. */
async function blip(store: SharedStore, during: () => Promise<void>) {
  const changes: boolean[] = []
  store.onAvailabilityChange((available) => changes.push(available))
  store.redis!.disconnect()
  await expect.poll(() => store.available()).toBe(false)
  await during()
  await store.redis!.connect()
  await expect.poll(() => store.available()).toBe(true)
  expect(changes).toEqual([false, true])
}

describe.skipIf(process.env.TEST_REDIS_URL === undefined)('when Redis is back', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  it('never serves a public answer kept before the outage for a write made during it', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Before', status: 'published' })
    const read = () =>
      call(ctx.app, 'GET', `/api/public/contents/slug/${content.slug}`, {
        headers: { 'x-tenant-id': owner.tenantId },
      })
    await read()
    expect((await read()).headers['x-cache']).toBe('HIT')
    await blip(ctx.store, async () => {
      const updated = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
        token: owner.token,
        body: { title: 'During' },
      })
      expect(updated.statusCode).toBe(200)
      const bypassed = await read()
      expect([bypassed.data.content.title, bypassed.headers['x-cache']]).toEqual(['During', undefined])
    })
    // The epoch moves on as Redis comes back; until it has, reads bypass the cache.
    await expect.poll(async () => (await read()).headers['x-cache']).toBe('HIT')
    expect((await read()).data.content.title).toBe('During')
  })
})
