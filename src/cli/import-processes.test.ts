import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPointArgs } from '../../test/entry-points.js'
import { createDatabase } from '../db/client.js'
import type { Import } from '../modules/imports/schemas.js'

/**
 * Whole processes on one DATA_DIR, as an operator runs them: the server and the CLI exclude each
 * other, an import goes through the running server, and a server killed with -9 in the middle of
 * an import restarts and finishes it by itself with nothing twice.
 */
const execFileAsync = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SERVER = join(ROOT, 'src/server.ts')
const CLI = join(ROOT, 'src/cli/import-wordpress.ts')
const EXPORT = join(ROOT, 'test/fixtures/wordpress/themeunittestdata.wordpress.xml')

let dataDir: string
let port: number
let base: string

interface Server {
  child: ChildProcess
  stderr: () => string
  exited: Promise<number | null>
}

function environment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    APP_SECRET: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  }
}

function startServer(): Server {
  const child = spawn(process.execPath, entryPointArgs(SERVER), { cwd: ROOT, env: environment() })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  child.stdout?.resume()
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stderr: () => stderr, exited }
}

async function ready(server: Server): Promise<void> {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`)
    const ok = await fetch(`${base}/ready`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server not ready: ${server.stderr()}`)
}

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [...entryPointArgs(CLI), ...args], {
      cwd: ROOT,
      env: environment(),
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

async function api(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, data: (await response.json()) as any }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address !== null ? address.port : 0
}

let server: Server
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-processes-'))
  port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = startServer()
  await ready(server)
}, 120_000)
afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGKILL')
    await server.exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('processes on one DATA_DIR', () => {
  let token: string
  let firstTenant: { id: string; slug: string }

  it('refuses a second server and a direct import while the server runs, naming its pid', async () => {
    const second = startServer()
    expect(await second.exited).toBe(1)
    const lines = second.stderr().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      new RegExp(
        `^Folio cannot start: The data directory .+ is in use by another Folio process \\(pid ${server.child.pid}, `,
      ),
    )
    expect(lines[0]).toMatch(/Stop that process first/)

    const direct = await cli('--file', EXPORT, '--tenant', 'direct', '--dry-run')
    expect(direct.code).toBe(1)
    expect(direct.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^import-wordpress: The data directory .+ \\(pid ${server.child.pid}, .*--url <server URL> --token <token>`,
        ),
      ),
    ])
    expect((await fetch(`${base}/ready`)).status).toBe(200)
  }, 180_000)

  it('imports through the running server with --url and --token', async () => {
    const email = `processes-${Date.now()}@example.test`
    const account = { email, password: 'processes-password', firstName: 'Pro', lastName: 'Cess' }
    expect((await api('POST', '/api/auth/register', undefined, account)).status).toBeLessThan(300)
    const login = await api('POST', '/api/auth/login', undefined, { email, password: account.password })
    const created = await api('POST', '/api/tenants', login.data.token, { name: 'First', slug: 'first' })
    expect(created.status).toBe(201)
    token = login.data.token
    firstTenant = { id: created.data.tenant.id, slug: created.data.tenant.slug }

    const run = await cli('--file', EXPORT, '--url', base, '--token', token, '--tenant-id', firstTenant.id)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(
      /^Import [a-f0-9]{24} of "Theme Unit Test Data" queued on http:\/\/127\.0\.0\.1:\d+ for tenant "first"/,
    )
    expect(run.stdout).toMatch(/^Imported "Theme Unit Test Data" into tenant "first"\n/)
    expect(run.stdout).toMatch(/\ncategories\s+68\s+0\s+0\s+0\n/)
    const list = await api('GET', `/api/contents?tenantId=${firstTenant.id}&limit=1`, token)
    expect(list.status).toBe(200)
    const posts = /\nposts\s+(\d+)\s+0\s+0\s+0\n/.exec(run.stdout)?.[1]
    const pages = /\npages\s+(\d+)\s+0\s+0\s+0\n/.exec(run.stdout)?.[1]
    expect(list.data.pagination.total).toBe(Number(posts) + Number(pages))
  }, 180_000)

  it('survives kill -9 in the middle of an import: the restarted server resumes it by itself and completes it exactly', async () => {
    const created = await api('POST', '/api/tenants', token, { name: 'Second', slug: 'second' })
    const tenantId: string = created.data.tenant.id
    const apiToken = await api('POST', '/api/api-tokens', token, {
      name: 'importer',
      role: 'admin',
      scopes: ['read', 'write'],
    })
    expect(apiToken.status).toBeLessThan(300)
    const started = await fetch(`${base}/api/imports/wordpress`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiToken.data.plaintext}`, 'content-type': 'application/xml' },
      body: await readFile(EXPORT),
    })
    expect(started.status).toBe(202)
    const id = ((await started.json()) as { import: Import }).import.id
    let state: Import
    do {
      await new Promise((resolve) => setTimeout(resolve, 10))
      state = (await api('GET', `/api/imports/${id}`, apiToken.data.plaintext)).data.import
    } while (state.counts.categories.created === 0)
    server.child.kill('SIGKILL')
    await server.exited
    expect(existsSync(join(dataDir, 'imports', tenantId, `${id}.xml`))).toBe(true)
    // An upload the kill cut off leaves a file of no import: the restart removes it.
    const cutOff = join(dataDir, 'imports', tenantId, '0123456789abcdef01234567.xml')
    writeFileSync(cutOff, '<?xml version="1.0"?><rss')

    server = startServer()
    await ready(server)
    expect(existsSync(cutOff)).toBe(false)
    const deadline = Date.now() + 150_000
    do {
      await new Promise((resolve) => setTimeout(resolve, 250))
      state = (await api('GET', `/api/imports/${id}`, apiToken.data.plaintext)).data.import
    } while ((state.status === 'queued' || state.status === 'running') && Date.now() < deadline)
    expect(state).toMatchObject({ status: 'succeeded', error: null })
    // Begun again from the start: what the killed server made was found, not made twice.
    expect(state.counts.categories.created + state.counts.categories.existing).toBe(68)
    expect(state.counts.categories.existing).toBeGreaterThan(0)
    // The spooled file goes just after the import records its end.
    const spooled = join(dataDir, 'imports', tenantId, `${id}.xml`)
    const removedBy = Date.now() + 5000
    while (existsSync(spooled) && Date.now() < removedBy)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(existsSync(spooled)).toBe(false)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    expect(existsSync(join(dataDir, 'folio.lock'))).toBe(false)
    const database = await createDatabase({ dataDir })
    try {
      const counts = async (tenant: string) => {
        const result = await database.db.execute(sql`select
          (select count(*)::int from categories where tenant_id = ${tenant}) as categories,
          (select count(*)::int from tags where tenant_id = ${tenant}) as tags,
          (select count(*)::int from media where tenant_id = ${tenant}) as media,
          (select count(*)::int from contents where tenant_id = ${tenant}) as contents,
          (select count(*)::int from import_records where tenant_id = ${tenant}) as records`)
        return (result as unknown as { rows: unknown[] }).rows[0]
      }
      expect(await counts(tenantId)).toEqual(await counts(firstTenant.id))
      expect(await counts(tenantId)).toMatchObject({ categories: 68 })
    } finally {
      await database.close()
    }
  }, 300_000)
})
