// Folio upload benchmark (`npm run bench:uploads`): the whole upload of one 10 MB file (POST
// /api/media/presign → PUT to the returned URL → POST /api/media, which reads the object back to
// check its type), repeated by BENCH_CONCURRENCY clients for BENCH_DURATION seconds, on each
// driver: `local` (the PUT goes to Folio itself, files under DATA_DIR/media) and `s3` (the PUT goes
// to s3rver, a local S3-compatible server on loopback). Prints uploads/s, MB/s and latency per
// driver. The file is a PDF (no image variants), so the figures measure the upload path, not sharp.
//
// Environment: BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/folio_bench_uploads),
// BENCH_DURATION (measured seconds per driver, default 10), BENCH_CONCURRENCY (default 4),
// BENCH_FILE_MB (default 10).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import S3rver from 's3rver'
import { createBenchDatabase, dropBenchDatabase, freePort, startServer, waitReady } from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench_uploads',
  duration: Number(env.BENCH_DURATION || 10),
  concurrency: Number(env.BENCH_CONCURRENCY || 4),
  fileBytes: Math.round(Number(env.BENCH_FILE_MB || 10) * 1024 * 1024),
}
const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(config.fileBytes - 9)])

async function json(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
  const body = await response.json()
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

/** A user, a tenant and a write-scoped API token, made through the API. */
async function setUp(base) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName: 'Uploader' })
  const login = await post('/api/auth/login', { email, password })
  await post('/api/tenants', { name: 'Bench uploads', slug: 'bench-uploads' }, login.token)
  const created = await post(
    '/api/api-tokens',
    { name: 'Bench', role: 'editor', scopes: ['read', 'write'] },
    login.token,
  )
  return created.plaintext
}

/** One upload end to end; returns its duration in ms. */
async function uploadOnce(base, token) {
  const started = performance.now()
  const auth = { authorization: `Bearer ${token}` }
  const grant = await json(`${base}/api/media/presign`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ fileName: 'bench.pdf', contentType: 'application/pdf', size: file.length }),
  })
  // Local upload URLs name PUBLIC_URL; the server listens on its own port here.
  const put = await fetch(grant.uploadUrl.replace(/^http:\/\/localhost:\d+/, base), {
    method: 'PUT',
    headers: grant.headers,
    body: file,
  })
  if (!put.ok) throw new Error(`PUT ${put.status}: ${await put.text()}`)
  await json(`${base}/api/media`, { method: 'POST', headers: auth, body: JSON.stringify({ key: grant.key }) })
  return performance.now() - started
}

async function measure(base, token) {
  await uploadOnce(base, token)
  const latencies = []
  const deadline = performance.now() + config.duration * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: config.concurrency }, async () => {
      while (performance.now() < deadline) latencies.push(await uploadOnce(base, token))
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return {
    uploads: latencies.length,
    uploadsPerSecond: latencies.length / seconds,
    mbPerSecond: (latencies.length * file.length) / 1024 / 1024 / seconds,
    p50: at(0.5),
    p99: at(0.99),
  }
}

async function run(driver) {
  await createBenchDatabase(config.databaseUrl)
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-uploads-'))
  let s3
  const mediaEnv = { MEDIA_DRIVER: driver }
  if (driver === 's3') {
    const s3Port = await freePort()
    s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: join(dataDir, 's3'),
      configureBuckets: [{ name: 'bench', configs: [] }],
    })
    await s3.run()
    Object.assign(mediaEnv, {
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })
  }
  const port = await freePort()
  const server = startServer(`folio ${driver}`, ['dist/server.js'], {
    cwd: root,
    port,
    echo: false,
    env: {
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      AUTH_THROTTLES: 'off',
      METERING: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      ...mediaEnv,
    },
  })
  try {
    await waitReady(server)
    const token = await setUp(server.url)
    return await measure(server.url, token)
  } finally {
    await server.stop()
    await s3?.close()
    rmSync(dataDir, { recursive: true, force: true })
    await dropBenchDatabase(config.databaseUrl)
  }
}

const mb = (config.fileBytes / 1024 / 1024).toFixed(1)
console.log(`uploads of one ${mb} MB file, ${config.concurrency} clients, ${config.duration} s per driver`)
for (const driver of ['local', 's3']) {
  const r = await run(driver)
  console.log(
    `${driver.padEnd(5)} ${r.uploads} uploads  ${r.uploadsPerSecond.toFixed(2)} uploads/s  ${r.mbPerSecond.toFixed(1)} MB/s  p50 ${r.p50.toFixed(0)} ms  p99 ${r.p99.toFixed(0)} ms`,
  )
}
