import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { createDatabase, type Database } from '../db/client.js'
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from '../db/data-dir-lock.js'
import { runMigrations } from '../db/migrate.js'
import { createJobRunner } from '../jobs/runner.js'
import {
  appliedMigrations,
  type CopyProgress,
  copyTable,
  countRows,
  deferKeys,
  emptyTable,
  FOLIO_SCHEMA,
  foreignKeyOrder,
  foreignKeysOf,
  inSnapshot,
  JOBS_SCHEMA,
  jobsVersion,
  labelOf,
  MoveRefused,
  replaceQueues,
  resetSequences,
  suspendTriggers,
  type TableShape,
  tablesOf,
} from './instance-copy.js'
import { copyFolder, type FilesCopied, hasEntries, removeCopy, requireEmptyFolder } from './instance-files.js'

export { MoveRefused }

/** Where an instance's database is: a PostgreSQL server, or the embedded one of a `DATA_DIR`. */
export type Place = { kind: 'postgres'; url: string } | { kind: 'dir'; dir: string }

/**
 * Reads `--from`/`--to`: a `postgres://` or `postgresql://` URL, or else a directory path (the
 * `DATA_DIR` of an embedded instance).
 * @throws MoveRefused for another URL scheme (a mistyped PostgreSQL URL is not taken for a folder).
 */
export function parsePlace(value: string): Place {
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new MoveRefused(`${value.split('://')[0]}:// is neither postgres:// nor a directory path.`)
  }
  return { kind: 'dir', dir: resolve(value) }
}

/** A place for messages: a directory, or a URL without its password. */
export function describePlace(place: Place): string {
  if (place.kind === 'dir') return place.dir
  const url = new URL(place.url)
  if (url.password !== '') url.password = '***'
  return url.toString()
}

export interface MoveOptions {
  from: Place
  to: Place
  /** The media driver of the instance (`MEDIA_DRIVER`): with `s3` no file is copied. */
  mediaDriver: 'local' | 's3'
  /**
   * The source's local media folder (the local driver's `<DATA_DIR>/media`); defaults to the
   * source DATA_DIR's for an embedded source.
   */
  mediaFrom: string | undefined
  /**
   * Where the media files go; must be named `media`, since the new server reads
   * `<DATA_DIR>/media`. Default for an embedded target: its `media` folder. Required to PostgreSQL
   * when there are local media files.
   */
  mediaTo: string | undefined
  /** `APP_SECRET` of the environment; without it an embedded source's `DATA_DIR/secret` is the secret. */
  appSecret: string | undefined
  /** Rows per page of the copy. */
  pageRows: number
  /** The most bytes of rows (as JSON) a page holds; a single larger row is a page of its own. */
  pageBytes: number
  onProgress: (line: string) => void
  /** A lock taken here was lost while copying (see `acquireDataDirLock`): stop at once. */
  onLockLost: (err: Error) => void
}

export interface MoveSummary {
  /** Rows per table, in the order copied (`pgboss.job` for the job queue's tables). */
  tables: { table: string; rows: number }[]
  media: FilesCopied & { from: string | undefined; to: string | undefined }
  imports: FilesCopied
  milliseconds: number
  /** What to do next, one line each (the variables the new server needs). */
  nextSteps: string[]
}

const LOCK_HINT = 'Stop that server first: an instance moves while nothing runs on it.'

/**
 * Moves a whole instance (docs/decisions/configuration.md "Moving to PostgreSQL"): every row of
 * Folio's tables and of the job queue, and the local files, from `from` to `to`, which must be
 * empty; then checks the row counts of every table on both sides.
 * @throws MoveRefused (no row or file written) when a DATA_DIR of the move is held by a server, the
 *   target is not empty, the two databases' migrations differ, a file folder is not empty or the
 *   secret is unknown;
 *   database and file-system errors otherwise (the target's transaction rolls back, copied files
 *   are removed).
 */
