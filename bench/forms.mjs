// Folio form submission benchmark (`npm run bench:forms`): submits responses to one published form
// through `POST /api/public/forms/{formId}/submit` at 32 connections with a write-scoped API token
// (X-API-Key) and the tenant in X-Tenant-ID, on a fresh PostgreSQL database. The form's anti-spam
// settings let the bench's submissions through as real ones: no minimum fill time, rate limits
// above what one address sends, and every submission's answers differ (no duplicates). Prints
// req/s, latency, and how many responses were stored as pending.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_forms),
// BENCH_REDIS_URL (optional: the shared store of the rate limiters), BENCH_DURATION (measured
// seconds, default 10), BENCH_WARMUP (default 3), BENCH_CONNECTIONS (default 32).
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
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_forms',
  redisUrl: env.BENCH_REDIS_URL,
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

/** A user, a tenant, a published contact form and a write-scoped API token, through the API. */
async function setUp(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName: 'Forms' })
  const login = await post('/api/auth/login', { email, password })
  const tenant = await post('/api/tenants', { name: 'Bench forms', slug: 'bench-forms' }, login.token)
  const { form } = await post(
    '/api/forms',
    {
      title: { en: 'Contact', tr: 'İletişim' },
      fields: [
        { id: 'name', type: 'text', label: 'Name', required: true, validation: { maxLength: 100 } },
        { id: 'email', type: 'email', label: 'E-mail', required: true },
        { id: 'topic', type: 'select', label: 'Topic', options: [{ value: 'sales' }, { value: 'support' }] },
        { id: 'message', type: 'textarea', label: 'Message', validation: { maxLength: 2000 } },
      ],
      settings: {
        antiSpam: { minFillSeconds: 0, perIpPerMinute: 1_000_000, perFormPerMinute: 10_000_000 },
      },
    },
    login.token,
  )
  await post(`/api/forms/${form.id}/publish`, {}, login.token)
  const created = await post(
    '/api/api-tokens',
    { name: 'Bench', role: 'editor', scopes: ['write'] },
    login.token,
  )
  return { tenantId: tenant.tenant.id, formId: form.id, apiKey: created.plaintext }
}

function fire(url, target, duration, label) {
  let serial = 0
  return autocannon({
    url: `${url}/api/public/forms/${target.formId}/submit`,
    connections: config.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: {
          'x-api-key': target.apiKey,
          'x-tenant-id': target.tenantId,
          'content-type': 'application/json',
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          'accept-language': 'en-GB,en;q=0.8',
        },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            data: {
              name: `${label} visitor ${serial}`,
              email: `visitor-${serial}@example.test`,
              topic: serial % 2 === 0 ? 'sales' : 'support',
              message: `Submission ${serial++} of the form benchmark.`,
            },
          }),
        }),
      },
    ],
  })
}

async function storedByStatus() {
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      'select status, count(*)::int as n from form_responses group by status',
    )
    return Object.fromEntries(rows.map((row) => [row.status, row.n]))
  } finally {
    await client.end()
  }
}

await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-forms-'))
const port = await freePort()
const server = startServer('folio forms', ['dist/server.js'], {
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
    ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
  },
})
try {
  await waitReady(server)
  const target = await setUp(server.url)
  console.log(`warm-up ${config.warmup} s`)
  await fire(server.url, target, config.warmup, 'warm-up')
  console.log(`measuring ${config.duration} s at ${config.connections} connections`)
  const result = await fire(server.url, target, config.duration, 'measured')
  const stored = await storedByStatus()
  console.log('\nreq/s   | p50 ms | p99 ms | requests | non-2xx | stored by status')
  console.log(
    `${result.requests.average.toFixed(0).padStart(7)} | ${String(result.latency.p50).padStart(6)} | ${String(result.latency.p99).padStart(6)} | ${String(result.requests.total).padStart(8)} | ${String(result.non2xx + result.errors).padStart(7)} | ${JSON.stringify(stored)}`,
  )
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}
