import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

/**
 * Servers a fault test owns, so it can stop and start them (`npm run test:faults`,
 * docs/decisions/configuration.md "Fault tests"): a PostgreSQL cluster made with Debian's
 * `initdb`/`pg_ctl` in a temporary directory, and a `redis-server`, each on a free port of
 * 127.0.0.1. Never the machine's own servers.
 */

const run = promisify(execFile)

/** A free TCP port of 127.0.0.1 (free when asked: the caller binds it soon after). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 100 ms until it resolves true; throws after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await sleep(100)
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** Stops registered servers if the test process ends without its `afterAll` (a crash, a kill). */
const atExit = new Set<() => void>()
process.once('exit', () => {
  for (const stop of atExit) stop()
})

// ---------------------------------------------------------------- PostgreSQL

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser, trust authentication. */
  url: string
  port: number
  /** A URL of database `name` on this server. */
  urlOf(name: string): string
  /** Starts the stopped server and waits until it accepts connections. */
  start(): Promise<void>
  /**
   * Stops the server: `fast` (the default) ends every session with 57P01, as a restart by an
   * operator does; `immediate` is a crash (no shutdown checkpoint, recovery at the next start).
   */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>
  /** Stops it, waits `downMs`, starts it again. */
  restart(options?: { mode?: 'fast' | 'immediate'; downMs?: number }): Promise<void>
  /** One statement on a connection of its own (superuser, database `postgres` unless named). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], database?: string): Promise<T[]>
  /** Creates database `name` and answers its URL. */
  createDatabase(name: string): Promise<string>
  /** The server's log so far. */
  log(): string
  /** Stops the server at once and removes its directory. */
  destroy(): Promise<void>
}

/** The newest `bin` of Debian's postgresql packages, or `PG_BIN`. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  if (versions.length === 0)
    throw new Error('No PostgreSQL under /usr/lib/postgresql: apt-get install postgresql')
  return `/usr/lib/postgresql/${versions[0]}/bin`
}

/**
 * A private PostgreSQL cluster, started. `initdb` and the server refuse to run as root, so as root
 * they run as the `postgres` user (through `runuser`), in a directory it owns. `fsync=off`: the
 * tests stop processes, never the machine, so what PostgreSQL wrote reaches the files all the same
 * (a crash stop included), and the cluster is faster on a busy disk.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'folio-faults-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
  const tool = async (name: string, args: string[]) => {
    const [file, argv] = command(name, args)
    await run(file, argv, { cwd: dir })
  }
  const data = join(dir, 'data')
  const logFile = join(dir, 'server.log')
  const port = await freePort()
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ')
  await tool('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '-N',
    '--no-instructions',
  ])

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`
  let running = false
  const server: PostgresServer = {
    url,
    port,
    urlOf,
    async start() {
      await tool('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'])
      running = true
    },
    async stop(mode = 'fast') {
      await tool('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'])
      running = false
    },
    async restart({ mode = 'fast', downMs = 0 } = {}) {
      await server.stop(mode)
      await sleep(downMs)
      await server.start()
    },
    async query<T>(text: string, values?: unknown[], database = 'postgres') {
      const client = new pg.Client({ connectionString: urlOf(database) })
      client.on('error', () => {})
      await client.connect()
      try {
        return (await client.query(text, values)).rows as T[]
      } finally {
        await client.end().catch(() => {})
      }
    },
    async createDatabase(name) {
      await server.query(`CREATE DATABASE "${name}"`)
      return urlOf(name)
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8')
      } catch {
        return ''
      }
    },
    async destroy() {
      atExit.delete(stopNow)
      if (running) await server.stop('immediate').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
  const stopNow = () => {
    if (!running) return
    const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
    try {
      execFileSync(file, argv, { stdio: 'ignore' })
    } catch {}
    rmSync(dir, { recursive: true, force: true })
  }
  atExit.add(stopNow)
  await server.start()
  return server
}

// ---------------------------------------------------------------- Redis

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string
  port: number
  /** Starts the stopped server (with the data it saved when stopped) and waits until it answers. */
  start(): Promise<void>
  /**
   * Stops the server. `keepData` (default true) saves its data first, as a Redis with persistence
   * keeps it across a restart; false loses it, as one without persistence does.
   */
  stop(options?: { keepData?: boolean }): Promise<void>
  restart(options?: { keepData?: boolean; downMs?: number }): Promise<void>
  /** Freezes the process (SIGSTOP): connections stay open and nothing answers, as a hung server. */
  freeze(): void
  /** Lets a frozen server run again (SIGCONT). */
  thaw(): void
  /** A command through redis-cli, its answer as text. */
  cli(...args: string[]): Promise<string>
  destroy(): Promise<void>
}

/** A private `redis-server` on a free port, started; its data file lives in a temporary directory. */
export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-faults-redis-'))
  const port = await freePort()
  let child: ChildProcess | undefined
  const cli = async (...args: string[]) =>
    (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout.trim()

  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      // Saves only when told to (see `stop`), so the only data loss is the one a test asks for.
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      )
      await waitFor('redis-server to answer', async () => (await cli('ping')) === 'PONG', 10_000)
    },
    async stop({ keepData = true } = {}) {
      const stopping = child
      if (stopping === undefined) return
      const exited = new Promise((resolve) => stopping.once('exit', resolve))
      if (stopping.exitCode === null) {
        if (keepData) await cli('shutdown', 'save').catch(() => {})
        else stopping.kill('SIGKILL')
      }
      await exited
      child = undefined
    },
    async restart({ keepData = true, downMs = 0 } = {}) {
      await server.stop({ keepData })
      await sleep(downMs)
      await server.start()
    },
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    cli,
    async destroy() {
      atExit.delete(stopNow)
      child?.kill('SIGCONT')
      child?.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
  const stopNow = () => {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  atExit.add(stopNow)
  await server.start()
  return server
}
