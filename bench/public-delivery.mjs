// Folio public delivery benchmark (`npm run bench:public`, issue 10): throughput of the public
// routes at 32 connections on PostgreSQL: a typed collection's list (plain, filtered and sorted),
// an entry by slug and the query DSL. Each scenario runs against one server on a fresh database
// seeded through the API.
//
// To add a scenario (menus, placements `decide` …), append to `scenarios`: `seed(api, fixture)`
// (optional) creates what it needs through the admin API, `request(fixture)` returns the request
// autocannon repeats ({ method, path, body? }); every request carries X-Tenant-ID.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_public),
// BENCH_DURATION (measured seconds per scenario, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 32), BENCH_ENTRIES (books seeded, default 600), BENCH_KEEP=1 (keep the
// database for EXPLAIN).
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
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_public',
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  connections: Number(env.BENCH_CONNECTIONS || 32),
  entries: Number(env.BENCH_ENTRIES || 600),
}

const GENRES = ['fiction', 'poetry', 'essay', 'drama']
const filter = encodeURIComponent(JSON.stringify({ genre: ['fiction', 'essay'], price: { gte: 5, lt: 40 } }))

/** The measured requests; `fixture` is { tenantId, authorIds }. */
const scenarios = [
  {
    name: 'collection list (20)',
    request: () => ({ method: 'GET', path: '/api/public/collections/books?limit=20' }),
  },
  {
    name: 'collection list, filter + sort',
    request: () => ({
      method: 'GET',
      path: `/api/public/collections/books?limit=20&sort=-price&filter=${filter}`,
    }),
  },
  {
    name: 'entry by slug',
    request: () => ({ method: 'GET', path: '/api/public/collections/books/book-42' }),
  },
  {
    name: 'query run (where, orderBy, select, refs)',
    request: () => ({
      method: 'POST',
      path: '/api/public/queries/run',
      body: {
        collection: 'books',
        select: ['slug', 'title', 'price', 'author.name'],
        where: [
          ['genre', 'IN', ['fiction', 'poetry']],
          ['price', '<', 30],
          ['title', 'LIKE', 'book 1'],
        ],
        orderBy: [['price', 'desc']],
        limit: 20,
      },
    }),
  },
]

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

/** A tenant with authors and books collections; two thirds of the books published. */
async function setUp(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName: 'Reader' })
  const login = await post('/api/auth/login', { email, password })
  const tenant = await post('/api/tenants', { name: 'Bench public', slug: 'bench-public' }, login.token)
  const api = (path, body) => post(path, body, login.token)
  await api('/api/collections', {
    key: 'authors',
    name: { en: 'Authors' },
    fields: [{ key: 'name', type: 'string', label: { en: 'Name' }, required: true }],
    slugField: 'name',
  })
  await api('/api/collections', {
    key: 'books',
    name: { en: 'Books' },
    fields: [
      { key: 'title', type: 'string', label: { en: 'Title' }, required: true },
      { key: 'price', type: 'number', label: { en: 'Price' } },
      {
        key: 'genre',
        type: 'enum',
        label: { en: 'Genre' },
        options: GENRES.map((value) => ({ value, label: { en: value } })),
      },
      { key: 'author', type: 'ref', ref: 'authors', label: { en: 'Author' } },
      { key: 'summary', type: 'text', label: { en: 'Summary' } },
    ],
    slugField: 'title',
    defaultSort: { field: 'title', dir: 'asc' },
  })
  const authorIds = []
  for (let i = 0; i < 20; i++) {
    authorIds.push(
      (await api('/api/collections/authors/entries', { status: 'published', data: { name: `Author ${i}` } }))
        .entry.id,
    )
  }
  for (let start = 0; start < config.entries; start += 16) {
    await Promise.all(
      Array.from({ length: Math.min(16, config.entries - start) }, (_, offset) => {
        const i = start + offset
        return api('/api/collections/books/entries', {
          status: i % 3 === 2 ? 'draft' : 'published',
          data: {
            title: `Book ${i}`,
            price: (i * 7) % 50,
            genre: GENRES[i % GENRES.length],
            author: authorIds[i % authorIds.length],
            summary: 'A book seeded by the public delivery benchmark.',
          },
        })
      }),
    )
  }
  const fixture = { tenantId: tenant.tenant.id, authorIds }
  for (const scenario of scenarios) await scenario.seed?.(api, fixture)
  return fixture
}

function fire(base, fixture, scenario, duration) {
  const { method, path, body } = scenario.request(fixture)
  return autocannon({
    url: base + path,
    method,
    connections: config.connections,
    duration,
    timeout: 10,
    headers: { 'x-tenant-id': fixture.tenantId, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-public-'))
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
const results = []
try {
  await waitReady(server)
  console.log(`seeding ${config.entries} books`)
  const fixture = await setUp(server.url)
  // As bench/seed.mjs: fresh statistics, as autovacuum keeps them on a running database.
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  await client.query('VACUUM ANALYZE')
  await client.end()
  for (const scenario of scenarios) {
    await fire(server.url, fixture, scenario, config.warmup)
    console.log(`${scenario.name}: measuring ${config.duration} s`)
    const result = await fire(server.url, fixture, scenario, config.duration)
    results.push({ name: scenario.name, result })
  }
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  if (env.BENCH_KEEP !== '1') await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}
console.log(
  `\nscenario (${config.connections} connections)      | req/s   | p50 ms | p99 ms | requests | non-2xx`,
)
for (const { name, result } of results) {
  console.log(
    `${name.padEnd(40)} | ${result.requests.average.toFixed(0).padStart(7)} | ${String(result.latency.p50).padStart(6)} | ${String(result.latency.p99).padStart(6)} | ${String(result.requests.total).padStart(8)} | ${String(result.non2xx + result.errors).padStart(7)}`,
  )
}
