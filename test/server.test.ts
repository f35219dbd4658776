import { spawnSync } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { describe, expect, it } from 'vitest'

/** The process entry (src/server.ts) run as a user runs it, through tsx. */
function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('server process', () => {
  // A whole process start (tsx, the app's modules, migrations) on a possibly busy machine.
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
})
