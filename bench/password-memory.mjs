// Peak memory of 50 concurrent password checks (`npm run build && node bench/password-memory.mjs`).
// Target: under 1 GiB for 50 concurrent logins (src/lib/password.ts explains the scrypt cost).
//
// 1. Direct: a fresh Node process per case runs 50 concurrent `verifyPassword` calls on the built
//    `dist/lib/password.js` and reports its peak RSS (`process.resourceUsage().maxRSS`). Cases: the
//    current parameters with libuv's default 4 threads and with UV_THREADPOOL_SIZE=50 (all 50 checks
//    at once, the worst case), and the earlier N=2^17 hash with 4 threads (at 50 threads it would
//    need about 6.4 GiB, so it is not run).
// 2. Server: the built Folio server (in-memory PGlite, AUTH_THROTTLES=off) answers 50 concurrent
//    POST /api/auth/login; the figure is the server's peak RSS (VmHWM in /proc/<pid>/status).
//
// Environment: BENCH_LOGINS (concurrent checks, default 50).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freePort, startServer, waitReady } from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const count = Number(process.env.BENCH_LOGINS ?? 50)
const PASSWORD = 'correct horse battery staple'
/** PASSWORD as the first release stored it (N=2^17, r=8, p=1). */
const LEGACY_HASH = 'scrypt$131072$8$1$U06AYlFZ4/bJQ6TEBEGsRA==$L1AlcAnUtlutwy56RMEOQedwoCWFueiSeedKSDj+suQ='

if (process.argv[2] === '--child') {
  const { hashPassword, verifyPassword } = await import(
    pathToFileURL(join(root, 'dist/lib/password.js')).href
  )
  const stored = process.argv[3] === 'legacy' ? LEGACY_HASH : await hashPassword(PASSWORD)
  const started = performance.now()
  const results = await Promise.all(Array.from({ length: count }, () => verifyPassword(PASSWORD, stored)))
  const elapsedMs = performance.now() - started
  if (!results.every(Boolean)) throw new Error('a check failed')
  const peakMiB = process.resourceUsage().maxRSS / 1024
  console.log(JSON.stringify({ parameters: stored.split('$').slice(1, 4).join('/'), peakMiB, elapsedMs }))
  process.exit(0)
}

const cases = [
  { label: 'current, 4 threads', threads: '4', hash: 'current' },
  { label: `current, ${count} threads`, threads: String(count), hash: 'current' },
  { label: 'legacy N=2^17, 4 threads', threads: '4', hash: 'legacy' },
]
console.log(`${count} concurrent password checks`)
for (const { label, threads, hash } of cases) {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', hash], {
    env: { ...process.env, UV_THREADPOOL_SIZE: threads },
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`${label} failed:\n${run.stderr}`)
  const { parameters, peakMiB, elapsedMs } = JSON.parse(run.stdout)
  console.log(
    `  ${label.padEnd(26)} N/r/p ${parameters.padEnd(10)} peak RSS ${peakMiB.toFixed(0).padStart(5)} MiB` +
      `  ${(elapsedMs / 1000).toFixed(1)} s`,
  )
}

const port = await freePort()
const server = startServer('folio', [join(root, 'dist/server.js')], {
  cwd: root,
  port,
  echo: false,
  env: { DATABASE_URL: 'memory://', AUTH_THROTTLES: 'off', LOG_LEVEL: 'warn' },
})
try {
  await waitReady(server)
  const post = (path, body) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const email = 'bench@example.com'
  const registered = await post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Mark',
  })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`)
  const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8')
  const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status())?.[1] ?? 0)
  const before = kib('VmRSS') / 1024
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: count }, () => post('/api/auth/login', { email, password: PASSWORD })),
  )
  const elapsedMs = performance.now() - started
  const statuses = answers.map((answer) => answer.status)
  if (!statuses.every((code) => code === 200)) throw new Error(`logins answered ${statuses.join(',')}`)
  console.log(
    `  server, ${count} logins: RSS before ${before.toFixed(0)} MiB, peak ${(kib('VmHWM') / 1024).toFixed(0)} MiB` +
      ` (target < 1024), ${(elapsedMs / 1000).toFixed(1)} s`,
  )
} finally {
  await server.stop()
}
