// Folio read-path benchmark (`npm run bench`). Creates a throw-away PostgreSQL database, starts the
// BUILT Folio server on it, seeds one tenant with 10,000 contents, then measures the content read
// routes with autocannon (32 connections, warm-up, then alternating measured rounds) on Folio (six
// with API token auth, three public ones with X-Tenant-ID and no token) and on a bare Fastify + pg
// reference server running the same SQL (bench/reference-server.mjs). Folio runs with the delivery
// cache off (DELIVERY_CACHE_MAX_BYTES=0: it serves only the public routes, which are measured
// uncached here; `npm run bench:public` measures them cached) and no per-client public throttle
// (PUBLIC_CLIENT_LIMIT=off: one address sends everything).
// Prints req/s, p50/p99 latency, peak RSS and the Folio/reference ratio per route, the CPU each
// request cost the server, PostgreSQL and the load generator (from /proc), checks the targets, writes
// bench/results/latest.json, then stops both servers and drops the database. Tools for digging into a
// miss: bench/explain.mjs (query plans and timings) and bench/cpu-summary.mjs (Folio CPU profile).
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench),
// BENCH_DURATION (measured seconds per server and route, default 10, split into BENCH_ROUNDS
// alternating rounds, default 5), BENCH_WARMUP (seconds, default 3),
// BENCH_CONNECTIONS (default 32), BENCH_CONTENTS (default 10000), BENCH_ONLY (comma-separated route
// keys), BENCH_KEEP=1 (keep the database), BENCH_CPU_PROF=1 (Folio runs with --cpu-prof; profile in
// bench/results/cpu), BENCH_PERF=1 (after each route's measured rounds, one more round per server
// under Linux `perf record`, summarised as CPU per request by category: bench/perf-summary.mjs),
// BENCH_SEED (data PRNG seed, default 42), BENCH_STRICT=1 (exit 2 when a target is missed),
// BENCH_SETUP_SQL (a .sql file run after seeding, e.g. a candidate index; end it with ANALYZE),
// BENCH_TIMEOUT (overall seconds; default derived from the durations).
//
// Metering (docs/decisions/quotas.md): BENCH_METERING=compare starts a second Folio with
// METERING=off on the same database, gives the bench tenant a finite monthly limit (limits.apiCalls
// = 10^12, so every request takes the full quota path: limit lookup, reservation, headers), and
// measures each route on both, alternating off/on for BENCH_ROUNDS rounds, instead of against the
// reference; the target is on ≥ 95% of off. BENCH_METERING=off runs the usual bench with metering
// off. BENCH_METERING=calibrate runs the same comparison with metering off on both servers: the
// noise floor of the comparison on this machine. BENCH_REDIS_URL gives the Folio servers a Redis.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  backgroundCpuPct,
  cpuDelta,
  cpuSnapshot,
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  npmStart,
  sampleRss,
  sleep,
  startServer,
  waitReady,
} from './lib.mjs'
import { printPerfSummary, summarisePerf } from './perf-summary.mjs'
import { printReport, writeJson } from './report.mjs'
import { buildScenarios, headersOf, preflight } from './scenarios.mjs'
import { seed } from './seed.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench',
  duration: Number(env.BENCH_DURATION || 10),
  warmup: Number(env.BENCH_WARMUP || 3),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS || 5)),
  connections: Number(env.BENCH_CONNECTIONS || 32),
  contents: Number(env.BENCH_CONTENTS || 10_000),
  seed: Number(env.BENCH_SEED || 42),
  only: env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((s) => s.trim()) : undefined,
  keep: env.BENCH_KEEP === '1',
  cpuProf: env.BENCH_CPU_PROF === '1',
  perf: env.BENCH_PERF === '1',
  setupSql: env.BENCH_SETUP_SQL,
  poolSize: 10, // Folio's default (src/db/client.ts); the reference uses the same.
  metering: env.BENCH_METERING || 'on',
  redisUrl: env.BENCH_REDIS_URL,
}
if (!['on', 'off', 'compare', 'calibrate'].includes(config.metering)) {
  console.error('BENCH_METERING must be on, off, compare or calibrate')
  process.exit(1)
}
const comparing = config.metering === 'compare' || config.metering === 'calibrate'
const runsPerRoute = comparing ? 2 * config.rounds : 2
const timeoutS = Number(env.BENCH_TIMEOUT || 240 + 5 * runsPerRoute * 1.3 * (config.duration + config.warmup))

