// Chaos (`npm run bench:chaos`): two built Folio instances on a private PostgreSQL and Redis (the
// fault harness of test/faults, never the machine's own servers), two tenants whose webhooks point at
// two local receivers, steady writes through both instances, and a published content rewritten and
// read back through both instances' public routes all along. Redis is killed for a while (its data
// lost), then PostgreSQL is restarted once. Prints, with a line of progress every 5 s:
// - writes acknowledged, and the failures by status, inside and outside the outage windows (only 503
//   is allowed, and only inside a window: from the fault to 5 s after the part is back);
// - webhook events received (distinct: at least the acknowledged writes, at most those sent; a write
//   whose answer was lost with its connection may have committed), duplicates, late ones (> 5 s after
//   their commit) and the delivery latency;
// - stale public reads (a read answering an older title than the last acknowledged one): 0;
// - the time each part took to be usable again, and whether both instances are still running.
// Targets: docs/decisions/configuration.md "Redis outages" and "PostgreSQL outages".
//
// Environment: BENCH_RATE (writes a second, default 100), BENCH_DURATION (seconds, default 60),
// BENCH_REDIS_DOWN (seconds, default 10), BENCH_PG_DOWN (seconds, default 3).
import { sleep, startPostgres, startRedis, waitFor } from '../test/faults/cluster.js'
import { type FolioProcess, request, signUpOwner, startFolio } from '../test/faults/folio.js'
import {
  awaitDeliveries,
  deliverySummary,
  startReceiver,
  steadyWrites,
  tenantsWithWebhooks,
  type WriteAnswer,
} from './webhook-load.mjs'

const rate = Number(process.env.BENCH_RATE || 100)
const duration = Number(process.env.BENCH_DURATION || 60)
const redisDownMs = Number(process.env.BENCH_REDIS_DOWN || 10) * 1000
const postgresDownMs = Number(process.env.BENCH_PG_DOWN || 3) * 1000
const LATE_MS = 5000
/** How long after a part is back its outage still explains a 503 (ms). */
const WINDOW_TAIL_MS = 5000

interface Window {
  what: string
  from: number
  to: number
  /** From the part's start to both instances writing (or ready) again (ms). */
  recoveredMs: number
}

