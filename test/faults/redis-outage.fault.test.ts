import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type PostgresServer,
  type RedisServer,
  sleep,
  startPostgres,
  startRedis,
  waitFor,
} from './cluster.js'
import { type FolioProcess, type Owner, percentile, request, signUpOwner, startFolio } from './folio.js'

/**
 * Redis away under two instances (docs/decisions/configuration.md "Redis outages"): writes keep
 * their speed and succeed, the outage is one warning per change, /ready says `degraded`, and when
 * Redis is back no public read answers from what was cached before the outage for data written
 * during it.
 */
let postgres: PostgresServer
let redis: RedisServer
let first: FolioProcess
let second: FolioProcess
let owner: Owner

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  const databaseUrl = await postgres.createDatabase('folio')
  // One after the other: each applies the migrations at its start.
  first = await startFolio({ databaseUrl, redisUrl: redis.url })
  second = await startFolio({ databaseUrl, redisUrl: redis.url })
  owner = await signUpOwner(first.url)
})
afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
  await Promise.all([postgres?.destroy(), redis?.destroy()])
})

const readinessOf = async (folio: FolioProcess) => (await request(folio.url, 'GET', '/ready')).data
const bothReady = async () =>
  (await readinessOf(first)).status === 'ready' && (await readinessOf(second)).status === 'ready'

/** `count` content writes one after the other; their latencies (ms), after every one answered 200. */
async function timedWrites(folio: FolioProcess, count: number, label: string): Promise<number[]> {
  const latencies: number[] = []
  for (let n = 0; n < count; n++) {
    const answer = await request(folio.url, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: `${label} ${n}` },
    })
    expect(answer.status, JSON.stringify(answer.data)).toBe(200)
    latencies.push(answer.ms)
  }
  return latencies
}

const publicRead = (folio: FolioProcess, slug: string) =>
  request(folio.url, 'GET', `/api/public/contents/slug/${slug}`, {
    headers: { 'x-tenant-id': owner.tenantId },
  })

describe('Redis stopped for a while', () => {
  it('keeps writes as fast as with Redis, says degraded on /ready, and warns once per change', async () => {
    await timedWrites(first, 10, 'warm-up')
    const up = await timedWrites(first, 40, 'with Redis')
    await redis.stop()
    await sleep(500)
    const down = await timedWrites(first, 40, 'without Redis')
    const figures = {
      up: { p50: percentile(up, 50), p95: percentile(up, 95) },
      down: { p50: percentile(down, 50), p95: percentile(down, 95) },
    }
    console.info(
      `write latency (ms) with Redis p50 ${figures.up.p50.toFixed(1)} p95 ${figures.up.p95.toFixed(1)}; ` +
        `Redis down p50 ${figures.down.p50.toFixed(1)} p95 ${figures.down.p95.toFixed(1)}`,
    )
    // Within twice the usual latency, with a few ms of room for a busy machine (before: 612/2,504 ms).
    expect(figures.down.p50).toBeLessThan(2 * figures.up.p50 + 10)
    expect(figures.down.p95).toBeLessThan(2 * figures.up.p95 + 25)

    for (const folio of [first, second]) {
      expect(await readinessOf(folio)).toMatchObject({ status: 'degraded', degraded: ['redis'] })
      expect((await request(folio.url, 'GET', '/health')).status).toBe(200)
    }
    // Sessions and permissions come from PostgreSQL: reading with a session works on both.
    const list = await request(second.url, 'GET', '/api/contents?limit=1', { token: owner.token })
    expect(list.status).toBe(200)
    await redis.start()
    await waitFor('both instances to see Redis back', bothReady)

    for (const folio of [first, second]) {
      const messages = folio.logs().map((line) => String(line.msg))
      expect(messages.filter((msg) => msg.startsWith('Redis cannot be reached'))).toHaveLength(1)
      expect(messages.filter((msg) => msg.startsWith('Redis is reachable again'))).toHaveLength(1)
      // ioredis prints an unheard connection error once per reconnection attempt.
      expect(messages.filter((msg) => msg.includes('[ioredis]'))).toEqual([])
      expect(folio.logs().filter((line) => Number(line.level) >= 50)).toEqual([])
      expect(folio.exited()).toBeNull()
    }
  })
})

describe('the delivery cache across a Redis outage', () => {
  it('never answers a public read from before the outage for a write made during it', async () => {
    const created = await request(first.url, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Before the outage', status: 'published' },
    })
    expect(created.status).toBe(200)
    const { id, slug } = created.data.content
    // Kept in Redis by the second instance.
    expect((await publicRead(second, slug)).headers.get('x-cache')).toBe('MISS')
    const cached = await publicRead(second, slug)
    expect(cached.headers.get('x-cache')).toBe('HIT')
    expect(cached.data.content.title).toBe('Before the outage')

    // Redis keeps its data across the stop (as one with persistence does): the entry and the
    // generations it was kept under come back with it.
    await redis.stop({ keepData: true })
    await sleep(500)
    const updated = await request(first.url, 'PUT', `/api/contents/${id}`, {
      token: owner.token,
      body: { title: 'Written during the outage' },
    })
    expect(updated.status).toBe(200)
    const bypassed = await publicRead(second, slug)
    expect(bypassed.data.content.title).toBe('Written during the outage')
    expect(bypassed.headers.get('x-cache')).toBeNull()

    await redis.start()
    await waitFor('both instances to see Redis back', bothReady)
    for (const folio of [second, first, second]) {
      const read = await publicRead(folio, slug)
      expect(read.data.content.title).toBe('Written during the outage')
    }
    // The cache serves again, the new answer.
    const again = await publicRead(second, slug)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.data.content.title).toBe('Written during the outage')
  })
})

describe('Redis that hangs', () => {
  it('costs the writes at most one command timeout, then none, until it answers again', async () => {
    redis.freeze()
    try {
      const latencies = await timedWrites(first, 20, 'Redis frozen')
      console.info(
        `writes while Redis hangs (ms): first ${latencies[0]!.toFixed(0)}, ` +
          `p50 ${percentile(latencies, 50).toFixed(1)}, max ${Math.max(...latencies).toFixed(0)}`,
      )
      // One command timeout (500 ms) at most for a write caught by the hang, then the heartbeat has
      // dropped the connection and commands fail at once.
      expect(Math.max(...latencies)).toBeLessThan(1500)
      expect(percentile(latencies, 50)).toBeLessThan(100)
    } finally {
      redis.thaw()
    }
    await waitFor('both instances to see Redis back', bothReady)
  })
})
