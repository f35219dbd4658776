// Folio scale-out run (`npm run bench:scale-out`): two Folio processes on one PostgreSQL and one
// Redis. Measures read throughput (GET by slug, API token) with one process and then with both,
// autocannon driving each process's port at once, and checks the request quota across the two: a
// fresh tenant with `limits.apiCalls` set through the settings API gets exactly its remaining
// allowance of 200s however the requests are split between the processes.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_scale),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_DURATION (seconds per run, default 10),
// BENCH_CONNECTIONS (per process, default 32), BENCH_CONTENTS (default 2000), BENCH_QUOTA (default 300).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { createBenchDatabase, dropBenchDatabase, freePort, startServer, waitReady } from './lib.mjs'
import { seed } from './seed.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_scale',
  redisUrl: env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  duration: Number(env.BENCH_DURATION || 10),
  connections: Number(env.BENCH_CONNECTIONS || 32),
  contents: Number(env.BENCH_CONTENTS || 2000),
  quota: Number(env.BENCH_QUOTA || 300),
}

async function json(url, { method = 'GET', body, token } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const data = await response.json()
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(data)}`)
  return data
}

function readAt(server, token, slugs, duration) {
  let next = 0
  return autocannon({
    url: server.url,
    connections: config.connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      { setupRequest: (req) => ({ ...req, path: `/api/contents/slug/${slugs[next++ % slugs.length]}` }) },
    ],
  })
}

/** `amount` GETs at `server`, counting the answers by status. */
async function countStatuses(server, token, amount) {
  const statuses = {}
  const result = await autocannon({
    url: `${server.url}/api/contents?limit=1`,
    connections: 16,
    amount,
    headers: { authorization: `Bearer ${token}` },
  })
  statuses['2xx'] = result['2xx']
  statuses['429'] = result.non2xx
  return statuses
}

const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-scale-'))
const servers = []
try {
  await createBenchDatabase(config.databaseUrl)
  const serverEnv = {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    AUTH_THROTTLES: 'off',
    LOG_LEVEL: 'warn',
  }
  for (const name of ['folio-a', 'folio-b']) {
    const server = startServer(name, ['--max-semi-space-size=8', 'dist/server.js'], {
      cwd: root,
      port: await freePort(),
      echo: false,
      env: serverEnv,
    })
    servers.push(server)
    await waitReady(server)
  }
  const [a, b] = servers
  console.log(`Seeding ${config.contents} contents`)
  const seeded = await seed(config.databaseUrl, { contents: config.contents, log: () => {} })

  console.log(`Reads by slug, ${config.connections} connections per process, ${config.duration} s`)
  await readAt(a, seeded.token, seeded.publishedSlugs, 3)
  const one = await readAt(a, seeded.token, seeded.publishedSlugs, config.duration)
  const [twoA, twoB] = await Promise.all([
    readAt(a, seeded.token, seeded.publishedSlugs, config.duration),
    readAt(b, seeded.token, seeded.publishedSlugs, config.duration),
  ])

  // The quota across both processes: a new tenant with a small monthly limit.
  const email = `scale-${Date.now()}@example.test`
  const password = 'bench-password-123'
  await json(`${a.url}/api/auth/register`, {
    method: 'POST',
    body: { email, password, firstName: 'Scale', lastName: 'Out' },
  })
  const login = await json(`${a.url}/api/auth/login`, { method: 'POST', body: { email, password } })
  await json(`${a.url}/api/tenants`, {
    method: 'POST',
    token: login.token,
    body: { name: 'Quota', slug: 'quota' },
  })
  const apiToken = (
    await json(`${a.url}/api/api-tokens`, {
      method: 'POST',
      token: login.token,
      body: { name: 'Quota', role: 'viewer', scopes: ['read'] },
    })
  ).plaintext
  await json(`${a.url}/api/tenant-settings`, {
    method: 'PUT',
    token: login.token,
    body: { limits: { apiCalls: config.quota } },
  })
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const before = await json(`${b.url}/api/tenants/current/limits`, { token: apiToken })
  const allowance = before.usage.requests.remaining
  const [countA, countB] = await Promise.all([
    countStatuses(a, apiToken, config.quota),
    countStatuses(b, apiToken, config.quota),
  ])
  const granted = countA['2xx'] + countB['2xx']

  const rps = (result) => result.requests.average
  console.log('\nprocesses | reads req/s | p99 ms')
  console.log(`one       | ${rps(one).toFixed(0).padStart(11)} | ${one.latency.p99}`)
  console.log(
    `two       | ${(rps(twoA) + rps(twoB)).toFixed(0).padStart(11)} | ${Math.max(twoA.latency.p99, twoB.latency.p99)}`,
  )
  console.log(
    `\nQuota: limit ${config.quota}, ${allowance} left before the run; ${2 * config.quota} requests split over ` +
      `both processes got ${granted} × 200 (a: ${countA['2xx']}, b: ${countB['2xx']}) and ` +
      `${countA['429'] + countB['429']} × 429: ${granted === allowance ? 'exact' : `off by ${granted - allowance}`}.`,
  )
} finally {
  await Promise.all(servers.map((server) => server.stop()))
  rmSync(dataDir, { recursive: true, force: true })
  await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}
