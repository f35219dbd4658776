// The request meter's cost per request, without HTTP, PostgreSQL or other processes in the way
// (`npm run build` first; then `node bench/metering-cost.mjs`). Builds the quota service on an
// in-memory PGlite with one tenant under a finite limit and one unlimited, then times
// `quota.admit` (limit lookup through the cached directory and settings, the reservation, the
// headers) over BENCH_CALLS calls each (default 200,000). With BENCH_REDIS_URL the limited tenant
// goes through the Redis script (one round trip per call, run sequentially here).
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createDatabase } from '../dist/db/client.js'
import { runMigrations } from '../dist/db/migrate.js'
import { createEventBus } from '../dist/events/bus.js'
import { createSecretBox } from '../dist/lib/secrets.js'
import { createMeter } from '../dist/modules/quotas/meter.js'
import { createUsageRepository } from '../dist/modules/quotas/repository.js'
import { createQuotaService } from '../dist/modules/quotas/service.js'
import { createTenantSettingsReader } from '../dist/modules/tenant-settings/reader.js'
import { createTenantDirectory } from '../dist/modules/tenants/directory.js'
import { createSharedStore } from '../dist/store/shared-store.js'

const calls = Number(process.env.BENCH_CALLS || 200_000)
const database = await createDatabase({ url: 'memory://', dataDir: '.' })
await runMigrations(database)
const store = await createSharedStore({
  redisUrl: process.env.BENCH_REDIS_URL,
  prefix: `bench-${Date.now()}:`,
})
const bus = createEventBus(store, () => {})
const db = database.db
const usage = createUsageRepository(db)
const meter = createMeter({ usage, redis: store.redis, prefix: store.prefix })
const quota = createQuotaService({
  meter,
  usage,
  tenants: createTenantDirectory({ db, bus }),
  settings: createTenantSettingsReader({
    db,
    bus,
    secrets: createSecretBox(randomBytes(32).toString('hex'), []),
  }),
  bus,
})
/** As the quota hook calls it: synchronous when it can be. */
const admit = async (tenantId) => {
  const decided = quota.admit(tenantId, 'admin')
  if (decided instanceof Promise) await decided
}
const id = () => randomBytes(12).toString('hex')
const limited = id()
const unlimited = id()
for (const tenantId of [limited, unlimited]) {
  await database.execute(`INSERT INTO tenants (id, name, slug, plan) VALUES ($1, $2, $2, 'enterprise')`, [
    tenantId,
    `t-${tenantId}`,
  ])
}
await database.execute(
  `INSERT INTO tenant_settings (tenant_id, limits) VALUES ($1, '{"apiCalls": 1000000000000}')`,
  [limited],
)

for (const [label, tenantId] of [
  ['limited (apiCalls = 10^12)', limited],
  ['unlimited', unlimited],
]) {
  for (let i = 0; i < 1000; i++) await admit(tenantId)
  const started = performance.now()
  for (let i = 0; i < calls; i++) {
    const decided = quota.admit(tenantId, 'admin')
    if (decided instanceof Promise) await decided
  }
  const perCall = ((performance.now() - started) * 1000) / calls
  console.log(`${label}: ${perCall.toFixed(2)} µs per admitted request (${calls} calls)`)
}
const folded = performance.now()
await meter.flush()
console.log(`fold of ${2 * (calls + 1000)} counts: ${(performance.now() - folded).toFixed(1)} ms`)
await meter.stop()
await store.close()
await database.close()
