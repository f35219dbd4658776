// Folio change-stream benchmark (`npm run bench:events`): BENCH_STREAMS (default 1,000) public
// change streams (`GET /api/public/events`, node http clients) on one seeded tenant while a content
// is published through the API every BENCH_INTERVAL_MS (default 100) ms, BENCH_WRITES (default 100)
// times. Measures the server's added RSS once the streams are open and its peak while they carry the
// writes, and the delay from each event's commit time (`at` in the message) and from the API's answer
// to its arrival on every stream (p50, p99, max; every stream must get every publish). Then the same
// on two instances sharing the PostgreSQL and Redis: the streams split between them, the writes
// through the first, so half the deliveries cross the broadcast.
//
// Targets (docs/decisions/live.md "Figures"): added RSS ≤ 50 MB for 1,000 streams, p99 ≤ 1 s.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_events),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_STREAMS, BENCH_WRITES, BENCH_INTERVAL_MS,
// BENCH_ONLY (`one` or `two`).

import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  backgroundCpuPct,
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  rssMB,
  sampleRss,
  sleep,
  startBuiltFolio,
  waitReady,
} from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_events',
  redisUrl: env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  streams: Number(env.BENCH_STREAMS || 1000),
  writes: Number(env.BENCH_WRITES || 100),
  intervalMs: Number(env.BENCH_INTERVAL_MS || 100),
  only: env.BENCH_ONLY,
}
/** The servers' environment: no per-client limits in the way of 1,000 streams from one address. */
const SERVER_ENV = {
  PUBLIC_CLIENT_LIMIT: 'off',
  LIVE_STREAMS_PER_NETWORK: '1000000',
  LIVE_STREAMS_PER_TENANT: '1000000',
}

async function api(base, path, { method = 'POST', body, token, tenantId } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(tenantId ? { 'x-tenant-id': tenantId } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const data = await response.json()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`)
  return data
}

/** A tenant with its owner's session token, made through the API. */
async function setUp(base) {
  const email = `bench-events-${Date.now()}@example.test`
  const password = 'bench-password-123'
  await api(base, '/api/auth/register', { body: { email, password, firstName: 'Bench', lastName: 'Events' } })
  const login = await api(base, '/api/auth/login', { body: { email, password } })
  const tenant = await api(base, '/api/tenants', {
    body: { name: 'Bench events', slug: 'bench-events' },
    token: login.token,
  })
  return { token: login.token, tenantId: tenant.tenant.id }
}

/**
 * Opens `count` public streams of `tenantId` on `base`; each records, per content id published,
 * the wall-clock arrival (ms). Resolves once every stream has started (its `retry:` arrived).
 */
function openStreams(base, tenantId, count, arrivals) {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })
  const requests = []
  const started = []
  for (let i = 0; i < count; i++) {
    started.push(
      new Promise((resolve, reject) => {
        const req = httpRequest(
          `${base}/api/public/events?tenant=${tenantId}`,
          { agent, headers: { accept: 'text/event-stream' } },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`))
            res.setEncoding('utf8')
            let buffer = ''
            res.on('data', (chunk) => {
              const now = Date.now()
              buffer += chunk
              let cut = buffer.indexOf('\n\n')
              while (cut >= 0) {
                const block = buffer.slice(0, cut)
                buffer = buffer.slice(cut + 2)
                cut = buffer.indexOf('\n\n')
                if (block.startsWith('retry:')) resolve()
                const data = block.split('\n').find((line) => line.startsWith('data: '))
                if (data === undefined || !block.includes('event: change')) continue
                const message = JSON.parse(data.slice(6))
                if (message.type !== 'content.published') continue
                const seen = arrivals.get(message.record.id) ?? []
                seen.push({ at: now, commit: Date.parse(message.at) })
                arrivals.set(message.record.id, seen)
              }
            })
          },
        )
        req.on('error', reject)
        req.end()
        requests.push(req)
      }),
    )
  }
  return {
    ready: Promise.all(started),
    close() {
      for (const req of requests) req.destroy()
      agent.destroy()
    },
  }
}

/** Publishes `config.writes` contents through `base`, one every `config.intervalMs`; returns { id → answered at }. */
async function publishAll(base, owner) {
  const answered = new Map()
  const pending = []
  for (let i = 0; i < config.writes; i++) {
    const sent = Date.now()
    pending.push(
      api(base, '/api/contents', {
        body: { title: `Bench ${i}`, status: 'published', html: '<p>Published by the events bench.</p>' },
        token: owner.token,
        tenantId: owner.tenantId,
      }).then((answer) => answered.set(answer.content.id, Date.now())),
    )
    await sleep(Math.max(0, sent + config.intervalMs - Date.now()))
  }
  await Promise.all(pending)
  return answered
}