export async function moveInstance(options: MoveOptions): Promise<MoveSummary> {
  const started = Date.now()
  const { from, to } = options
  if (
    from.kind === to.kind &&
    (from.kind === 'dir' ? from.dir === (to as typeof from).dir : from.url === (to as typeof from).url)
  ) {
    throw new MoveRefused('--from and --to name the same place.')
  }
  if (from.kind === 'dir' && !existsSync(join(from.dir, 'db', 'PG_VERSION'))) {
    throw new MoveRefused(`${from.dir} holds no embedded database (no ${join(from.dir, 'db')}).`)
  }
  const files = planFiles(options)
  const locks: DataDirLock[] = []
  const databases: Database[] = []
  try {
    for (const place of [from, to]) {
      if (place.kind === 'dir') locks.push(await lock(place.dir, options.onLockLost))
    }
    const secret = sourceSecret(options)
    if (to.kind === 'dir') checkSecretFile(to.dir, secret)
    const source = await open(from)
    databases.push(source)
    const target = await open(to)
    databases.push(target)
    await checkMigrations(source, target)
    await checkEmpty(target)
    const jobs = await jobsVersion(source.db)
    if (jobs !== undefined) {
      // pg-boss installs its tables as a server would at start; the queues come with the copy.
      await createJobRunner({ database: target }).prepare()
      const installed = await jobsVersion(target.db)
      if (installed !== jobs) {
        throw new MoveRefused(
          `The source's job queue is at pg-boss schema version ${jobs}, this Folio's at ${installed}: start a server of this version on the source once, stop it, then move.`,
        )
      }
    }

    const copiedFolders: string[] = []
    try {
      const media = await copyFiles(files.media, copiedFolders, 'media', options.onProgress)
      const imports = await copyFiles(files.imports, copiedFolders, 'imports', options.onProgress)
      const tables = await copyDatabase(source, target, jobs !== undefined, options)
      if (to.kind === 'dir' && secret !== undefined && !existsSync(join(to.dir, 'secret'))) {
        writeFileSync(join(to.dir, 'secret'), secret, { mode: 0o600, flag: 'wx' })
      }
      return {
        tables,
        media: { ...media, from: files.media?.from, to: files.media?.to },
        imports,
        milliseconds: Date.now() - started,
        nextSteps: nextSteps(options, files),
      }
    } catch (err) {
      for (const folder of copiedFolders) await removeCopy(folder)
      throw err
    }
  } finally {
    for (const database of databases) await database.close().catch(() => {})
    for (const held of locks) await held.release()
  }
}

interface FolderCopy {
  from: string
  to: string
}

/** Which folders move where; refuses a plan that would lose files or mix them with others. */
function planFiles(options: MoveOptions): { media?: FolderCopy; imports?: FolderCopy; s3: boolean } {
  const { from, to } = options
  const mediaFrom =
    options.mediaFrom === undefined
      ? from.kind === 'dir'
        ? join(from.dir, 'media')
        : undefined
      : resolve(options.mediaFrom)
  const importsFrom = mediaFrom === undefined ? undefined : join(dirname(mediaFrom), 'imports')
  let mediaTo = options.mediaTo === undefined ? undefined : resolve(options.mediaTo)
  if (to.kind === 'dir') {
    if (mediaTo !== undefined && mediaTo !== join(to.dir, 'media')) {
      throw new MoveRefused(
        `An embedded target reads its media from ${join(to.dir, 'media')}; leave out --media-to or give that folder.`,
      )
    }
    mediaTo = join(to.dir, 'media')
  }
  if (mediaTo !== undefined && basename(mediaTo) !== 'media') {
    throw new MoveRefused(
      `--media-to must be a folder named media: the new server reads its media from <DATA_DIR>/media (got ${mediaTo}).`,
    )
  }
  const s3 = options.mediaDriver === 's3'
  const withFiles = (dir: string | undefined) => dir !== undefined && hasEntries(dir)
  if (!s3 && mediaTo === undefined && withFiles(mediaFrom)) {
    throw new MoveRefused(
      `The instance keeps media files in ${mediaFrom}: give --media-to <new DATA_DIR>/media, the folder the new server will read them from.`,
    )
  }
  if (mediaTo !== undefined) {
    if (!s3) requireEmptyFolder(mediaTo, 'The media folder')
    requireEmptyFolder(join(dirname(mediaTo), 'imports'), 'The imports folder')
  }
  return {
    s3,
    ...(s3 || mediaFrom === undefined || mediaTo === undefined
      ? {}
      : { media: { from: mediaFrom, to: mediaTo } }),
    ...(importsFrom === undefined || mediaTo === undefined
      ? {}
      : { imports: { from: importsFrom, to: join(dirname(mediaTo), 'imports') } }),
  }
}

