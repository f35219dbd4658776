// ad-hoc: user/sys CPU per request of Folio vs reference on public slug + list
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { freePort, startServer, waitReady, sleep } from './lib.mjs'
const db = 'postgres://root@127.0.0.1:5432/folio_bench'
const c = new pg.Client({ connectionString: db }); await c.connect()
const tenant = (await c.query('select id from tenants limit 1')).rows[0].id
const slugs = (await c.query(`select slug from contents where status='published' and tenant_id=$1 limit 2000`, [tenant])).rows.map(r => r.slug)
await c.end()
const which = process.argv[2] ?? 'slug'
const flags = (process.env.FLAGS ?? '--max-semi-space-size=8 --max-old-space-size=1024').split(' ').filter(Boolean)
const stat = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return { u: +f[11], s: +f[12] } }
const sys = () => { const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number); return { idle: f[3] + f[4], total: f.reduce((a, b) => a + b, 0), softirq: f[6], sys: f[2] } }
const rss = (pid) => +readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1] / 1024
async function xacts() { const c = new pg.Client({ connectionString: db }); await c.connect(); const r = await c.query("select xact_commit+xact_rollback as n from pg_stat_database where datname='folio_bench'"); await c.end(); return Number(r.rows[0].n) }
async function run(server, headers) {
  const paths = which === 'slug' ? slugs.map(s => `/api/public/contents/slug/${s}`) : ['/api/public/contents?limit=20']
  let i = 0
  const opts = { url: server.url, connections: 32, headers, requests: [{ setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length] }) }] }
  await autocannon({ ...opts, duration: 2 })
  await sleep(1500); const x0 = await xacts()
  const a = stat(server.pid); const sa = sys(); let peak = 0
  const t = setInterval(() => { peak = Math.max(peak, rss(server.pid)) }, 200)
  const probe = process.env.PROBE && setTimeout(() => process.kill(server.pid, 'SIGUSR2'), 3000)
  const r = await autocannon({ ...opts, duration: Number(process.env.D ?? 6) })
  clearTimeout(probe)
  clearInterval(t)
  const b = stat(server.pid); const sb = sys(); const n = r.requests.total
  console.log(`  machine idle ${(100 * (sb.idle - sa.idle) / (sb.total - sa.total)).toFixed(1)}% softirq ${(100 * (sb.softirq - sa.softirq) / (sb.total - sa.total)).toFixed(1)}% sys ${(100 * (sb.sys - sa.sys) / (sb.total - sa.total)).toFixed(1)}% softirq µs/req ${((sb.softirq - sa.softirq) * 10000 / n).toFixed(1)}`)
  await sleep(1500); const x1 = await xacts(); console.log(`  xacts/req ${((x1 - x0) / n).toFixed(2)}`)
  console.log(`${server.name}: ${Math.round(r.requests.average)} req/s, user ${((b.u - a.u) * 10 / n * 1000).toFixed(1)} µs, sys ${((b.s - a.s) * 10 / n * 1000).toFixed(1)} µs/req, peak RSS ${peak.toFixed(0)} MB, non2xx ${r.non2xx}`)
}
const fp = await freePort()
const folio = startServer('folio', [...flags, 'dist/server.js'], { cwd: '/work/main', port: fp, echo: true, env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', DATABASE_URL: db, APP_SECRET: 'x'.repeat(48), LOG_LEVEL: 'warn', DATA_DIR: '/tmp/exp/data', PUBLIC_URL: `http://127.0.0.1:${fp}`, DELIVERY_CACHE_MAX_BYTES: process.env.CACHE ?? '0', PUBLIC_CLIENT_LIMIT: 'off', ...(process.env.FENV ? Object.fromEntries(process.env.FENV.split(',').map(kv => kv.split('='))) : {}) } })
await waitReady(folio)
if (process.env.GC) { process.kill(folio.pid, 'SIGUSR1'); await sleep(500) }
console.log('folio idle RSS', rss(folio.pid).toFixed(0))
const rp = await freePort()
const ref = process.env.NOREF ? null : startServer('reference', [...(process.env.REFFLAGS ?? '').split(' ').filter(Boolean), 'bench/reference-server.mjs'], { cwd: '/work/main', port: rp, echo: false, env: { DATABASE_URL: db, TENANT_ID: tenant, POOL_SIZE: '10' } })
if (ref) await waitReady(ref)
for (let k = 0; k < Number(process.env.ROUNDS ?? 1); k++) {
  await run(folio, { 'x-tenant-id': tenant })
  if (ref) await run(ref, { 'x-tenant-id': tenant })
}
await folio.stop(); if (ref) await ref.stop()
