import { readFileSync } from 'node:fs'
import { freePort, startServer, waitReady, sleep } from './lib.mjs'
const db = 'postgres://root@127.0.0.1:5432/folio_bench'
const flags = (process.env.FLAGS ?? '--max-semi-space-size=8 --max-old-space-size=1024').split(' ').filter(Boolean)
const fp = await freePort()
const folio = startServer('folio', [...flags, 'dist/server.js'], { cwd: '/work/main', port: fp, echo: true, env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', DATABASE_URL: db, APP_SECRET: 'x'.repeat(48), LOG_LEVEL: 'warn', DATA_DIR: '/tmp/exp/data', PUBLIC_URL: `http://127.0.0.1:${fp}`, DELIVERY_CACHE_MAX_BYTES: '0', PUBLIC_CLIENT_LIMIT: 'off' } })
await waitReady(folio)
process.kill(folio.pid,'SIGUSR1'); await sleep(500)
for (const t of [0, 3000]) { await sleep(t); const s = readFileSync(`/proc/${folio.pid}/status`, 'utf8'); process.kill(folio.pid,'SIGUSR2'); await sleep(8000); console.log(t, s.match(/(VmRSS|RssAnon|RssFile|RssShmem):\s+\d+/g).join(' ')) }
await folio.stop()