const servers = []
let dataDir
let cleaning

/** Stops the servers, removes the temp dir and drops the database; safe to call twice. */
function cleanup() {
  cleaning ??= (async () => {
    await Promise.all(servers.map((s) => s.stop()))
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    if (config.keep) console.log(`Kept database ${config.databaseUrl}`)
    else
      await dropBenchDatabase(config.databaseUrl).catch((err) =>
        console.error(`Could not drop the bench database: ${err.message}`),
      )
  })()
  return cleaning
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`)
    cleanup().finally(() => process.exit(130))
  })
}
const watchdog = setTimeout(() => {
  console.error(`\nBench exceeded ${Math.round(timeoutS)} s; aborting.`)
  cleanup().finally(() => process.exit(124))
}, timeoutS * 1000)
watchdog.unref()

/** One autocannon run; `paths` rotate across all connections. */
function fire(server, paths, headers, duration) {
  let next = 0
  const options = { url: server.url, connections: config.connections, duration, headers, timeout: 10 }
  if (paths.length === 1) options.url = server.url + paths[0]
  else options.requests = [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }]
  return autocannon(options)
}

/** One measured run with RSS sampling of the server process and CPU readings from /proc. */
async function measureOnce(server, scenario, headers, duration) {
  const rss = sampleRss(server.pid)
  const cpuBefore = cpuSnapshot(server.pid)
  const result = await fire(server, scenario.paths, headers, duration)
  const cpuAfter = cpuSnapshot(server.pid)
  const memory = rss.stop()
  if (!server.isAlive()) throw new Error(`${server.name} died during ${scenario.key}:\n${server.output()}`)
  return { result, memory, cpu: cpuDelta(cpuBefore, cpuAfter) }
}

/**
 * One more round of `scenario` on `server` under `perf record` (not part of the reported figures:
 * perf slows the server), then its CPU per request by category (bench/perf-summary.mjs).
 */
async function profiledRun(server, scenario, headers) {
  const dir = join(root, 'bench/results/perf')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${scenario.key}-${server.name}.data`)
  const perf = spawn('perf', ['record', '-q', '-F', '999', '-g', '-p', String(server.pid), '-o', file], {
    stdio: 'ignore',
  })
  const started = await Promise.race([
    once(perf, 'spawn').then(() => true),
    once(perf, 'error').then(() => false),
  ])
  if (!started) throw new Error('BENCH_PERF=1 needs Linux perf (Debian: apt-get install linux-perf)')
  await sleep(300)
  const result = await fire(server, scenario.paths, headers, config.duration / config.rounds)
  perf.kill('SIGINT')
  await once(perf, 'exit')
  printPerfSummary(`  ${server.name} under perf (${file})`, summarisePerf(file, result.requests.total), 10)
}