async function lock(dir: string, onLockLost: (err: Error) => void): Promise<DataDirLock> {
  try {
    return await acquireDataDirLock(dir, { hint: LOCK_HINT, onCompromised: onLockLost })
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new MoveRefused(err.message)
    throw err
  }
}

/**
 * The instance's secret: `APP_SECRET`, or the generated one of an embedded source.
 * @throws MoveRefused towards a directory without one: the new DATA_DIR must keep the secret that
 *   sealed the sessions and stored tenant secrets, or its server would generate another.
 */
function sourceSecret(options: MoveOptions): string | undefined {
  if (options.appSecret !== undefined) return options.appSecret
  const file = options.from.kind === 'dir' ? join(options.from.dir, 'secret') : undefined
  if (file !== undefined && existsSync(file)) return readFileSync(file, 'utf8').trim()
  if (options.to.kind === 'dir') {
    throw new MoveRefused(
      "Set APP_SECRET to the instance's secret (the servers' APP_SECRET): the new DATA_DIR keeps it in its secret file.",
    )
  }
  return undefined
}

/** An embedded target keeps the instance's secret; one holding another secret is refused. */
function checkSecretFile(dir: string, secret: string | undefined): void {
  const file = join(dir, 'secret')
  if (secret === undefined || !existsSync(file)) return
  if (readFileSync(file, 'utf8').trim() !== secret) {
    throw new MoveRefused(`${file} holds another instance's secret; move into a new DATA_DIR.`)
  }
}

function open(place: Place): Promise<Database> {
  return place.kind === 'dir'
    ? createDatabase({ dataDir: place.dir })
    : createDatabase({ url: place.url, dataDir: tmpdir(), poolSize: 2 })
}

/** Migrates the target, then requires both databases to carry exactly the same migrations. */
async function checkMigrations(source: Database, target: Database): Promise<void> {
  const sourceMigrations = await appliedMigrations(source.db)
  if (sourceMigrations === undefined) throw new MoveRefused('The source holds no Folio database.')
  await runMigrations(target)
  const targetMigrations = (await appliedMigrations(target.db)) ?? []
  const same =
    sourceMigrations.length === targetMigrations.length &&
    sourceMigrations.every((hash, index) => targetMigrations[index] === hash)
  if (same) return
  const older =
    sourceMigrations.length < targetMigrations.length &&
    sourceMigrations.every((hash, index) => targetMigrations[index] === hash)
  throw new MoveRefused(
    older
      ? `The source has ${sourceMigrations.length} of this Folio's ${targetMigrations.length} migrations: start a server of this version on it once (it migrates at start), stop it, then move.`
      : `The source's migrations differ from this Folio's (${sourceMigrations.length} against ${targetMigrations.length}): move with the Folio version that last ran on the source.`,
  )
}

/**
 * The target must hold no row of Folio's tables but those its migrations seed (a fresh database
 * migrated in memory shows which): a database in use is never written into.
 */
async function checkEmpty(target: Database): Promise<void> {
  const seeded = await seededCounts()
  const tables = await tablesOf(target.db, FOLIO_SCHEMA)
  for (const table of tables) {
    const rows = await countRows(target.db, table)
    if (rows > (seeded.get(table.name) ?? 0)) {
      throw new MoveRefused(
        `The target is not empty (${table.name} holds ${rows} ${rows === 1 ? 'row' : 'rows'}): move into a new database or DATA_DIR.`,
      )
    }
  }
}

