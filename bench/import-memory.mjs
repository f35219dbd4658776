// Memory of WordPress imports (`npm run bench:import-memory`): the built server (`npm start`'s node
// flags and environment, a temporary DATA_DIR) takes BENCH_TENANTS tenants (default 3) each
// starting an import of a BENCH_EXPORT_MB export (default 50 MB, the theme unit test export repeated
// under new ids and slugs) at once. The server's RSS (VmRSS in /proc/<pid>/status) is sampled every
// 100 ms and GET /health is polled throughout, until every import ended. Prints progress and a
// summary: idle and peak RSS, worst /health latency, duration and counts. Target: peak RSS under
// 512 MB and /health answering throughout.
//
// Environment: BENCH_DATABASE_URL (default `embedded`: PGlite in DATA_DIR; or a postgres:// URL,
// whose database is created and dropped), BENCH_TENANTS, BENCH_EXPORT_MB, BENCH_TIMEOUT_S (default 1800).
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
import { writeLargeExport } from './wxr-export.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'embedded',
  tenants: Number(env.BENCH_TENANTS || 3),
  exportBytes: Number(env.BENCH_EXPORT_MB || 50) * 1024 * 1024,
  targetMB: 512,
  timeoutMs: Number(env.BENCH_TIMEOUT_S || 1800) * 1000,
}
const SOURCE = join(root, 'test/fixtures/wordpress/themeunittestdata.wordpress.xml')

/** A user owning `count` tenants, made through the API; returns the session token and tenant ids. */
async function setUp(base, count) {
  const { token, post } = await signedInAccount(base, 'Importer')
  const tenantIds = []
  for (let index = 1; index <= count; index++) {
    // The login token stays valid; each request names its tenant with x-tenant-id.
    const created = await post(
      '/api/tenants',
      { name: `Bench import ${index}`, slug: `bench-import-${index}` },
      token,
    )
    tenantIds.push(created.tenant.id)
  }
  return { token, tenantIds }
}

/** Samples the server's RSS every 100 ms; `stop()` returns the peak. */
function sampleMemory(pid) {
  let peakMB = 0
  const timer = setInterval(() => {
    const mb = rssMB(pid)
    if (mb !== undefined) peakMB = Math.max(peakMB, mb)
  }, 100)
  return {
    current: () => rssMB(pid) ?? 0,
    peak: () => peakMB,
    stop() {
      clearInterval(timer)
      return peakMB
    },
  }
}

/** Uploads the export for one tenant (streamed from disk); returns the import as answered (202). */
async function startImport(base, token, tenantId, file) {
  const response = await fetch(`${base}/api/imports/wordpress`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId, 'content-type': 'application/xml' },
    body: await openAsBlob(file),
  })
  const body = await response.json()
  if (response.status !== 202)
    throw new Error(`import for ${tenantId}: ${response.status} ${JSON.stringify(body)}`)
  return body.import
}

const handled = (counts) =>
  Object.values(counts).reduce((sum, kind) => sum + kind.created + kind.existing + kind.skipped, 0)

const work = mkdtempSync(join(tmpdir(), 'folio-bench-import-'))
const exportFile = join(work, 'export.xml')
const written = await writeLargeExport(SOURCE, exportFile, config.exportBytes)
console.log(
  `${config.tenants} tenants importing a ${(written.bytes / 1048576).toFixed(1)} MB export at once (${written.items} items)`,
)
const embedded = config.databaseUrl === 'embedded'
if (!embedded) await createBenchDatabase(config.databaseUrl)
const dataDir = join(work, 'data')
const port = await freePort()
const server = startBuiltFolio({ root, port, dataDir, databaseUrl: config.databaseUrl })
try {
  await waitReady(server, '/ready', 180_000)
  const { token, tenantIds } = await setUp(server.url, config.tenants)
  const idleMB = rssMB(server.pid)
  console.log(`server ready (${embedded ? 'embedded PGlite' : 'PostgreSQL'}), RSS ${idleMB.toFixed(0)} MB`)
  const started = performance.now()
  const memory = sampleMemory(server.pid)
  const health = pollHealth(server.url)
  let finished
  try {
    const imports = await Promise.all(
      tenantIds.map((tenantId) => startImport(server.url, token, tenantId, exportFile)),
    )
    const uploadSeconds = (performance.now() - started) / 1000
    console.log(
      `  uploads answered 202 after ${uploadSeconds.toFixed(1)} s (RSS peak ${memory.peak().toFixed(0)} MB)`,
    )
    let states = imports
    for (;;) {
      states = await Promise.all(
        imports.map(async (started, index) => {
          const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenantIds[index] }
          return (await json(`${server.url}/api/imports/${started.id}`, { headers })).import
        }),
      )
      const elapsed = (performance.now() - started) / 1000
      const line = states
        .map((state) => `${state.status}${state.phase ? `/${state.phase}` : ''} ${handled(state.counts)}`)
        .join(' | ')
      console.log(
        `  ${elapsed.toFixed(0).padStart(5)} s  RSS ${memory.current().toFixed(0)} MB (peak ${memory.peak().toFixed(0)})  ${line}`,
      )
      if (states.every((state) => state.status === 'succeeded' || state.status === 'failed')) break
      if (performance.now() - started > config.timeoutMs)
        throw new Error('imports still running at the timeout')
      await sleep(5000)
    }
    finished = states
  } finally {
    memory.stop()
    void health.stop()
  }
  const seconds = (performance.now() - started) / 1000
  const peakMB = memory.stop()
  const checks = await health.stop()
  await sleep(3000)
  const afterMB = rssMB(server.pid)
  const succeeded = finished.filter((state) => state.status === 'succeeded').length
  console.log('\nsummary')
  console.log(
    `  server RSS idle          ${idleMB.toFixed(0)} MB (after the imports: ${afterMB.toFixed(0)} MB)`,
  )
  console.log(
    `  server RSS peak          ${peakMB.toFixed(0)} MB (target < ${config.targetMB} MB), ${(peakMB - idleMB).toFixed(0)} MB over idle`,
  )
  console.log(`  imports succeeded        ${succeeded}/${config.tenants} after ${seconds.toFixed(1)} s`)
  for (const [index, state] of finished.entries()) {
    const c = state.counts
    console.log(
      `    tenant ${index + 1}: ${state.status}${state.error ? ` (${state.error})` : ''}; created ${c.categories.created} categories, ${c.tags.created} tags, ${c.media.created} media, ${c.posts.created} posts, ${c.pages.created} pages, ${c.menuItems.created} menu items`,
    )
  }
  console.log(
    `  worst /health latency    ${checks.worstMs.toFixed(0)} ms (${checks.checks} checks, ${checks.failures} failed)`,
  )
  const met = peakMB < config.targetMB && checks.failures === 0 && succeeded === config.tenants
  console.log(`  target ${met ? 'met' : 'MISSED'}`)
  process.exitCode = met ? 0 : 1
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
  if (!embedded) await dropBenchDatabase(config.databaseUrl)
}
