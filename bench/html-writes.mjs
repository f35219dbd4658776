// What sanitizing html on worker threads costs and buys (`npm run bench:html`): starts the built
// server as `npm start` runs it, on PostgreSQL (BENCH_DATABASE_URL) or the embedded database
// (BENCH_DATABASE_URL=embedded), and reports
// - its RSS when idle after start, after small content writes (the worker threads started), and
//   once the threads ended after a minute without work;
// - the latency of a small content write, one at a time (p50, p99 of BENCH_WRITES writes);
// - the slowest `GET /health`, asked every 5 ms, while the worst inputs are sent: a WordPress export
//   with 30,000 nested elements, an html of 100,000 nested <div> and a megabyte of html costly to
//   sanitize, each with the time to its answer.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_html),
// BENCH_WRITES (default 300), BENCH_IDLE_WAIT_S (seconds to wait for idle threads to end, default 65).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  rssMB,
  signedInAccount,
  sleep,
  startBuiltFolio,
  waitReady,
} from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_html',
  writes: Number(env.BENCH_WRITES || 300),
  idleWaitSeconds: Number(env.BENCH_IDLE_WAIT_S || 65),
}
const embedded = config.databaseUrl === 'embedded'

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Runs `send` while GET /health is asked every 5 ms (one after the other, timed from when due). */
async function besideHealth(base, send) {
  let done = false
  let worstMs = 0
  let checks = 0
  const health = (async () => {
    while (!done) {
      const due = performance.now() + 5
      await sleep(5)
      const response = await fetch(`${base}/health`)
      await response.arrayBuffer()
      worstMs = Math.max(worstMs, performance.now() - due)
      checks += 1
    }
  })()
  const started = performance.now()
  const answer = await send().finally(() => {
    done = true
  })
  const answerMs = performance.now() - started
  await health
  return { status: answer.status, answerMs, worstMs, checks }
}

const wxrHead =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n<title>Deep</title>\n<item>\n'
const COSTLY_UNIT = '<b a b c d e f g h i j k l m n o p q r s t u v w x y z>x</b>'
const WORST = {
  'WordPress export, 30,000 nested elements': {
    path: '/api/imports/wordpress',
    type: 'application/xml',
    body: `${wxrHead}${'<x>'.repeat(30_000)}${'</x>'.repeat(30_000)}\n</item>\n</channel>\n</rss>\n`,
  },
  'html, 100,000 nested <div>': {
    path: '/api/contents',
    type: 'application/json',
    body: JSON.stringify({ title: 'Deep', html: `${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}` }),
  },
  'html, 1 MB costly to sanitize': {
    path: '/api/contents',
    type: 'application/json',
    body: JSON.stringify({
      title: 'Costly',
      html: COSTLY_UNIT.repeat(Math.floor(1_000_000 / COSTLY_UNIT.length)),
    }),
  },
}

if (!embedded) await createBenchDatabase(config.databaseUrl)
const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-html-'))
const port = await freePort()
const server = startBuiltFolio({ root, port, dataDir, databaseUrl: config.databaseUrl })
try {
  await waitReady(server)
  await sleep(3000)
  const idleAtStart = rssMB(server.pid)
  const { token: session, post } = await signedInAccount(server.url, 'Html')
  await post('/api/tenants', { name: 'Bench html', slug: `bench-html-${Date.now()}` }, session)
  // An admin's token may write contents and start imports.
  const { plaintext } = await post(
    '/api/api-tokens',
    { name: 'Bench', role: 'admin', scopes: ['read', 'write'] },
    session,
  )
  const headers = { authorization: `Bearer ${plaintext}`, 'content-type': 'application/json' }
  const latencies = []
  for (let index = 0; index < config.writes; index++) {
    const started = performance.now()
    const response = await fetch(`${server.url}/api/contents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: `Post ${index}`,
        summary: 'Written by the html bench',
        html: '<p>Hello <strong>world</strong>, <a href="https://example.com" target="_blank">a link</a></p>',
        status: 'published',
      }),
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`write ${index}: ${response.status}`)
    latencies.push(performance.now() - started)
  }
  latencies.sort((a, b) => a - b)
  await sleep(2000)
  const afterWrites = rssMB(server.pid)
  console.log(`idle RSS after start: ${idleAtStart?.toFixed(1)} MB`)
  console.log(
    `small content writes, one at a time: p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${latencies.at(-1)?.toFixed(0)} ms (${config.writes} writes)`,
  )
  console.log(`RSS after the writes: ${afterWrites?.toFixed(1)} MB`)
  for (const [name, input] of Object.entries(WORST)) {
    const measured = await besideHealth(server.url, () =>
      fetch(server.url + input.path, {
        method: 'POST',
        headers: { ...headers, 'content-type': input.type },
        body: input.body,
      }).then(async (response) => {
        await response.arrayBuffer()
        return response
      }),
    )
    console.log(
      `${name}: ${measured.status} in ${measured.answerMs.toFixed(0)} ms; slowest /health ${measured.worstMs.toFixed(0)} ms of ${measured.checks} checks`,
    )
  }
  console.log(`waiting ${config.idleWaitSeconds} s for idle worker threads to end…`)
  await sleep(config.idleWaitSeconds * 1000)
  console.log(`RSS after ${config.idleWaitSeconds} s idle: ${rssMB(server.pid)?.toFixed(1)} MB`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  if (!embedded) await dropBenchDatabase(config.databaseUrl).catch(() => undefined)
}
