import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

/**
 * The exclusive lock on an embedded database's `DATA_DIR` (docs/decisions/configuration.md
 * "Embedded database"): PGlite belongs to one process, and two processes on one directory lose
 * writes and can leave it unopenable.
 *
 * The lock is `DATA_DIR/folio.lock`, a directory made atomically by proper-lockfile, whose mtime the
 * holder refreshes every few seconds; beside it `folio.lock.json` names the holder (pid, host, command).
 * A holder that stopped refreshing is stale and is taken over; a holder killed with -9 on this host is
 * taken over at once, because its pid no longer runs.
 */
export interface DataDirLock {
  /** Releases the lock (idempotent); the process exit releases it too. */
  release(): Promise<void>
}

/** Who holds the lock, as written beside it. */
export interface LockHolder {
  pid: number
  hostname: string
  command: string
  startedAt: string
  /** The inode of the lock directory this holder made, so a holder file is never read for another lock. */
  lockIno: number
}

/** Another live process holds `DATA_DIR`; `message` is one line naming it and what to do. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    message: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message)
  }
}

/** Longer than any event-loop stall we expect; a holder that has not refreshed for this long is gone. */
const STALE_MS = 30_000
const UPDATE_MS = 5_000
const LOCK_NAME = 'folio.lock'
const HOLDER_NAME = 'folio.lock.json'

/** Locks held by this process, so a second acquisition here is refused rather than taken over. */
const heldHere = new Set<string>()

export interface AcquireOptions {
  /** What the refused process should do instead, appended to the message (e.g. "import with --url"). */
  hint: string
  /**
   * Called if the lock is lost while held (its directory removed or taken over after a long stall).
   * The process must stop writing at once: another one may own the database now.
   */
  onCompromised: (err: Error) => void
}

/**
 * Takes the lock on `dataDir` (created if missing).
 * @throws DataDirLockedError when another live process holds it; other errors are file-system errors.
 */
export async function acquireDataDirLock(dataDir: string, options: AcquireOptions): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, LOCK_NAME)
  const holderPath = join(dataDir, HOLDER_NAME)
  const lockOptions = {
    lockfilePath: lockPath,
    stale: STALE_MS,
    update: UPDATE_MS,
    realpath: false,
    onCompromised: options.onCompromised,
  }
  let release: () => Promise<void>
  try {
    release = await lockfile.lock(dataDir, lockOptions)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err
    const holder = readHolder(holderPath, lockPath)
    if (heldHere.has(lockPath) || holder === undefined || isAlive(holder)) {
      throw new DataDirLockedError(lockedMessage(dataDir, holder, options.hint), holder)
    }
    // The holder died without releasing (kill -9, power loss): age the lock so proper-lockfile treats
    // it as stale and replaces it atomically, as it would after STALE_MS.
    utimesSync(lockPath, new Date(0), new Date(0))
    try {
      release = await lockfile.lock(dataDir, lockOptions)
    } catch (retryErr) {
      if ((retryErr as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryErr
      const winner = readHolder(holderPath, lockPath)
      throw new DataDirLockedError(lockedMessage(dataDir, winner, options.hint), winner)
    }
  }
  heldHere.add(lockPath)
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    command: process.argv.slice(1).join(' '),
    startedAt: new Date().toISOString(),
    lockIno: statSync(lockPath).ino,
  }
  writeFileSync(holderPath, `${JSON.stringify(holder)}\n`)
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      heldHere.delete(lockPath)
      try {
        await release()
      } catch (err) {
        // Already released or compromised: nothing of ours is left to remove.
        if ((err as NodeJS.ErrnoException).code !== 'ERELEASED') throw err
      }
    },
  }
}

/**
 * For process entries (server, CLI): takes the lock when the configuration means the embedded
 * on-disk database (no `DATABASE_URL`; `memory://` and PostgreSQL need none). When another process
 * holds it, prints `prefix` + the one-line message on stderr and exits 1; a lock lost later (see
 * `onCompromised`) also ends the process at once, since another process may be writing now.
 */
export async function lockDataDirOrExit(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: { prefix: string; hint: string },
): Promise<DataDirLock | undefined> {
  if (config.databaseUrl !== undefined) return undefined
  try {
    return await acquireDataDirLock(config.dataDir, {
      hint: options.hint,
      onCompromised: (err) => {
        process.stderr.write(
          `${options.prefix}lost the lock on ${config.dataDir} (${err.message}); stopping.\n`,
        )
        process.exit(1)
      },
    })
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err
    process.stderr.write(`${options.prefix}${err.message}\n`)
    process.exit(1)
  }
}

/** The holder file, if it describes the lock directory that exists now (not an older one). */
function readHolder(holderPath: string, lockPath: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(holderPath, 'utf8')) as LockHolder
    if (typeof holder.pid !== 'number' || holder.lockIno !== statSync(lockPath).ino) return undefined
    return holder
  } catch {
    return undefined
  }
}

/**
 * A holder on another host cannot be checked: it counts as alive until its lock goes stale. Our own
 * pid in the file means a previous run (containers reuse pids) — this process does not hold it.
 */
function isAlive(holder: LockHolder): boolean {
  if (holder.hostname !== hostname()) return true
  if (holder.pid === process.pid) return false
  try {
    process.kill(holder.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function lockedMessage(dataDir: string, holder: LockHolder | undefined, hint: string): string {
  const who =
    holder === undefined
      ? 'another Folio process (one that is starting, or on another host)'
      : `another Folio process (pid ${holder.pid}${holder.hostname === hostname() ? '' : ` on ${holder.hostname}`}, ` +
        `"${holder.command}", since ${holder.startedAt})`
  return `The data directory ${dataDir} is in use by ${who}; its embedded database belongs to one process at a time. ${hint}`
}
