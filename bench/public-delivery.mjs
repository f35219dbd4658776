// Folio public delivery benchmark (`npm run bench:public`): throughput of the public routes at 32
// connections on PostgreSQL, with the delivery cache off (every request reaches the database:
// "uncached") and on (the default: "cached"), on one seeded database. Routes: the public content
// list and a content by slug (a tenant of BENCH_CONTENTS contents seeded as `npm run bench` seeds
// them, serving en and tr, about half the documents translated into tr), the same list in tr with
// fallback to en (each document once, in tr when it has it), and a typed collection's list (plain,
// filtered and sorted), an entry by slug and the query DSL (a tenant with BENCH_ENTRIES books seeded
// through the API).
//
// Prints the server's RSS once seeded, then req/s, p99 and peak RSS (warm-up included) per route
// and mode, the cached/uncached ratio, the uncached collection routes' and localized list's ratio
// to the uncached one-locale content list (the target is 0.9 at least: a typed collection serves
// about as fast as contents, and so does a list over a fallback chain), and the peak RSS per mode
// (the node flags and environment of `npm start`).
//
// To add a scenario, append to `scenarios`: `tenant` (`contents` or `collections`), `requests(fixture)`
// returns the requests autocannon cycles through ({ method, path, body? }); every request carries
// the tenant's X-Tenant-ID.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_public),
// BENCH_DURATION (measured seconds per scenario and mode, default 10), BENCH_WARMUP (default 3),
// BENCH_CONNECTIONS (default 32), BENCH_CONTENTS (default 10000), BENCH_ENTRIES (books, default
// 600), BENCH_MODES (`uncached,cached` by default), BENCH_ONLY (comma-separated scenario keys),
// BENCH_ROUNDS (default 1: the scenarios run that many times in turn, req/s is their mean, so a
// change of the machine's load falls on every scenario alike),
// BENCH_KEEP=1 (keep the database for EXPLAIN), BENCH_CPU_PROF=1 (the server writes a CPU profile to
// bench/results/cpu; `node bench/cpu-summary.mjs` summarises it).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  npmStart,
  rssMB,
  sampleRss,
  startServer,
  waitReady,
} from './lib.mjs'
import { seed } from './seed.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_public',
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  connections: Number(env.BENCH_CONNECTIONS || 32),
  entries: Number(env.BENCH_ENTRIES || 600),
  contents: Number(env.BENCH_CONTENTS || 10_000),
  modes: (env.BENCH_MODES || 'uncached,cached').split(',').map((mode) => mode.trim()),
  only: env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((name) => name.trim()) : undefined,
  rounds: Number(env.BENCH_ROUNDS || 1),
}
/** The server environment of each mode: the delivery cache off, or at its default size. */
const MODES = { uncached: { DELIVERY_CACHE_MAX_BYTES: '0' }, cached: {} }

const GENRES = ['fiction', 'poetry', 'essay', 'drama']
const filter = encodeURIComponent(JSON.stringify({ genre: ['fiction', 'essay'], price: { gte: 5, lt: 40 } }))

/** The measured requests; `fixture` is { contents: { tenantId, publishedSlugs }, collections: { tenantId } }. */
const scenarios = [
  {
    key: 'content-list',
    name: 'content list (20)',
    tenant: 'contents',
    requests: () => [{ method: 'GET', path: '/api/public/contents?limit=20' }],
  },
  {
    key: 'content-list-localized',
    name: 'content list (20), tr → en',
    tenant: 'contents',
    requests: () => [{ method: 'GET', path: '/api/public/contents?limit=20&locale=tr' }],
  },
  {
    key: 'content-list-summary',
    name: 'content list (20), view=summary',
    tenant: 'contents',
    requests: () => [{ method: 'GET', path: '/api/public/contents?limit=20&view=summary' }],
  },
  {
    key: 'content-slug',
    name: 'content by slug (rotating)',
    tenant: 'contents',
    requests: (fixture) =>
      fixture.contents.publishedSlugs
        .slice(0, 200)
        .map((slug) => ({ method: 'GET', path: `/api/public/contents/slug/${encodeURIComponent(slug)}` })),
  },
  {
    key: 'collection-list',
    name: 'collection list (20)',
    tenant: 'collections',
    requests: () => [{ method: 'GET', path: '/api/public/collections/books?limit=20' }],
  },
  {
    key: 'collection-filter',
    name: 'collection list, filter + sort',
    tenant: 'collections',
    requests: () => [
      { method: 'GET', path: `/api/public/collections/books?limit=20&sort=-price&filter=${filter}` },
    ],
  },
  {
    key: 'entry-slug',
    name: 'entry by slug (rotating)',
    tenant: 'collections',
    requests: () =>
      Array.from({ length: 50 }, (_, i) => ({
        method: 'GET',
        path: `/api/public/collections/books/book-${i * 3}`,
      })),
  },
  {
    key: 'query-run',
    name: 'query run (where, orderBy, select, refs)',
    tenant: 'collections',
    requests: () => [
      {
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
      },
    ],
  },
].filter((scenario) => config.only === undefined || config.only.includes(scenario.key))

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
  return { tenantId: tenant.tenant.id, authorIds }
}

