import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryPointArgs } from './entry-points.js'

/** The process entry (src/server.ts) run as a user runs it (test/entry-points.ts). */
function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, entryPointArgs('src/server.ts'), {
    env: { ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('server process', () => {
  // A whole process start (the app's modules, migrations) on a possibly busy machine.
  it('exits 1 with one clear line when the port is taken', { timeout: 90_000 }, async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      const result = runServer({ PORT: String(port), HOST: '127.0.0.1' })
      expect(result.status).toBe(1)
      expect(result.stderr.trim()).toBe(
        `Cannot listen on 127.0.0.1:${port}: the port is already in use. Stop the other process or set PORT to a free port.`,
      )
    } finally {
      blocker.close()
    }
  })

  it('exits 1 listing every invalid configuration variable', { timeout: 90_000 }, () => {
    const result = runServer({ PORT: 'eighty', LOG_LEVEL: 'loud', OUTBOX_RELAY: 'sometimes' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('PORT must be an integer from 0 to 65535, got "eighty"')
    expect(result.stderr).toContain('LOG_LEVEL must be one of')
    expect(result.stderr).toContain('OUTBOX_RELAY must be on or off, got "sometimes"')
  })

  // pg-boss 10 leaves the statement that records a job's end unawaited: while the database is away
  // it rejects with no handler (docs/decisions/configuration.md "PostgreSQL outages").
  it('stays up when a promise nobody awaited fails because the database is away, and exits 1 on any other', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-rejection-'))
    // Rejects a promise nobody handles when the test sends SIGWINCH, once the server listens.
    const preload = join(dir, 'reject.mjs')
    writeFileSync(
      preload,
      `process.on('SIGWINCH', () => {
          const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
          Promise.reject(process.env.REJECTION === 'outage' ? outage : new Error('a bug'))
        })\n`,
    )
    const start = async (rejection: string) => {
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', preload, ...entryPointArgs('src/server.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: 'memory://',
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
          PORT: String(port),
          REJECTION: rejection,
        },
        stdio: 'ignore',
      })
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      const health = () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.status,
          () => 0,
        )
      await expect.poll(health, { timeout: 90_000, interval: 250 }).toBe(200)
      child.kill('SIGWINCH')
      return { child, exited, health }
    }
    try {
      const outage = await start('outage')
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(await outage.health()).toBe(200)
      outage.child.kill('SIGTERM')
      expect(await outage.exited).toBe(0)

      const bug = await start('bug')
      expect(await bug.exited).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
