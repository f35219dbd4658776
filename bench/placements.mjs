// Placement benchmark (`npm run bench:placements`): the high-volume public paths on PostgreSQL.
// Sends `POST /api/public/placements/events/batch` with 50-event batches at 32 connections and
// prints events/s (stored events, read back from the database) and latency; then `POST
// /api/public/placements/decide` at the same concurrency.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_placements),
// BENCH_DURATION (measured seconds per run, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 32), BENCH_BATCH (events per batch, default 50).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { createBenchDatabase, dropBenchDatabase, freePort, startServer, waitReady } from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_placements',
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  connections: Number(env.BENCH_CONNECTIONS || 32),
  batch: Number(env.BENCH_BATCH || 50),
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

/** A tenant with an A/B placement, made through the API; returns its id and the placement. */
async function setUp(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName: 'Placements' })
  const login = await post('/api/auth/login', { email, password })
  const created = await post(
    '/api/tenants',
    { name: 'Bench placements', slug: 'bench-placements' },
    login.token,
  )
  const { placement } = await post(
    '/api/placements',
    {
      slug: 'hero',
      name: 'Hero',
      defaultRules: { paths: ['/shop/**'] },
      experiences: [
        { name: 'A', status: 'active', weight: 50, contentType: 'text' },
        { name: 'B', status: 'active', weight: 50, contentType: 'text' },
      ],
    },
    login.token,
  )
  return { tenantId: created.tenant.id, placement }
}

function fire(url, tenantId, path, body, duration) {
  return autocannon({
    url: url + path,
    connections: config.connections,
    duration,
    timeout: 10,
    requests: [
      { method: 'POST', headers: { 'x-tenant-id': tenantId, 'content-type': 'application/json' }, body },
    ],
  })
}

async function storedEvents() {
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  try {
    return Number((await client.query('select count(*) from placement_events')).rows[0].count)
  } finally {
    await client.end()
  }
}

await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-placements-'))
const port = await freePort()
const server = startServer('folio', ['dist/server.js'], {
  cwd: root,
  port,
  echo: false,
  env: {
    DATABASE_URL: config.databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    AUTH_THROTTLES: 'off',
    // One address hammers the public routes: the per-client throttle would refuse nearly all of it.
    PUBLIC_CLIENT_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  },
})
try {
  await waitReady(server)
  const { tenantId, placement } = await setUp(server.url)
  const events = Array.from({ length: config.batch }, (_, n) => ({
    placementId: placement.id,
    experienceId: placement.experiences[n % 2].id,
    type: n % 10 === 0 ? 'click' : 'impression',
    sessionId: `session-${n}`,
    path: '/shop/shoes',
    device: 'desktop',
  }))
  const batch = JSON.stringify({ events })
  console.log(`events: warm-up ${config.warmup} s`)
  await fire(server.url, tenantId, '/api/public/placements/events/batch', batch, config.warmup)
  const before = await storedEvents()
  console.log(
    `events: measuring ${config.duration} s (${config.connections} connections, ${config.batch} events per batch)`,
  )
  const result = await fire(
    server.url,
    tenantId,
    '/api/public/placements/events/batch',
    batch,
    config.duration,
  )
  const stored = (await storedEvents()) - before
  const decideBody = JSON.stringify({
    placement: 'hero',
    context: { path: '/shop/shoes', sessionId: 's-1', userKey: 'u-1' },
  })
  console.log(`decide: measuring ${config.duration} s`)
  const decide = await fire(
    server.url,
    tenantId,
    '/api/public/placements/decide',
    decideBody,
    config.duration,
  )
  console.log('\nroute        | req/s  | events/s | p50 ms | p99 ms | non-2xx')
  console.log(
    `events/batch | ${result.requests.average.toFixed(0).padStart(6)} | ${(stored / config.duration).toFixed(0).padStart(8)} | ${String(result.latency.p50).padStart(6)} | ${String(result.latency.p99).padStart(6)} | ${result.non2xx + result.errors}`,
  )
  console.log(
    `decide       | ${decide.requests.average.toFixed(0).padStart(6)} | ${'-'.padStart(8)} | ${String(decide.latency.p50).padStart(6)} | ${String(decide.latency.p99).padStart(6)} | ${decide.non2xx + decide.errors}`,
  )
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}
