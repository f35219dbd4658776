import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { createDatabase, type Database } from '../../src/db/client.js'
import { runMigrations } from '../../src/db/migrate.js'
import { createMailer } from '../../src/mail/mailer.js'
import { createSharedStore, type SharedStore } from '../../src/store/shared-store.js'
import { TEST_APP_SECRET } from '../template.js'
import { freePort, waitFor } from './cluster.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A Folio server process a fault test started (`startFolio`). */
export interface FolioProcess {
  /** `http://127.0.0.1:<port>` */
  url: string
  pid: number
  /** The process' JSON log lines so far, parsed (lines that are not JSON as `{ msg }`). */
  logs(): Record<string, unknown>[]
  /** null while it runs; its exit code (or signal name) once it ended. */
  exited(): number | string | null
  /** SIGTERM (a graceful stop) and waits for the exit; answers the exit code. */
  stop(): Promise<number | string | null>
}

/**
 * Starts a Folio server as its own process, as an operator runs it, on a free port of 127.0.0.1,
 * and waits until `/health` answers. From source through tsx by default; `built: true` (or
 * FAULTS_BUILT=1) runs `dist/server.js` from `npm run build`. `env` adds or overrides variables;
 * the defaults turn the auth throttles and the public per-client limit off (a test makes many
 * requests from one address). Several processes on one database start one after the other: each
 * applies the migrations at its start.
 */
export async function startFolio(options: {
  databaseUrl: string
  redisUrl?: string | undefined
  env?: Record<string, string>
  built?: boolean
}): Promise<FolioProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-faults-app-'))
  const built = options.built ?? process.env.FAULTS_BUILT === '1'
  if (built && !existsSync(join(ROOT, 'dist/server.js'))) throw new Error('Run npm run build first.')
  const args = built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts']
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl === undefined ? {} : { REDIS_URL: options.redisUrl }),
      APP_SECRET: TEST_APP_SECRET,
      LOG_LEVEL: 'info',
      AUTH_THROTTLES: 'off',
      PUBLIC_CLIENT_LIMIT: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  let pending = ''
  const collect = (chunk: Buffer) => {
    pending += chunk.toString('utf8')
    const parts = pending.split('\n')
    pending = parts.pop() ?? ''
    for (const line of parts) {
      if (line.trim() === '') continue
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        lines.push({ msg: line })
      }
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let exit: number | string | null = null
  const ended = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = code ?? signal
      rmSync(dataDir, { recursive: true, force: true })
      resolve(exit)
    }),
  )
  const url = `http://127.0.0.1:${port}`
  const folio: FolioProcess = {
    url,
    pid: child.pid ?? 0,
    logs: () => lines,
    exited: () => exit,
    async stop() {
      if (exit === null) child.kill('SIGTERM')
      return ended
    },
  }
  try {
    await waitFor(
      `Folio at ${url}`,
      async () => {
        if (exit !== null) throw new Error(`Folio exited (${exit}): ${JSON.stringify(lines.slice(-5))}`)
        return (await fetch(`${url}/health`)).ok
      },
      120_000,
    )
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(
      `Folio did not start: ${(err as Error).message}\n${lines.map((l) => JSON.stringify(l)).join('\n')}`,
    )
  }
  return folio
}

/** A Folio app built in this process and listening (`startFolioApp`). */
export interface FolioApp {
  app: FastifyInstance
  /** `http://127.0.0.1:<port>` */
  url: string
  database: Database
  store: SharedStore
  /** The app's JSON log lines so far, parsed. */
  logs(): Record<string, unknown>[]
  close(): Promise<void>
}

/**
 * Builds a Folio app in this process on the given servers, as `src/server.ts` does (migrations
 * applied, the same configuration defaults as `startFolio`), and listens on a free port: for fault
 * tests that need the app's internals (`app.folio.platform`) besides its HTTP answers. An error
 * that would end a server process fails the test run instead; `startFolio` tests that a process
 * survives.
 */
export async function startFolioApp(options: {
  databaseUrl: string
  redisUrl?: string | undefined
  env?: Record<string, string>
}): Promise<FolioApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-faults-app-'))
  const config = loadConfig({
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl === undefined ? {} : { REDIS_URL: options.redisUrl }),
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    AUTH_THROTTLES: 'off',
    PUBLIC_CLIENT_LIMIT: 'off',
    ...options.env,
  })
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  })
  await runMigrations(database)
  const store = await createSharedStore({ redisUrl: config.redisUrl, postgresUrl: config.databaseUrl })
  const lines: Record<string, unknown>[] = []
  const app = await buildApp({
    config,
    database,
    store,
    mailer: createMailer({ from: config.mailFrom, dataDir }),
    logger: { stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    database,
    store,
    logs: () => lines,
    async close() {
      await app.close()
      await store.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** An HTTP answer as a fault test reads it. */
export interface Answer {
  status: number
  headers: Headers
  /** The parsed JSON body (undefined when empty or not JSON). */
  data: any
  /** Milliseconds from sending to the whole body. */
  ms: number
}

/**
 * One request to a Folio process. A connection that fails (the server is gone) answers status 0,
 * so that tests can count it instead of throwing.
 */
export async function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now()
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
    const text = await response.text()
    let data: unknown
    try {
      data = text === '' ? undefined : JSON.parse(text)
    } catch {}
    return { status: response.status, headers: response.headers, data, ms: performance.now() - started }
  } catch (err) {
    return {
      status: 0,
      headers: new Headers(),
      data: { error: String(err) },
      ms: performance.now() - started,
    }
  }
}

/** A signed-in owner of a new tenant, through the API. */
export interface Owner {
  token: string
  tenantId: string
}

/** Registers a user, signs in and creates a tenant (the session's tenant from then on). */
export async function signUpOwner(base: string, label = 'owner'): Promise<Owner> {
  const email = `${label}-${Date.now()}-${Math.random().toString(16).slice(2)}@example.test`
  const password = 'fault-test-password'
  const registered = await request(base, 'POST', '/api/auth/register', {
    body: { email, password, firstName: 'Fault', lastName: 'Test' },
  })
  if (registered.status >= 300)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.data)}`)
  const login = await request(base, 'POST', '/api/auth/login', { body: { email, password } })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.data)}`)
  const token = login.data.token as string
  const slug = `t-${Math.random().toString(16).slice(2, 10)}`
  const tenant = await request(base, 'POST', '/api/tenants', { token, body: { name: 'Faults', slug } })
  if (tenant.status >= 300) throw new Error(`tenant: ${tenant.status} ${JSON.stringify(tenant.data)}`)
  return { token, tenantId: tenant.data.tenant.id as string }
}

/** The p-th percentile (0..100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
