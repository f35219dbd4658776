import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-lock-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

const options = { hint: 'Do something else.', onCompromised: () => undefined }

/** A lock directory and holder file as a process with `pid` would have left them. */
function leaveLock(pid: number, host = hostname()) {
  const lockDir = join(dataDir, 'folio.lock')
  mkdirSync(lockDir)
  const holder = {
    pid,
    hostname: host,
    command: 'node dist/server.js',
    startedAt: '2024-01-01T00:00:00.000Z',
  }
  writeFileSync(
    join(dataDir, 'folio.lock.json'),
    JSON.stringify({ ...holder, lockIno: statSync(lockDir).ino }),
  )
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid ?? 0
}

describe('acquireDataDirLock', () => {
  it('names the holder in the lock and refuses a second holder with its pid and the hint', async () => {
    const lock = await acquireDataDirLock(dataDir, options)
    const holder = JSON.parse(readFileSync(join(dataDir, 'folio.lock.json'), 'utf8'))
    expect(holder).toMatchObject({ pid: process.pid, hostname: hostname() })
    const refused = await acquireDataDirLock(dataDir, options).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(DataDirLockedError)
    expect((refused as Error).message).toBe(
      `The data directory ${dataDir} is in use by another Folio process (pid ${process.pid}, "${holder.command}", ` +
        `since ${holder.startedAt}); its embedded database belongs to one process at a time. Do something else.`,
    )
    await lock.release()
    expect(existsSync(join(dataDir, 'folio.lock'))).toBe(false)
    const again = await acquireDataDirLock(dataDir, options)
    await again.release()
    await again.release()
  })

  it('refuses while the holder process lives', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'])
    try {
      leaveLock(child.pid ?? 0)
      const refused = await acquireDataDirLock(dataDir, options).catch((err: unknown) => err)
      expect((refused as Error).message).toMatch(new RegExp(`\\(pid ${child.pid}, "node dist/server.js"`))
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('takes over at once the lock of a holder killed without releasing it', async () => {
    leaveLock(await deadPid())
    const lock = await acquireDataDirLock(dataDir, options)
    expect(JSON.parse(readFileSync(join(dataDir, 'folio.lock.json'), 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })

  it('refuses a lock of another host or of an unknown holder until it goes stale', async () => {
    leaveLock(1, 'another-host')
    const refused = await acquireDataDirLock(dataDir, options).catch((err: unknown) => err)
    expect((refused as Error).message).toMatch(/\(pid 1 on another-host, /)
    rmSync(join(dataDir, 'folio.lock.json'))
    const unknown = await acquireDataDirLock(dataDir, options).catch((err: unknown) => err)
    expect((unknown as Error).message).toMatch(/in use by another Folio process \(one that is starting/)
    // A holder that has not refreshed the lock for longer than the stale limit is gone, wherever it ran.
    utimesSync(join(dataDir, 'folio.lock'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const lock = await acquireDataDirLock(dataDir, options)
    await lock.release()
  })
})