function fire(base, fixture, scenario, duration) {
  const tenantId = fixture[scenario.tenant].tenantId
  return autocannon({
    url: base,
    connections: config.connections,
    duration,
    timeout: 10,
    headers: { 'x-tenant-id': tenantId, 'content-type': 'application/json' },
    requests: scenario.requests(fixture).map(({ method, path, body }) => ({
      method,
      path,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })),
  })
}

const { flags: startFlags, env: startEnv } = npmStart(root)

await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-public-'))
const serverEnv = {
  ...startEnv,
  NODE_ENV: 'production',
  DATABASE_URL: config.databaseUrl,
  DATA_DIR: dataDir,
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  AUTH_THROTTLES: 'off',
  // One address hammers the public routes: the per-client throttle would refuse nearly all of it.
  PUBLIC_CLIENT_LIMIT: 'off',
  LOG_LEVEL: 'warn',
}
async function startFolio(mode) {
  const profile =
    env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/results/cpu')}`] : []
  const server = startServer(`folio ${mode}`, [...startFlags, ...profile, 'dist/server.js'], {
    cwd: root,
    port: await freePort(),
    echo: false,
    env: { ...serverEnv, ...MODES[mode] },
  })
  await waitReady(server)
  return server
}

/**
 * A scenario's figures over the rounds so far: the mean req/s, and the worst p99, errors and peak
 * RSS (`round` is the 1-based round of `next`).
 */
function merged(previous, next, round) {
  if (previous === undefined) return next
  return {
    requests: { average: (previous.requests.average * (round - 1) + next.requests.average) / round },
    latency: { p99: Math.max(previous.latency.p99, next.latency.p99) },
    non2xx: previous.non2xx + next.non2xx,
    errors: previous.errors + next.errors,
    rssPeakMB: Math.max(previous.rssPeakMB, next.rssPeakMB),
  }
}

/** results[mode][scenario] = autocannon's result with `rssPeakMB` (warm-up included) */
const results = {}
const peaks = {}
let server
try {
  server = await startFolio(config.modes[0])
  console.log(`seeding ${config.contents} contents`)
  const contents = await seed(config.databaseUrl, {
    contents: config.contents,
    translate: 'tr',
    log: () => {},
  })
  console.log(`seeding ${config.entries} books`)
  const fixture = { contents, collections: await setUp(server.url) }
  // As bench/seed.mjs: fresh statistics, as autovacuum keeps them on a running database.
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  await client.query('VACUUM ANALYZE')
  await client.end()
  for (const [index, mode] of config.modes.entries()) {
    if (index > 0) {
      await server.stop()
      server = await startFolio(mode)
    }
    results[mode] = {}
    console.log(`${mode}: server RSS before the first scenario ${rssMB(server.pid)?.toFixed(0)} MB`)
    for (let round = 1; round <= config.rounds; round++) {
      for (const scenario of scenarios) {
        const rss = sampleRss(server.pid)
        await fire(server.url, fixture, scenario, config.warmup)
        console.log(
          `${mode}: ${scenario.name}: measuring ${config.duration} s (round ${round}/${config.rounds})`,
        )
        const result = await fire(server.url, fixture, scenario, config.duration)
        result.rssPeakMB = rss.stop().peakMB
        results[mode][scenario.name] = merged(results[mode][scenario.name], result, round)
      }
    }
    peaks[mode] = Math.max(...Object.values(results[mode]).map((result) => result.rssPeakMB))
  }
} finally {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  if (env.BENCH_KEEP !== '1') await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}

const rps = (mode, name) => results[mode]?.[name]?.requests.average
const cell = (value, width, digits = 0) => (value === undefined ? '-' : value.toFixed(digits)).padStart(width)
const [first = 'uncached'] = config.modes
console.log(
  `\n${config.connections} connections, ${config.duration} s per scenario and mode, ${config.rounds} round(s)`,
)
console.log(
  `${'scenario'.padEnd(42)} | ${config.modes.map((mode) => `${mode.padStart(8)} req/s | p99 ms | non-2xx | RSS MB`).join(' | ')} | cached/uncached`,
)
for (const { name } of scenarios) {
  const cells = config.modes.map((mode) => {
    const result = results[mode][name]
    return `${cell(result.requests.average, 14)} | ${cell(result.latency.p99, 6)} | ${cell(result.non2xx + result.errors, 7)} | ${cell(result.rssPeakMB, 6)}`
  })
  const ratio =
    rps('cached', name) === undefined || rps('uncached', name) === undefined
      ? undefined
      : rps('cached', name) / rps('uncached', name)
  console.log(`${name.padEnd(42)} | ${cells.join(' | ')} | ${cell(ratio, 15, 2)}`)
}
const contentList = rps(first, 'content list (20)')
if (contentList !== undefined) {
  console.log(
    `\n${first}, ratio to the one-locale content list (20) (target ≥ 0.9 for collection routes and the localized list):`,
  )
  for (const { key, name, tenant } of scenarios) {
    if ((tenant !== 'collections' && key !== 'content-list-localized') || rps(first, name) === undefined)
      continue
    console.log(`  ${name.padEnd(40)} ${(rps(first, name) / contentList).toFixed(2)}`)
  }
}
console.log(
  `\npeak server RSS (MB): ${config.modes.map((mode) => `${mode} ${peaks[mode]?.toFixed(0) ?? '-'}`).join(', ')} (target ≤ 150)`,
)