/** Rows per table that the migrations themselves write (a built-in feature flag). */
async function seededCounts(): Promise<Map<string, number>> {
  const fresh = await createDatabase({ url: 'memory://', dataDir: tmpdir() })
  try {
    await runMigrations(fresh)
    const counts = new Map<string, number>()
    for (const table of await tablesOf(fresh.db, FOLIO_SCHEMA)) {
      const rows = await countRows(fresh.db, table)
      if (rows > 0) counts.set(table.name, rows)
    }
    return counts
  } finally {
    await fresh.close()
  }
}

async function copyFiles(
  folder: FolderCopy | undefined,
  copiedFolders: string[],
  what: string,
  onProgress: (line: string) => void,
): Promise<FilesCopied> {
  if (folder === undefined || !existsSync(folder.from)) return { files: 0, bytes: 0 }
  copiedFolders.push(folder.to)
  let lastReport = Date.now()
  const copied = await copyFolder(folder.from, folder.to, (sofar) => {
    if (Date.now() - lastReport < 1000) return
    lastReport = Date.now()
    onProgress(`${what}: ${sofar.files} files, ${formatBytes(sofar.bytes)} …`)
  })
  onProgress(`${what}: ${copied.files} files, ${formatBytes(copied.bytes)} copied to ${folder.to}`)
  return copied
}

/**
 * Copies the rows in one snapshot of the source and one transaction of the target, then compares
 * the counts of every table before committing: a difference rolls everything back.
 */
async function copyDatabase(
  source: Database,
  target: Database,
  withJobs: boolean,
  options: MoveOptions,
): Promise<{ table: string; rows: number }[]> {
  return source.unbounded((sourceDb) =>
    inSnapshot(sourceDb, (snapshot) =>
      target.unbounded((targetDb) =>
        targetDb.transaction(async (tx) => {
          const copied: {
            table: string
            rows: number
            expected: number
            at: { schema: string; name: string }
          }[] = []
          let lastReport = Date.now()
          const onProgress: CopyProgress = (table, rows, total) => {
            if (Date.now() - lastReport < 1000 || rows === total) return
            lastReport = Date.now()
            options.onProgress(`${table}: ${rows}/${total} rows …`)
          }
          const copyAll = async (tables: TableShape[]) => {
            for (const table of tables) {
              const expected = await countRows(snapshot, table)
              const rows = await copyTable(snapshot, tx, table, {
                pageRows: options.pageRows,
                pageBytes: options.pageBytes,
                total: expected,
                onProgress,
              })
              await resetSequences(tx, table)
              options.onProgress(`${labelOf(table)}: ${rows} rows`)
              copied.push({ table: labelOf(table), rows, expected, at: table })
            }
          }

          const folio = await tablesOf(tx, FOLIO_SCHEMA)
          const sourceTables = new Set((await tablesOf(snapshot, FOLIO_SCHEMA)).map((table) => table.name))
          const missing = folio.filter((table) => !sourceTables.has(table.name)).map((table) => table.name)
          if (missing.length > 0 || sourceTables.size !== folio.length) {
            throw new MoveRefused(`The source's tables differ from this Folio's (${missing.join(', ')}).`)
          }
          const keys = await foreignKeysOf(tx, FOLIO_SCHEMA)
          const { order, unordered } = foreignKeyOrder(
            folio.map((table) => table.name),
            keys,
          )
          const byName = new Map(folio.map((table) => [table.name, table]))
          const ordered = order.map((name) => byName.get(name) as TableShape)
          // The target holds only the migrations' seeds (checkEmpty); the source's version of them
          // comes with the copy. Children first.
          for (const table of [...ordered].reverse()) await emptyTable(tx, table)
          const checkDeferred = await deferKeys(tx, FOLIO_SCHEMA, unordered)
          const resumeTriggers = await suspendTriggers(tx, FOLIO_SCHEMA)
          await copyAll(ordered)
          // Deferred checks first: a table with pending checks cannot be altered.
          await checkDeferred()
          await resumeTriggers()

          if (withJobs) {
            // The target's job state becomes the source's: a server that started on the empty
            // target queued only its own sweeps.
            const jobTables = (await tablesOf(tx, JOBS_SCHEMA)).filter(
              (table) => table.name !== 'version' && table.name !== 'queue',
            )
            for (const table of jobTables) await emptyTable(tx, table)
            const queues = await replaceQueues(snapshot, tx)
            options.onProgress(`${JOBS_SCHEMA}.queue: ${queues} queues`)
            const queueTable = { schema: JOBS_SCHEMA, name: 'queue' }
            copied.push({
              table: labelOf(queueTable),
              rows: queues,
              expected: await countRows(snapshot, queueTable),
              at: queueTable,
            })
            // Schedules and subscriptions name their queue; jobs and the archive come after.
            const rank = (name: string) => ['schedule', 'subscription', 'job', 'archive'].indexOf(name)
            await copyAll(jobTables.sort((x, y) => rank(x.name) - rank(y.name)))
          }

          const differences: string[] = []
          for (const entry of copied) {
            const onTarget = await countRows(tx, entry.at)
            if (onTarget !== entry.expected) {
              differences.push(`${entry.table}: ${entry.expected} in the source, ${onTarget} in the target`)
            }
          }
          if (differences.length > 0) {
            throw new Error(`The copy is incomplete, nothing was written: ${differences.join('; ')}`)
          }
          return copied.map(({ table, rows }) => ({ table, rows }))
        }),
      ),
    ),
  )
}