const percentile = (values, p) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Delays of every arrival, from the commit time and from the API's answer, and the deliveries missing. */
function delays(answered, arrivals, expectedPerWrite) {
  const fromCommit = []
  const fromAnswer = []
  let missing = 0
  for (const [id, answeredAt] of answered) {
    const seen = arrivals.get(id) ?? []
    missing += expectedPerWrite - seen.length
    for (const { at, commit } of seen) {
      fromCommit.push(at - commit)
      fromAnswer.push(at - answeredAt)
    }
  }
  return { fromCommit, fromAnswer, missing }
}

/** One run: the servers (already ready), streams split evenly, writes through the first. */
async function run(label, servers, owner) {
  const arrivals = new Map()
  const baseline = servers.map((server) => rssMB(server.pid))
  const perServer = Math.ceil(config.streams / servers.length)
  const opened = servers.map((server, index) =>
    openStreams(
      server.url,
      owner.tenantId,
      Math.min(perServer, config.streams - index * perServer),
      arrivals,
    ),
  )
  await Promise.all(opened.map((streams) => streams.ready))
  await sleep(2000)
  const open = servers.map((server) => rssMB(server.pid))
  const rss = servers.map((server) => sampleRss(server.pid))
  const answered = await publishAll(servers[0].url, owner)
  await sleep(2000)
  const peaks = rss.map((sampler) => sampler.stop().peakMB)
  for (const streams of opened) streams.close()
  const { fromCommit, fromAnswer, missing } = delays(answered, arrivals, config.streams)
  return {
    label,
    baseline,
    open,
    peaks,
    deliveries: fromCommit.length,
    missing,
    commit: {
      p50: percentile(fromCommit, 50),
      p99: percentile(fromCommit, 99),
      max: Math.max(...fromCommit),
    },
    answer: {
      p50: percentile(fromAnswer, 50),
      p99: percentile(fromAnswer, 99),
      max: Math.max(...fromAnswer),
    },
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-events-'))
const servers = []
const results = []
try {
  console.log(`Background CPU before the run: ${(await backgroundCpuPct()).toFixed(0)} %`)
  if (config.only !== 'two') {
    await createBenchDatabase(config.databaseUrl)
    const server = startBuiltFolio({
      root,
      port: await freePort(),
      dataDir,
      databaseUrl: config.databaseUrl,
      env: SERVER_ENV,
      name: 'folio',
    })
    servers.push(server)
    await waitReady(server)
    const owner = await setUp(server.url)
    console.log(
      `One instance: ${config.streams} streams, ${config.writes} publishes every ${config.intervalMs} ms`,
    )
    results.push(await run('one instance', [server], owner))
    await server.stop()
    servers.length = 0
  }
  if (config.only !== 'one') {
    await createBenchDatabase(config.databaseUrl)
    for (const name of ['folio-a', 'folio-b']) {
      const server = startBuiltFolio({
        root,
        port: await freePort(),
        dataDir,
        databaseUrl: config.databaseUrl,
        env: { ...SERVER_ENV, REDIS_URL: config.redisUrl },
        name,
      })
      servers.push(server)
      await waitReady(server)
    }
    const owner = await setUp(servers[0].url)
    console.log(`Two instances with Redis: ${config.streams} streams split, publishes through the first`)
    results.push(await run('two instances', servers, owner))
  }

  const mb = (values) => values.map((value) => value.toFixed(0)).join(' + ')
  const ms = (value) => `${value.toFixed(0)}`.padStart(5)
  console.log(
    '\nrun           | RSS idle MB | RSS streams open MB | added MB | peak MB   | deliveries | missing | commit→arrival p50/p99/max ms | answer→arrival p50/p99/max ms',
  )
  for (const result of results) {
    const added = result.open.map((value, index) => value - result.baseline[index])
    console.log(
      [
        result.label.padEnd(13),
        mb(result.baseline).padStart(11),
        mb(result.open).padStart(19),
        mb(added).padStart(8),
        mb(result.peaks).padStart(9),
        String(result.deliveries).padStart(10),
        String(result.missing).padStart(7),
        `${ms(result.commit.p50)} /${ms(result.commit.p99)} /${ms(result.commit.max)}`.padStart(29),
        `${ms(result.answer.p50)} /${ms(result.answer.p99)} /${ms(result.answer.max)}`.padStart(29),
      ].join(' | '),
    )
  }
  console.log(`\nBackground CPU after the run: ${(await backgroundCpuPct()).toFixed(0)} %`)
} finally {
  for (const server of servers) await server.stop()
  await dropBenchDatabase(config.databaseUrl).catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}
