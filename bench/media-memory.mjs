// Memory of image uploads (`npm run bench:media-memory`): the built server (PostgreSQL, a temporary
// DATA_DIR, the local media driver, `npm start`'s node flags and environment) takes
// BENCH_CLIENTS clients (default 4) registering a BENCH_WIDTH × BENCH_HEIGHT JPEG at once (default
// 8000×5000, 40 MP, generated here with sharp), each then reading its media until the variants job
// made them. The server's RSS (VmRSS in /proc/<pid>/status) is sampled every 50 ms and GET /health
// is polled throughout. Prints progress and a summary: idle and peak RSS, time until all variants
// are ready, worst /health latency. Target: peak RSS under 512 MB and /health answering throughout.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_media;
// `embedded` runs on PGlite in DATA_DIR, whose WebAssembly PostgreSQL alone holds about 300 MB),
// BENCH_CLIENTS, BENCH_WIDTH, BENCH_HEIGHT, BENCH_TIMEOUT_S (default 600).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import {
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  json,
  pollHealth,
  rssMB,
  signedInAccount,
  sleep,
  startBuiltFolio,
  waitReady,
} from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_media',
  clients: Number(env.BENCH_CLIENTS || 4),
  width: Number(env.BENCH_WIDTH || 8000),
  height: Number(env.BENCH_HEIGHT || 5000),
  targetMB: 512,
  /** Longest wait for the variants of all uploads. */
  timeoutMs: Number(env.BENCH_TIMEOUT_S || 600) * 1000,
}

/** A photo-sized JPEG: mild noise compresses as a camera file does (8000×5000 is about 14 MB). */
async function photo() {
  const { width, height } = config
  const noise = { type: 'gaussian', mean: 128, sigma: 20 }
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** A user and a tenant, made through the API; returns a tenant session token. */
async function setUp(base) {
  const { token, post } = await signedInAccount(base, 'Photographer')
  await post('/api/tenants', { name: 'Bench media', slug: 'bench-media' }, token)
  return token
}

/** Samples the server's RSS every 50 ms; prints it every second. */
function sampleMemory(pid, started) {
  let peakMB = 0
  let lastPrinted = 0
  const timer = setInterval(() => {
    const mb = rssMB(pid)
    if (mb === undefined) return
    peakMB = Math.max(peakMB, mb)
    const elapsed = performance.now() - started
    if (elapsed - lastPrinted >= 1000) {
      lastPrinted = elapsed
      console.log(
        `  ${(elapsed / 1000).toFixed(1).padStart(5)} s  RSS ${mb.toFixed(0)} MB (peak ${peakMB.toFixed(0)})`,
      )
    }
  }, 50)
  return {
    /** Stops sampling (again: no-op); returns the peak. */
    stop() {
      clearInterval(timer)
      return peakMB
    },
  }
}

/** One client: presign, PUT, register, then read the media until its variants are settled. */
async function client(index, base, token, bytes, started) {
  const auth = { authorization: `Bearer ${token}` }
  const grant = await json(`${base}/api/media/presign`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ fileName: `photo-${index}.jpg`, contentType: 'image/jpeg', size: bytes.length }),
  })
  const put = await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: bytes })
  if (!put.ok) throw new Error(`PUT ${put.status}: ${await put.text()}`)
  const registering = performance.now()
  const { media } = await json(`${base}/api/media`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ key: grant.key }),
  })
  const registerMs = performance.now() - registering
  console.log(
    `  client ${index}: registered in ${registerMs.toFixed(0)} ms (${media.width}×${media.height}, variants ${media.variantsStatus})`,
  )
  for (;;) {
    const read = await json(`${base}/api/media/${media.id}`, { headers: auth })
    if (read.media.variantsStatus !== 'pending') {
      const at = (performance.now() - started) / 1000
      console.log(`  client ${index}: variants ${read.media.variantsStatus} at ${at.toFixed(1)} s`)
      return { registerMs, status: read.media.variantsStatus }
    }
    if (performance.now() - started > config.timeoutMs)
      throw new Error(`variants of ${media.id} still pending`)
    await sleep(250)
  }
}

const bytes = await photo()
console.log(
  `${config.clients} clients registering ${config.width}×${config.height} JPEGs (${(bytes.length / 1048576).toFixed(1)} MB each)`,
)
const embedded = config.databaseUrl === 'embedded'
if (!embedded) await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-media-'))
const port = await freePort()
const server = startBuiltFolio({ root, port, dataDir, databaseUrl: config.databaseUrl })
try {
  // Migrating the embedded database takes a while on a busy machine.
  await waitReady(server, '/ready', 180_000)
  const token = await setUp(server.url)
  const idleMB = rssMB(server.pid)
  console.log(`server ready (${embedded ? 'embedded PGlite' : 'PostgreSQL'}), RSS ${idleMB.toFixed(0)} MB`)
  const started = performance.now()
  const memory = sampleMemory(server.pid, started)
  const health = pollHealth(server.url)
  const results = await Promise.all(
    Array.from({ length: config.clients }, (_, index) =>
      client(index + 1, server.url, token, bytes, started),
    ),
  ).finally(() => {
    memory.stop()
    // A failed client ends the run: the poller must not outlive it.
    void health.stop()
  })
  const readySeconds = (performance.now() - started) / 1000
  const peakMB = memory.stop()
  const checks = await health.stop()
  const worstRegisterMs = Math.max(...results.map((result) => result.registerMs))
  const ready = results.filter((result) => result.status === 'ready').length
  console.log('\nsummary')
  console.log(`  server RSS idle          ${idleMB.toFixed(0)} MB`)
  console.log(
    `  server RSS peak          ${peakMB.toFixed(0)} MB (target < ${config.targetMB} MB), ${(peakMB - idleMB).toFixed(0)} MB over idle`,
  )
  console.log(`  variants ready           ${ready}/${config.clients} after ${readySeconds.toFixed(1)} s`)
  console.log(`  worst registration       ${worstRegisterMs.toFixed(0)} ms`)
  console.log(
    `  worst /health latency    ${checks.worstMs.toFixed(0)} ms (${checks.checks} checks, ${checks.failures} failed)`,
  )
  const met = peakMB < config.targetMB && checks.failures === 0 && ready === config.clients
  console.log(`  target ${met ? 'met' : 'MISSED'}`)
  process.exitCode = met ? 0 : 1
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  if (!embedded) await dropBenchDatabase(config.databaseUrl)
}
