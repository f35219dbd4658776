// Folio write benchmark (`npm run bench:writes`): creates contents at 32 connections through `POST
// /api/contents` with an API token, once with the outbox relay on (activities and broadcasts run
// beside the writes) and once with `OUTBOX_RELAY=off` (events are written in the same transaction
// but nobody consumes them), on a fresh PostgreSQL database each time. Prints req/s and latency per
// run, the ratio, and how long the relay took to drain the events left at the end.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_writes),
// BENCH_DURATION (measured seconds per run, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 32).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { createBenchDatabase, dropBenchDatabase, freePort, sleep, startServer, waitReady } from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_writes',
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  connections: Number(env.BENCH_CONNECTIONS || 32),
}

async function json(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
  const body = await response.json()
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

/** A user, a tenant and a write-scoped API token, made through the API as a newcomer would. */
async function setUp(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName: 'Writer' })
  const login = await post('/api/auth/login', { email, password })
  await post('/api/tenants', { name: 'Bench writes', slug: 'bench-writes' }, login.token)
  const created = await post(
    '/api/api-tokens',
    { name: 'Bench', role: 'editor', scopes: ['read', 'write'] },
    login.token,
  )
  return created.plaintext
}

function fire(url, token, duration, label) {
  let serial = 0
  return autocannon({
    url: `${url}/api/contents`,
    connections: config.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            title: `${label} post ${serial++}`,
            summary: 'Written by the write benchmark',
            html: '<p>Hello <strong>world</strong></p>',
            status: 'published',
          }),
        }),
      },
    ],
  })
}

/**
 * Seconds until no event of the database is left to do (relay on: dispatched, and every consumer's
 * task done), or the count left (off).
 */
async function outboxBacklog(relayOn) {
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  try {
    const pending = async () =>
      Number(
        (
          await client.query(
            `select (select count(*) from outbox where dispatched_at is null)
                  + (select count(distinct event_id) from outbox_tasks where dead_at is null) as count`,
          )
        ).rows[0].count,
      )
    const started = performance.now()
    let left = await pending()
    const atEnd = left
    while (relayOn && left > 0 && performance.now() - started < 120_000) {
      await sleep(200)
      left = await pending()
    }
    return { atEnd, drainSeconds: relayOn ? (performance.now() - started) / 1000 : null, left }
  } finally {
    await client.end()
  }
}

async function run(relay) {
  await createBenchDatabase(config.databaseUrl)
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-writes-'))
  const port = await freePort()
  const server = startServer(`folio relay ${relay}`, ['dist/server.js'], {
    cwd: root,
    port,
    echo: false,
    env: {
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      AUTH_THROTTLES: 'off',
      LOG_LEVEL: 'warn',
      OUTBOX_RELAY: relay,
    },
  })
  try {
    await waitReady(server)
    const token = await setUp(server.url)
    console.log(`relay ${relay}: warm-up ${config.warmup} s`)
    await fire(server.url, token, config.warmup, 'warm-up')
    console.log(`relay ${relay}: measuring ${config.duration} s`)
    const result = await fire(server.url, token, config.duration, 'measured')
    const backlog = await outboxBacklog(relay === 'on')
    return {
      relay,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      backlog,
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
  }
}

const results = []
for (const relay of ['on', 'off']) results.push(await run(relay))
console.log('\nrelay | req/s   | p50 ms | p99 ms | requests | non-2xx | outbox left at end | drained in')
for (const r of results) {
  console.log(
    `${r.relay.padEnd(5)} | ${r.rps.toFixed(0).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${String(r.requests).padStart(8)} | ${String(r.non2xx + r.errors).padStart(7)} | ${String(r.backlog.atEnd).padStart(18)} | ${r.backlog.drainSeconds === null ? '-' : `${r.backlog.drainSeconds.toFixed(1)} s`}`,
  )
}
const [on, off] = results
console.log(
  `\nWrites with the outbox consumers running: ${((on.rps / off.rps) * 100).toFixed(1)}% of without.`,
)