/** Folds the rounds of one server into one row: totals over rounds, worst tail, peak memory. */
function combine(runs, duration) {
  const requests = runs.reduce((sum, run) => sum + run.result.requests.total, 0)
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0)
  const mean = (pick) => sum(pick) / runs.length
  // Where the machine's CPU went per request: the server, PostgreSQL, the load generator.
  const perRequest = (key) => sum((run) => run.cpu[key]) / Math.max(1, requests)
  return {
    rps: requests / (duration * runs.length),
    p50: mean((run) => run.result.latency.p50),
    p90: mean((run) => run.result.latency.p90),
    p99: Math.max(...runs.map((run) => run.result.latency.p99)),
    max: Math.max(...runs.map((run) => run.result.latency.max)),
    requests,
    non2xx: sum((run) => run.result.non2xx),
    errors: sum((run) => run.result.errors),
    timeouts: sum((run) => run.result.timeouts),
    throughputMBs: mean((run) => run.result.throughput.average) / 1048576,
    rssPeakMB: Math.max(...runs.map((run) => run.memory.peakMB)),
    rssMeanMB: mean((run) => run.memory.meanMB),
    cpuMsPerRequest: {
      server: perRequest('server'),
      postgres: perRequest('postgres'),
      loadGenerator: perRequest('loadGenerator'),
    },
  }
}

/** Warm-up, then one measured run of `config.duration` seconds (the metering comparison's unit). */
async function measure(server, scenario, headers) {
  await fire(server, scenario.paths, headers, config.warmup)
  return combine([await measureOnce(server, scenario, headers, config.duration)], config.duration)
}

/**
 * Warms both servers up, then measures them in alternating rounds (Folio, reference, Folio, …) of
 * `duration / rounds` seconds each, so a change in the machine's background load during the
 * scenario falls on both and the ratio stays fair.
 */
async function measurePair(folio, reference, scenario, headers) {
  await fire(folio, scenario.paths, headers, config.warmup)
  await fire(reference, scenario.paths, {}, config.warmup)
  const slice = config.duration / config.rounds
  const runs = { folio: [], reference: [] }
  for (let round = 0; round < config.rounds; round++) {
    runs.folio.push(await measureOnce(folio, scenario, headers, slice))
    runs.reference.push(await measureOnce(reference, scenario, {}, slice))
  }
  return { folio: combine(runs.folio, slice), reference: combine(runs.reference, slice) }
}

