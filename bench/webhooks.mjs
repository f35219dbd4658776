// Webhook throughput (`npm run bench:webhooks`): the built server as `npm start` runs it, on a fresh
// PostgreSQL database, two tenants whose webhooks point at two local receivers, and a steady stream
// of writes (tags created through the API, one `tag.created` event each) at BENCH_RATE a second for
// BENCH_DURATION seconds. Prints every second's progress, then how many events the receivers got
// (distinct webhook ids: must equal the acknowledged writes), duplicates, and the delivery latency
// after each event's recording: p50/p95/p99/max and how many arrived later than 5 s.
// Target (docs/decisions/jobs-and-events.md "Webhooks keep pace with writes"): p99 within 5 s at
// 100 events a second for 60 s.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_webhooks),
// BENCH_RATE (writes a second, default 100), BENCH_DURATION (seconds, default 60).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBenchDatabase, dropBenchDatabase, freePort, startBuiltFolio, waitReady } from './lib.mjs'
import {
  awaitDeliveries,
  deliverySummary,
  startReceiver,
  steadyWrites,
  tenantsWithWebhooks,
} from './webhook-load.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const databaseUrl = process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_webhooks'
const rate = Number(process.env.BENCH_RATE || 100)
const duration = Number(process.env.BENCH_DURATION || 60)
const LATE_MS = 5000

await createBenchDatabase(databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-webhooks-'))
const receivers = [await startReceiver(), await startReceiver()]
const server = startBuiltFolio({
  root,
  port: await freePort(),
  dataDir,
  databaseUrl,
  env: {
    OUTBOUND_ALLOW_PRIVATE: 'true',
    METERING: 'off',
    ...(process.env.WEBHOOK_RECEIVER_CONCURRENCY
      ? { WEBHOOK_RECEIVER_CONCURRENCY: process.env.WEBHOOK_RECEIVER_CONCURRENCY }
      : {}),
  },
})
let exitCode = 1
try {
  await waitReady(server)
  const tenants = await tenantsWithWebhooks(server.url, receivers)
  console.log(`writing ${rate}/s for ${duration} s to ${tenants.length} tenants (one receiver each)`)
  const result = await steadyWrites({
    targets: tenants.map((tenant) => ({ base: server.url, tenant })),
    perSecond: rate,
    seconds: duration,
    onProgress: ({ n, total, acknowledged }) => {
      const delivered = receivers.reduce((sum, receiver) => sum + receiver.deliveries.size, 0)
      process.stdout.write(
        `  ${Math.round(n / rate)} s: ${n}/${total} sent, ${acknowledged} acknowledged, ${delivered} delivered\n`,
      )
    },
  })
  const arrived = await awaitDeliveries(receivers, result.acknowledged, 60_000)
  const summary = deliverySummary(receivers, LATE_MS)
  const failed =
    [...result.failed].map(([status, count]) => `${count}×${status || 'network'}`).join(', ') || 'none'
  console.log(
    `\nwrites acknowledged: ${result.acknowledged} (failed: ${failed}) in ${((result.ended - result.started) / 1000).toFixed(1)} s`,
  )
  console.log(`webhook events received: ${arrived} distinct, ${summary.duplicates} duplicates`)
  console.log(
    `delivery latency after recording (ms): p50 ${summary.p50}, p95 ${summary.p95}, p99 ${summary.p99}, max ${summary.max}; later than ${LATE_MS / 1000} s: ${summary.late}`,
  )
  const ok = arrived === result.acknowledged && summary.p99 !== null && summary.p99 <= LATE_MS
  console.log(ok ? 'PASS: every event delivered, p99 within 5 s' : 'FAIL: the target was not met')
  exitCode = ok ? 0 : 1
} finally {
  await server.stop()
  for (const receiver of receivers) await receiver.close()
  await dropBenchDatabase(databaseUrl)
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