const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
console.log('starting a private PostgreSQL and Redis, two built instances, two webhook receivers')
const [postgres, redis] = await Promise.all([startPostgres(), startRedis()])
const databaseUrl = await postgres.createDatabase('folio')
const env = { OUTBOUND_ALLOW_PRIVATE: 'true', METERING: 'off', LOG_LEVEL: 'warn' }
const instances: FolioProcess[] = []
const receivers = [await startReceiver(), await startReceiver()]
let exitCode = 1
try {
  for (let n = 0; n < 2; n++) {
    instances.push(await startFolio({ databaseUrl, redisUrl: redis.url, env, built: true }))
  }
  const [first, second] = instances as [FolioProcess, FolioProcess]
  const tenants = await tenantsWithWebhooks(first.url, receivers)
  const targets = [
    { base: first.url, tenant: tenants[0]! },
    { base: second.url, tenant: tenants[1]! },
    { base: second.url, tenant: tenants[0]! },
    { base: first.url, tenant: tenants[1]! },
  ]

  // The stale-read probe: one published content, rewritten through one instance and read through
  // both public routes (cached between rewrites), back to back until the writes end.
  const owner = await signUpOwner(first.url, 'chaos')
  const created = await request(first.url, 'POST', '/api/contents', {
    token: owner.token,
    body: { title: 'Probe 0', status: 'published' },
  })
  if (created.status !== 200)
    throw new Error(`probe content: ${created.status} ${JSON.stringify(created.data)}`)
  const probeId: string = created.data.content.id
  const probeSlug: string = created.data.content.slug
  const probe = { rewrites: 0, reads: 0, stale: 0, staleAt: [] as string[], running: true }
  const probing = (async () => {
    for (let n = 1; probe.running; n++) {
      const title = `Probe ${n}`
      const writer = instances[n % 2]!
      const rewritten = await request(writer.url, 'PUT', `/api/contents/${probeId}`, {
        token: owner.token,
        body: { title },
        timeoutMs: 20_000,
      })
      if (rewritten.status !== 200) {
        await sleep(200)
        continue
      }
      probe.rewrites += 1
      for (const reader of [...instances, ...instances]) {
        const read = await request(reader.url, 'GET', `/api/public/contents/slug/${probeSlug}`, {
          headers: { 'x-tenant-id': owner.tenantId },
          timeoutMs: 20_000,
        })
        if (read.status !== 200) continue
        probe.reads += 1
        if (read.data.content.title !== title) {
          probe.stale += 1
          probe.staleAt.push(`${elapsed()}: ${read.data.content.title} for ${title}`)
        }
      }
      await sleep(100)
    }
  })()

  // The faults, on a schedule of their own beside the writes.
  const windows: Window[] = []
  const bothReady = async () => {
    for (const folio of instances) {
      if ((await request(folio.url, 'GET', '/ready')).data?.status !== 'ready') return false
    }
    return true
  }
  let checks = 0
  const bothWrite = async () => {
    for (const [index, folio] of instances.entries()) {
      const answer = await request(folio.url, 'POST', '/api/tags', {
        token: tenants[index]!.token,
        body: { title: `Recovery check ${Date.now()}` },
      })
      if (answer.status !== 200) return false
      checks += 1
    }
    return true
  }
  const faults = (async () => {
    await sleep(duration * 250)
    let from = Date.now()
    console.log(`  ${elapsed()}: Redis killed (its data lost) for ${redisDownMs / 1000} s`)
    await redis.stop({ keepData: false })
    await sleep(redisDownMs)
    await redis.start()
    const redisBack = Date.now()
    await waitFor('both instances to see Redis back', bothReady, 60_000)
    windows.push({ what: 'Redis', from, to: Date.now(), recoveredMs: Date.now() - redisBack })
    console.log(`  ${elapsed()}: Redis back, both instances ready after ${Date.now() - redisBack} ms`)
    await sleep(duration * 250)
    from = Date.now()
    console.log(`  ${elapsed()}: PostgreSQL restarted (fast stop, ${postgresDownMs / 1000} s down)`)
    await postgres.stop('fast')
    await sleep(postgresDownMs)
    await postgres.start()
    const postgresBack = Date.now()
    await waitFor('both instances to write again', bothWrite, 60_000)
    windows.push({ what: 'PostgreSQL', from, to: Date.now(), recoveredMs: Date.now() - postgresBack })
    console.log(
      `  ${elapsed()}: PostgreSQL back, both instances writing after ${Date.now() - postgresBack} ms`,
    )
  })()

  const answers: WriteAnswer[] = []
  console.log(`writing ${rate}/s for ${duration} s through both instances to both tenants`)
  const result = await steadyWrites({
    targets,
    perSecond: rate,
    seconds: duration,
    onAnswer: (answer) => answers.push(answer),
    onProgress: ({ n, total, acknowledged }) => {
      if (n % (rate * 5) !== 0) return
      const received = receivers.reduce((sum, receiver) => sum + receiver.deliveries.size, 0)
      console.log(
        `  ${elapsed()}: ${n}/${total} sent, ${acknowledged} acknowledged, ${received} delivered, ${probe.stale} stale reads`,
      )
    },
  })
  await faults
  probe.running = false
  await probing

  const inWindow = (at: number) => windows.some((w) => at >= w.from && at <= w.to + WINDOW_TAIL_MS)
  const failures = { inside: new Map<number, number>(), outside: new Map<number, number>() }
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) continue
    const map = inWindow(answer.at) ? failures.inside : failures.outside
    map.set(answer.status, (map.get(answer.status) ?? 0) + 1)
  }
  const sent = Math.round(rate * duration)
  // Recovery checks are tags too: the receivers count them.
  const arrived = (await awaitDeliveries(receivers, result.acknowledged + checks, 90_000)) - checks
  const summary = deliverySummary(receivers, LATE_MS)
  const describe = (map: Map<number, number>) =>
    [...map].map(([status, count]) => `${count}×${status || 'network'}`).join(', ') || 'none'
  const alive = instances.map((folio) => folio.exited() === null)

  console.log('\nsummary')
  console.log(`  writes sent ${sent}, acknowledged ${result.acknowledged}`)
  console.log(
    `  failed inside outage windows: ${describe(failures.inside)}; outside: ${describe(failures.outside)}`,
  )
  console.log(
    `  webhook events received: ${arrived} distinct (acknowledged ${result.acknowledged}, sent ${sent}), ${summary.duplicates} duplicates, ${summary.late} later than ${LATE_MS / 1000} s`,
  )
  console.log(
    `  delivery latency after commit (ms): p50 ${summary.p50}, p95 ${summary.p95}, p99 ${summary.p99}, max ${summary.max}`,
  )
  console.log(
    `  public reads after rewrites: ${probe.reads} over ${probe.rewrites} rewrites, ${probe.stale} stale`,
  )
  for (const line of probe.staleAt.slice(0, 10)) console.log(`    stale at ${line}`)
  for (const w of windows) console.log(`  ${w.what}: usable again ${w.recoveredMs} ms after it was back`)
  console.log(`  instances alive: ${alive.filter(Boolean).length} of ${alive.length}`)

  const onlyOutage503 =
    failures.outside.size === 0 && [...failures.inside.keys()].every((status) => status === 503)
  const ok =
    onlyOutage503 &&
    arrived >= result.acknowledged &&
    arrived <= sent &&
    summary.duplicates === 0 &&
    probe.stale === 0 &&
    alive.every(Boolean)
  console.log(
    ok
      ? 'PASS: nothing acknowledged lost, nothing sent twice, no stale read, only 503 during outages'
      : 'FAIL: see above',
  )
  exitCode = ok ? 0 : 1
} finally {
  await Promise.all(instances.map((folio) => folio.stop()))
  for (const receiver of receivers) await receiver.close()
  await Promise.all([postgres.destroy(), redis.destroy()])
}
process.exit(exitCode)
