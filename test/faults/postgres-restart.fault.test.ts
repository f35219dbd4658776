import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type PostgresServer,
  type RedisServer,
  sleep,
  startPostgres,
  startRedis,
  waitFor,
} from './cluster.js'
import { type FolioProcess, type Owner, request, signUpOwner, startFolio } from './folio.js'
import { statusCounts, type WriteOutcome, writeContinuously } from './writes.js'

/**
 * PostgreSQL restarted under writes (docs/decisions/configuration.md "PostgreSQL outages"): the
 * process stays up, every write answered 2xx is still there afterwards, an outage answers 503 with
 * Retry-After and never 500 or a hang, /ready follows the database, and the pool, jobs and the relay
 * come back by themselves.
 */
let postgres: PostgresServer
let redis: RedisServer
let folio: FolioProcess
let owner: Owner

beforeAll(async () => {
  ;[postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  folio = await startFolio({ databaseUrl: await postgres.createDatabase('folio'), redisUrl: redis.url })
  owner = await signUpOwner(folio.url)
})
afterAll(async () => {
  await folio?.stop()
  await Promise.all([postgres?.destroy(), redis?.destroy()])
})

/** Every answer is a 2xx or a 503 ServiceUnavailable with Retry-After; none failed to connect. */
function expectNoFailureBut503(outcomes: readonly WriteOutcome[]) {
  const wrong = outcomes.filter(
    (o) =>
      o.status !== 200 && !(o.status === 503 && o.error === 'ServiceUnavailable' && o.retryAfter === '5'),
  )
  expect(wrong, JSON.stringify(statusCounts(outcomes))).toEqual([])
}

/** Every write answered 200 can be read back with its title. */
async function expectAllKept(outcomes: readonly WriteOutcome[]) {
  const kept = outcomes.filter((o) => o.status === 200)
  const missing: string[] = []
  for (const { id, title } of kept) {
    const read = await request(folio.url, 'GET', `/api/contents/${id}`, { token: owner.token })
    if (read.status !== 200 || read.data.content.title !== title) missing.push(`${id} ${read.status}`)
  }
  expect(missing).toEqual([])
  return kept.length
}

/** The process' last log lines, to show why it failed. */
const lastLogLines = () =>
  folio
    .logs()
    .slice(-15)
    .map((line) => JSON.stringify(line))
    .join('\n')

/** Error-level lines the process logged (pino: 50 error, 60 fatal). */
const errorLines = () => folio.logs().filter((line) => Number(line.level) >= 50)

describe.each([
  { mode: 'fast' as const, what: 'an operator restart: every session ends with 57P01' },
  { mode: 'immediate' as const, what: 'a crash: connections reset, recovery at start' },
])('PostgreSQL stopped $mode ($what) for 3 s under writes', ({ mode }) => {
  it('keeps the process, answers only 2xx or 503 with Retry-After, loses no 2xx write and recovers by itself', async () => {
    const writes = writeContinuously(folio.url, owner)
    await waitFor('writes before the outage', async () => writes.outcomes.length >= 20)
    await postgres.stop(mode)
    const down = Date.now()
    const probes: { ready: number; health: number; degraded: unknown }[] = []
    while (Date.now() - down < 3000) {
      const [ready, health] = await Promise.all([
        request(folio.url, 'GET', '/ready'),
        request(folio.url, 'GET', '/health'),
      ])
      probes.push({ ready: ready.status, health: health.status, degraded: ready.data?.degraded })
      await sleep(250)
    }
    const starting = Date.now()
    await postgres.start()
    const up = Date.now()
    await waitFor(
      'a write after the restart',
      async () => folio.exited() !== null || writes.outcomes.some((o) => o.at > up && o.status === 200),
    )
    // Before: both instances exited (code 1) on the terminated connections.
    expect(folio.exited(), lastLogLines()).toBeNull()
    const recoveredAt = writes.outcomes.find((o) => o.at > up && o.status === 200)!.at
    await sleep(1000)
    const outcomes = await writes.stop()

    expect(folio.exited()).toBeNull()
    expectNoFailureBut503(outcomes)
    // Sent once PostgreSQL had stopped, answered before it was being started again.
    const during = outcomes.filter((o) => o.sentAt > down && o.at < starting)
    expect(during.length).toBeGreaterThan(0)
    expect(during.every((o) => o.status === 503)).toBe(true)
    // Never a hang: an answer within the bounded connect (5 s) and some room for a busy machine.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(8000)
    expect(new Set(probes.map((p) => p.ready))).toEqual(new Set([503]))
    expect(probes[0]!.degraded).toEqual(['database'])
    expect(new Set(probes.map((p) => p.health))).toEqual(new Set([200]))
    expect((await request(folio.url, 'GET', '/ready')).data).toMatchObject({ status: 'ready', degraded: [] })
    const kept = await expectAllKept(outcomes)
    expect(errorLines()).toEqual([])
    console.info(
      `PostgreSQL ${mode} restart: ${kept} writes kept, ${during.length} answered 503 while down; ` +
        `first write ${recoveredAt - up} ms after PostgreSQL accepted connections; answers ${JSON.stringify(statusCounts(outcomes))}`,
    )
  })
})

describe('after a PostgreSQL restart', () => {
  it('runs the jobs and relays the events that came due meanwhile', async () => {
    const publishAt = new Date(Date.now() + 4000).toISOString()
    const scheduled = await request(folio.url, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Due during the outage', status: 'scheduled', publishAt },
    })
    expect(scheduled.status).toBe(200)
    await postgres.restart({ mode: 'fast', downMs: 5000 })
    const written = await (async () => {
      for (;;) {
        const answer = await request(folio.url, 'POST', '/api/contents', {
          token: owner.token,
          body: { title: 'Written after the outage' },
        })
        if (answer.status === 200) return answer.data.content
        expect(answer.status).toBe(503)
        await sleep(200)
      }
    })()
    // The job queued before the outage (publish at publishAt) ran once the database was back.
    await waitFor(
      'the scheduled content to be published',
      async () =>
        (
          await request(folio.url, 'GET', `/api/contents/${scheduled.data.content.id}`, {
            token: owner.token,
          })
        ).data.content.status === 'published',
    )
    // The relay took up the outbox again: the write's activity appears.
    await waitFor('the activity of the write after the outage', async () => {
      const page = await request(folio.url, 'GET', '/api/activities?action=content.created&limit=100', {
        token: owner.token,
      })
      return page.data.activities.some((activity: any) => JSON.stringify(activity).includes(written.id))
    })
    expect(folio.exited()).toBeNull()
  })
})

describe('the log of an outage', () => {
  it('says once per outage that PostgreSQL cannot be reached, and when it is back', () => {
    const messages = folio.logs().map((line) => String(line.msg))
    const lost = messages.filter((msg) => msg.startsWith('PostgreSQL cannot be reached'))
    const back = messages.filter((msg) => msg === 'PostgreSQL is reachable again')
    // Three outages in this file.
    expect(lost.length).toBe(3)
    expect(back.length).toBe(3)
  })
})
