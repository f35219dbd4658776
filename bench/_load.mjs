import autocannon from 'autocannon'
import { seed } from './seed.mjs'
import { sampleRss } from './lib.mjs'
const [,, pid, port, doSeed] = process.argv
let tenantId = process.env.TENANT
if (doSeed === 'seed') { const s = await seed('postgres://root@127.0.0.1:5432/folio_rss', { contents: 10000, log: () => {} }); tenantId = s.tenantId; console.log('TENANT', tenantId) }
const rss = sampleRss(Number(pid), 100)
for (const path of ['/api/public/contents?limit=20', '/api/public/contents?limit=20&view=summary']) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 32, duration: 8, headers: { 'x-tenant-id': tenantId } })
  console.log(path, Math.round(r.requests.average), 'req/s', r.non2xx, 'non2xx')
}
console.log('peak', rss.stop())
