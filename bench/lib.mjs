// Bench plumbing: the throw-away PostgreSQL database, child server processes (start, readiness,
// stop), free loopback ports, and /proc readings: resident memory (VmRSS), per-process CPU time
// (server, PostgreSQL, load generator) and machine-wide background CPU.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'

/**
 * The node flags (`--…`) and environment (`NAME=value`) of `npm start` in `root`'s package.json, so
 * a bench runs the process operators run: `{ flags: string[], env: Record<string, string> }`.
 */
export function npmStart(root) {
  const words = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(/\s+/)
  return {
    flags: words.filter((word) => word.startsWith('--')),
    env: Object.fromEntries(words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('='))),
  }
}

/** Splits a bench URL into its database name and the `postgres` maintenance URL on the same server. */
function databaseParts(url) {
  const parsed = new URL(url)
  const name = decodeURIComponent(parsed.pathname.slice(1))
  // The name goes into DDL, which cannot take parameters: allow only plain identifiers.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Refusing bench database name "${name}"`)
  parsed.pathname = '/postgres'
  return { name, maintenanceUrl: parsed.toString() }
}

async function maintenance(url, statement) {
  const client = new pg.Client({
    connectionString: databaseParts(url).maintenanceUrl,
    connectionTimeoutMillis: 5000,
  })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Drops (if left over from an aborted run) and creates the bench database. */
export async function createBenchDatabase(url) {
  const { name } = databaseParts(url)
  await maintenance(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await maintenance(url, `CREATE DATABASE "${name}"`)
}

export async function dropBenchDatabase(url) {
  const { name } = databaseParts(url)
  await maintenance(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}

/** A port the kernel reports free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Spawns `node <args>` with `env` added to the bench's environment; output is kept (last 64 KB) and
 * echoed with a `[name]` prefix when `echo` is set. Returns { name, pid, url, output(), exited, stop() }.
 */
export function startServer(name, args, { env, port, cwd, echo = true }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk) => {
    const text = chunk.toString()
    output = (output + text).slice(-65536)
    if (echo)
      for (const line of text.split('\n')) if (line.trim()) console.log(`  [${name}] ${line.slice(0, 400)}`)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let alive = true
  exited.then(() => {
    alive = false
  })
  return {
    name,
    echo,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    isAlive: () => alive,
    exited,
    /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
    async stop(graceMs = 15_000) {
      if (!alive) return exited
      child.kill('SIGTERM')
      const timer = setTimeout(() => alive && child.kill('SIGKILL'), graceMs)
      const result = await exited
      clearTimeout(timer)
      return result
    },
  }
}

/**
 * The built server (`dist/server.js`) as `npm start` runs it, quiet (warnings only, no auth
 * throttles), on `databaseUrl` (`embedded`: PGlite in `dataDir`) at 127.0.0.1:`port`, with `env`
 * added to its environment.
 */
export function startBuiltFolio({ root, port, dataDir, databaseUrl, env = {}, name = 'folio' }) {
  const start = npmStart(root)
  return startServer(name, [...start.flags, join(root, 'dist/server.js')], {
    cwd: root,
    port,
    echo: false,
    env: {
      ...start.env,
      ...(databaseUrl === 'embedded'
        ? {}
        : { DATABASE_URL: databaseUrl, APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123' }),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      AUTH_THROTTLES: 'off',
      ...env,
    },
  })
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes (then throws). */
export async function waitReady(server, path = '/ready', timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!server.isAlive()) {
      throw new Error(
        `${server.name} exited before it was ready${server.echo ? ' (output above)' : `:\n${server.output()}`}`,
      )
    }
    try {
      const res = await fetch(server.url + path, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`${server.name} was not ready within ${timeoutMs} ms:\n${server.output()}`)
}

/** VmRSS of `pid` in MB, or undefined once the process is gone. */
export function rssMB(pid) {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

/** VmHWM of `pid` in MB (the most resident memory it ever had), or undefined once it is gone. */
export function peakRssMB(pid) {
  try {
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

/**
 * Samples RSS every `everyMs` until `stop()`, which returns { peakMB, meanMB }; `peak()` is the
 * highest sample so far.
 */
export function sampleRss(pid, everyMs = 250) {
  let peakMB = 0
  let sum = 0
  let count = 0
  const take = () => {
    const value = rssMB(pid)
    if (value === undefined) return
    peakMB = Math.max(peakMB, value)
    sum += value
    count += 1
  }
  take()
  const timer = setInterval(take, everyMs)
  return {
    peak: () => peakMB,
    stop() {
      clearInterval(timer)
      take()
      return { peakMB, meanMB: count ? sum / count : 0 }
    },
  }
}

const TICK_MS = 10 // USER_HZ is 100 on Linux

/** utime + stime of `pid` in ms, or 0 once it is gone; `comm` is the process name. */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    return {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    }
  } catch {
    return { comm: '', ms: 0 }
  }
}

/**
 * CPU time consumed so far by: the server `pid`, each PostgreSQL process (backends, walwriter…) and
 * this process (the load generator). Compare two snapshots with `cpuDelta`.
 */
export function cpuSnapshot(pid) {
  const postgres = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const proc = processCpu(entry)
    if (proc.comm === 'postgres') postgres.set(entry, proc.ms)
  }
  const self = process.cpuUsage()
  return { server: processCpu(pid).ms, postgres, loadGenerator: (self.user + self.system) / 1000 }
}

/**
 * CPU ms spent between two snapshots. PostgreSQL is summed per process so that backends closing in
 * between (idle pool clients) do not subtract; their last moments are lost, which is negligible.
 */
export function cpuDelta(before, after) {
  let postgres = 0
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0)
  return {
    server: after.server - before.server,
    postgres,
    loadGenerator: after.loadGenerator - before.loadGenerator,
  }
}

function cpuTimes() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  const idle = fields[3] + (fields[4] ?? 0)
  return { idle, total: fields.reduce((a, b) => a + b, 0) }
}

/**
 * Machine-wide CPU busy % over `ms` while the bench itself is idle: anything well above 0 is other
 * work (tests, builds) competing with the servers, and makes the numbers unreliable.
 */
export async function backgroundCpuPct(ms = 1000) {
  const before = cpuTimes()
  await sleep(ms)
  const after = cpuTimes()
  const total = after.total - before.total
  return total > 0 ? 100 * (1 - (after.idle - before.idle) / total) : 0
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** `fetch` for JSON APIs: sends JSON, returns the parsed answer, throws on a non-2xx with its body. */
export async function json(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
  const body = await response.json()
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

/**
 * A new account at `base`, registered and signed in through the API; returns its session token and
 * `post(path, body, token?)` for further set-up.
 */
export async function signedInAccount(base, lastName) {
  const email = `bench-${Date.now()}@example.test`
  const password = 'bench-password-123'
  const post = (path, body, token) =>
    json(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  await post('/api/auth/register', { email, password, firstName: 'Bench', lastName })
  const { token } = await post('/api/auth/login', { email, password })
  return { token, post }
}

/** Polls GET /health back to back (50 ms apart) until `stop()`, which returns { worstMs, checks, failures }. */
export function pollHealth(base) {
  let running = true
  let worstMs = 0
  let checks = 0
  let failures = 0
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      try {
        const response = await fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) })
        await response.arrayBuffer()
        if (!response.ok) failures += 1
      } catch {
        failures += 1
      }
      worstMs = Math.max(worstMs, performance.now() - started)
      checks += 1
      await sleep(50)
    }
  })()
  return {
    /** Stops polling (again: no-op) once the check in flight answered. */
    async stop() {
      running = false
      await loop
      return { worstMs, checks, failures }
    },
  }
}