async function main() {
  const started = new Date()
  console.log(
    `Folio bench: ${config.connections} connections, warm-up ${config.warmup} s, measured ${config.duration} s per server and route in ${config.rounds} alternating rounds`,
  )
  console.log(`Creating database ${config.databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`)
  await createBenchDatabase(config.databaseUrl)
  dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-'))

  const folioPort = await freePort()
  const cpuDir = join(root, 'bench/results/cpu')
  const { flags: startFlags, env: startEnv } = npmStart(root)
  const folioArgs = [
    ...startFlags,
    ...(config.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuDir}`] : []),
    ...(config.perf ? ['--perf-basic-prof'] : []),
    'dist/server.js',
  ]
  const appSecret = randomBytes(36).toString('base64url')
  const folioEnv = (port, metering) => ({
    ...startEnv,
    NODE_ENV: 'production',
    DATABASE_URL: config.databaseUrl,
    APP_SECRET: appSecret,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    METERING: metering,
    DELIVERY_CACHE_MAX_BYTES: '0',
    PUBLIC_CLIENT_LIMIT: 'off',
    ...(config.redisUrl ? { REDIS_URL: config.redisUrl } : {}),
  })
  const folio = startServer('folio', folioArgs, {
    cwd: root,
    port: folioPort,
    env: folioEnv(folioPort, config.metering === 'off' || config.metering === 'calibrate' ? 'off' : 'on'),
  })
  servers.push(folio)
  await waitReady(folio)
  console.log(
    `Folio ready on ${folio.url} (pid ${folio.pid}, node ${folioArgs.join(' ')}); migrations applied`,
  )

  console.log(`Seeding ${config.contents} contents…`)
  const seeded = await seed(config.databaseUrl, {
    contents: config.contents,
    seed: config.seed,
    log: console.log,
  })
  console.log('Seed summary:', seeded.summary)
  if (config.setupSql) {
    // Lets a proposed index or setting be measured before it goes into a migration.
    const client = new pg.Client({ connectionString: config.databaseUrl })
    await client.connect()
    await client.query(readFileSync(config.setupSql, 'utf8')).finally(() => client.end())
    console.log(`Applied ${config.setupSql}`)
  }

  if (comparing) return compareMetering({ started, folio, folioEnv, seeded })

  const refPort = await freePort()
  const reference = startServer(
    'reference',
    [...(config.perf ? ['--perf-basic-prof'] : []), 'bench/reference-server.mjs'],
    {
      cwd: root,
      port: refPort,
      env: {
        DATABASE_URL: config.databaseUrl,
        TENANT_ID: seeded.tenantId,
        POOL_SIZE: String(config.poolSize),
      },
    },
  )
  servers.push(reference)
  await waitReady(reference, '/ready')
  console.log(`Reference ready on ${reference.url} (pid ${reference.pid})`)

  const scenarios = buildScenarios(seeded).filter((s) => !config.only || config.only.includes(s.key))
  const sizes = await preflight(scenarios, folio, reference, (scenario) => headersOf(scenario, seeded))
  console.log(
    'Preflight: every route answers 200 with the expected items; Folio and reference answer the same bytes.',
  )

  const rows = []
  for (const scenario of scenarios) {
    const background = await backgroundCpuPct()
    const busy =
      background > 15
        ? ` — WARNING: ${Math.round(background)}% CPU busy before the run; other work skews results`
        : ''
    console.log(
      `Measuring ${scenario.key} (${scenario.paths.length} path${scenario.paths.length > 1 ? 's' : ''})${busy}`,
    )
    const { folio: folioResult, reference: referenceResult } = await measurePair(
      folio,
      reference,
      scenario,
      headersOf(scenario, seeded),
    )
    rows.push({
      key: scenario.key,
      label: scenario.label,
      auth: scenario.auth,
      minRps: scenario.minRps,
      minRatio: scenario.minRatio,
      backgroundCpuPct: Math.round(background),
      ...sizes[scenario.key],
      folio: folioResult,
      reference: referenceResult,
    })
    console.log(
      `  Folio ${Math.round(folioResult.rps)} req/s, reference ${Math.round(referenceResult.rps)} req/s`,
    )
    if (config.perf) {
      for (const [server, headers] of [
        [folio, headersOf(scenario, seeded)],
        [reference, {}],
      ]) {
        await profiledRun(server, scenario, headers)
      }
    }
  }

  const checks = printReport(rows)
  const file = join(root, 'bench/results/latest.json')
  writeJson(file, {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    config: { ...config, databaseUrl: undefined },
    seed: seeded.summary,
    results: rows,
    targets: checks,
  })
  console.log(`Results written to ${file}`)
  return checks.every((c) => c.pass)
}

/**
 * BENCH_METERING=compare: the same routes on a Folio with metering on (`folio`) and one with it off,
 * alternating, with the bench tenant under a finite limit; prints and writes on/off per route.
 */
async function compareMetering({ started, folio, folioEnv, seeded }) {
  const client = new pg.Client({ connectionString: config.databaseUrl })
  await client.connect()
  await client
    .query(
      `INSERT INTO tenant_settings (tenant_id, limits) VALUES ($1, '{"apiCalls": 1000000000000}')
       ON CONFLICT (tenant_id) DO UPDATE SET limits = excluded.limits`,
      [seeded.tenantId],
    )
    .finally(() => client.end())
  const offPort = await freePort()
  const folioOff = startServer('folio-off', ['dist/server.js'], {
    cwd: root,
    port: offPort,
    env: folioEnv(offPort, 'off'),
  })
  servers.push(folioOff)
  await waitReady(folioOff)
  console.log(`Folio with METERING=off ready on ${folioOff.url} (pid ${folioOff.pid})`)

  const headers = { authorization: `Bearer ${seeded.token}` }
  const probe = await fetch(`${folio.url}/api/contents?limit=1`, { headers })
  const expected = config.metering === 'calibrate' ? null : '"monthly";q=1000000000000'
  if (probe.headers.get('ratelimit-policy') !== expected) {
    throw new Error(
      `metering is not on the bench tenant: RateLimit-Policy ${probe.headers.get('ratelimit-policy')}`,
    )
  }
  const scenarios = buildScenarios(seeded).filter((s) => !config.only || config.only.includes(s.key))
  const headersFor = (scenario) => headersOf(scenario, seeded)
  await preflight(scenarios, folio, folioOff, headersFor, 20, headersFor)
  console.log('Preflight: both servers answer every route with the same bytes.')

  const rows = []
  for (const scenario of scenarios) {
    const runs = { off: [], on: [] }
    for (let round = 0; round < config.rounds; round++) {
      runs.off.push(await measure(folioOff, scenario, headersFor(scenario)))
      runs.on.push(await measure(folio, scenario, headersFor(scenario)))
    }
    const mean = (list, key) => list.reduce((sum, run) => sum + run[key], 0) / list.length
    const row = {
      key: scenario.key,
      label: scenario.label,
      offRps: mean(runs.off, 'rps'),
      onRps: mean(runs.on, 'rps'),
      offP99: mean(runs.off, 'p99'),
      onP99: mean(runs.on, 'p99'),
      // Server CPU per request: steadier than req/s on a machine shared with other work.
      offCpuMs: runs.off.reduce((sum, run) => sum + run.cpuMsPerRequest.server, 0) / runs.off.length,
      onCpuMs: runs.on.reduce((sum, run) => sum + run.cpuMsPerRequest.server, 0) / runs.on.length,
      non2xx: [...runs.off, ...runs.on].reduce((sum, run) => sum + run.non2xx, 0),
      runs,
    }
    row.ratio = row.onRps / row.offRps
    rows.push(row)
    console.log(
      `  ${scenario.key}: off ${Math.round(row.offRps)} req/s, on ${Math.round(row.onRps)} req/s (${(row.ratio * 100).toFixed(1)}%)`,
    )
  }
  console.log('\nMetering on vs off (mean of rounds; target: on ≥ 95% of off)')
  console.log(
    'route           off req/s   on req/s   on/off   p99 off/on ms   server CPU ms/req off/on   non-2xx',
  )
  for (const row of rows) {
    console.log(
      `${row.key.padEnd(15)} ${String(Math.round(row.offRps)).padStart(9)} ${String(Math.round(row.onRps)).padStart(10)} ${`${(row.ratio * 100).toFixed(1)}%`.padStart(8)}   ${`${row.offP99.toFixed(1)}/${row.onP99.toFixed(1)}`.padStart(13)}   ${`${row.offCpuMs.toFixed(3)}/${row.onCpuMs.toFixed(3)}`.padStart(24)} ${String(row.non2xx).padStart(9)}`,
    )
  }
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0)
  const overall = total('onRps') / total('offRps')
  const pass = overall >= 0.95 && rows.every((row) => row.non2xx === 0)
  console.log(`All routes: on/off ${(overall * 100).toFixed(1)}% ${pass ? 'PASS' : 'MISS'}`)
  const file = join(root, 'bench/results/metering.json')
  writeJson(file, {
    startedAt: started.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    config: { ...config, databaseUrl: undefined, redisUrl: config.redisUrl ? 'set' : undefined },
    results: rows,
    overall,
    pass,
  })
  console.log(`Results written to ${file}`)
  return pass
}

let exitCode = 0
try {
  const allPassed = await main()
  exitCode = allPassed || env.BENCH_STRICT !== '1' ? 0 : 2
} catch (err) {
  console.error(`\nBench failed: ${err.stack ?? err}`)
  exitCode = 1
} finally {
  await cleanup()
  clearTimeout(watchdog)
}
process.exit(exitCode)
