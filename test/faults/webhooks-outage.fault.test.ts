import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  awaitDeliveries,
  deliverySummary,
  type Receiver,
  startReceiver,
  steadyWrites,
  tenantsWithWebhooks,
  type WebhookTenant,
} from '../../bench/webhook-load.mjs'
import {
  type PostgresServer,
  type RedisServer,
  sleep,
  startPostgres,
  startRedis,
  waitFor,
} from './cluster.js'
import { type FolioProcess, request, startFolio } from './folio.js'

/**
 * Webhooks across outages (docs/decisions/jobs-and-events.md "Each consumer keeps its own
 * progress"): every write acknowledged while Redis is away, or around a PostgreSQL restart, reaches
 * its tenant's receiver once, when the part is back; none is dropped, none is sent twice.
 */
let postgres: PostgresServer
let redis: RedisServer
let first: FolioProcess
let second: FolioProcess
let receivers: Receiver[]
let tenants: WebhookTenant[]

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  const databaseUrl = await postgres.createDatabase('folio')
  const env = { OUTBOUND_ALLOW_PRIVATE: 'true', METERING: 'off' }
  first = await startFolio({ databaseUrl, redisUrl: redis.url, env })
  second = await startFolio({ databaseUrl, redisUrl: redis.url, env })
  receivers = [await startReceiver(), await startReceiver()]
  tenants = await tenantsWithWebhooks(first.url, receivers)
})
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
  for (const receiver of receivers ?? []) await receiver.close()
  await Promise.all([postgres?.destroy(), redis?.destroy()])
})

const delivered = () => receivers.reduce((sum, receiver) => sum + receiver.deliveries.size, 0)
const targets = () => [
  { base: first.url, tenant: tenants[0]! },
  { base: second.url, tenant: tenants[1]! },
  { base: second.url, tenant: tenants[0]! },
  { base: first.url, tenant: tenants[1]! },
]
const bothReady = async () => {
  for (const folio of [first, second]) {
    if ((await request(folio.url, 'GET', '/ready')).data?.status !== 'ready') return false
  }
  return true
}

describe('webhooks across outages', () => {
  it('delivers every write acknowledged while Redis is away once, after Redis is back', async () => {
    const before = delivered()
    await redis.stop({ keepData: false })
    await sleep(300)
    const writes = await steadyWrites({ targets: targets(), perSecond: 20, seconds: 8 })
    expect([...writes.failed]).toEqual([])
    expect(writes.acknowledged).toBe(160)
    await redis.start()
    await waitFor('both instances to see Redis back', bothReady)
    expect(await awaitDeliveries(receivers, before + writes.acknowledged, 30_000)).toBe(
      before + writes.acknowledged,
    )
    // Nothing more arrives later, and nothing arrived twice.
    await sleep(2000)
    expect(delivered()).toBe(before + writes.acknowledged)
    expect(deliverySummary(receivers).duplicates).toBe(0)
    expect([first.exited(), second.exited()]).toEqual([null, null])
  })

  it('delivers every write acknowledged around a PostgreSQL restart once, after it is back', async () => {
    const before = delivered()
    const writing = steadyWrites({ targets: targets(), perSecond: 20, seconds: 10 })
    await sleep(3000)
    await postgres.restart({ mode: 'fast', downMs: 2000 })
    const writes = await writing
    const sent = 200
    // Refused writes are 503s while the database is away; a write whose answer was lost with its
    // connection may have committed all the same, so the receivers may hold a few more than acknowledged.
    for (const status of writes.failed.keys()) expect(status).toBe(503)
    expect(writes.acknowledged).toBeGreaterThan(100)
    await waitFor(
      'every acknowledged write delivered',
      async () => delivered() >= before + writes.acknowledged,
      60_000,
    )
    await sleep(2000)
    expect(delivered() - before).toBeLessThanOrEqual(sent)
    expect(deliverySummary(receivers).duplicates).toBe(0)
    expect([first.exited(), second.exited()]).toEqual([null, null])
  })
})
