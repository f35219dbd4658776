// Folio read-path benchmark (`npm run bench`). Creates a throw-away PostgreSQL database, starts the
// BUILT Folio server on it, seeds one tenant with 10,000 contents, then measures six read routes
// with autocannon (32 connections, warm-up, then alternating measured rounds) against Folio (API token auth) and
// against a bare Fastify + pg reference server running the same SQL (bench/reference-server.mjs).
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
// bench/results/cpu), BENCH_SEED (data PRNG seed, default 42), BENCH_STRICT=1 (exit 2 when a target
// is missed), BENCH_SETUP_SQL (a .sql file run after seeding, e.g. a candidate index; end it with
// ANALYZE), BENCH_TIMEOUT (overall seconds; default derived from the durations).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
  sampleRss,
  startServer,
  waitReady,
} from './lib.mjs'
import { printReport, writeJson } from './report.mjs'
import { buildScenarios, preflight } from './scenarios.mjs'
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
  setupSql: env.BENCH_SETUP_SQL,
  poolSize: 10, // Folio's default (src/db/client.ts); the reference uses the same.
}
const timeoutS = Number(env.BENCH_TIMEOUT || 240 + 10 * 1.3 * (config.duration + config.warmup))

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
  // The node flags of `npm start` (heap sizing), so the bench measures the process operators run.
  const startFlags = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    .scripts.start.split(/\s+/)
    .filter((arg) => arg.startsWith('--'))
  const folioArgs = [
    ...startFlags,
    ...(config.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuDir}`] : []),
    'dist/server.js',
  ]
  const folio = startServer('folio', folioArgs, {
    cwd: root,
    port: folioPort,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: config.databaseUrl,
      APP_SECRET: randomBytes(36).toString('base64url'),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${folioPort}`,
    },
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

  const refPort = await freePort()
  const reference = startServer('reference', ['bench/reference-server.mjs'], {
    cwd: root,
    port: refPort,
    env: { DATABASE_URL: config.databaseUrl, TENANT_ID: seeded.tenantId, POOL_SIZE: String(config.poolSize) },
  })
  servers.push(reference)
  await waitReady(reference, '/ready')
  console.log(`Reference ready on ${reference.url} (pid ${reference.pid})`)

  const headers = { authorization: `Bearer ${seeded.token}` }
  const scenarios = buildScenarios(seeded).filter((s) => !config.only || config.only.includes(s.key))
  const sizes = await preflight(scenarios, folio, reference, headers)
  console.log(
    'Preflight: every route answers 200 with the expected items; Folio and reference return the same rows.',
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
      headers,
    )
    rows.push({
      key: scenario.key,
      label: scenario.label,
      minRps: scenario.minRps,
      backgroundCpuPct: Math.round(background),
      ...sizes[scenario.key],
      folio: folioResult,
      reference: referenceResult,
    })
    console.log(
      `  Folio ${Math.round(folioResult.rps)} req/s, reference ${Math.round(referenceResult.rps)} req/s`,
    )
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