/** What the new server needs, one line each; never the secret itself. */
function nextSteps(options: MoveOptions, files: ReturnType<typeof planFiles>): string[] {
  const steps: string[] = []
  const { from, to } = options
  if (to.kind === 'postgres') {
    steps.push(`Start the new server with DATABASE_URL=${describePlace(to)}.`)
    if (options.appSecret !== undefined) {
      steps.push('Give it the same APP_SECRET (and APP_SECRET_PREVIOUS, if set) as this environment.')
    } else if (from.kind === 'dir') {
      steps.push(
        `Set its APP_SECRET to the contents of ${join(from.dir, 'secret')}: sessions and stored secrets are sealed with it.`,
      )
    }
    if (files.media !== undefined) {
      steps.push(
        `Set its DATA_DIR=${dirname(files.media.to)}: the local media driver reads ${files.media.to}.`,
      )
    }
  } else {
    steps.push(`Start the new server with DATA_DIR=${to.dir} and without DATABASE_URL.`)
    if (options.appSecret === undefined) steps.push(`The instance's secret is in ${join(to.dir, 'secret')}.`)
    else steps.push(`Its secret was written to ${join(to.dir, 'secret')} (or give it the same APP_SECRET).`)
  }
  if (files.s3) {
    steps.push(
      'Media are in S3 (MEDIA_DRIVER=s3): nothing was copied; give the new server the same S3 settings.',
    )
  }
  return steps
}

/** Bytes in a short human form (binary units). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

/** The summary printed at the end: rows per table, files, bytes, time, then the next steps. */
export function formatMoveSummary(summary: MoveSummary, from: Place, to: Place): string {
  const width = Math.max(...summary.tables.map((entry) => entry.table.length), 5)
  const lines = [
    `Moved ${describePlace(from)} to ${describePlace(to)} in ${(summary.milliseconds / 1000).toFixed(1)} s.`,
    '',
    `${'table'.padEnd(width)}  rows`,
    ...summary.tables.map((entry) => `${entry.table.padEnd(width)}  ${entry.rows}`),
    `${'total'.padEnd(width)}  ${summary.tables.reduce((sum, entry) => sum + entry.rows, 0)}`,
    '',
    summary.media.to === undefined
      ? 'media: none copied'
      : `media: ${summary.media.files} files, ${formatBytes(summary.media.bytes)} (${summary.media.bytes} bytes) to ${summary.media.to}`,
    `import files: ${summary.imports.files}, ${formatBytes(summary.imports.bytes)}`,
    'verified: every table holds as many rows in the target as in the source.',
    '',
    ...summary.nextSteps,
  ]
  return `${lines.join('\n')}\n`
}
