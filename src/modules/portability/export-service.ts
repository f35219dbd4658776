import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import type { MediaStorage } from '../media/index.js'
import type { RoleResolver } from '../roles/index.js'
import { exportAccess } from './access.js'
import {
  ARCHIVE_FORMAT,
  type ArchivedMember,
  FORMAT_VERSION,
  folioVersion,
  type Manifest,
  MEMBERS_ENTRY,
  measureFile,
  measuring,
  type PackedEntry,
  writeArchive,
} from './archive.js'
import { type ExportOptions, tablesFor } from './classification.js'
import { createPortabilityRepository, type ExportRow } from './repository.js'
import type { TenantExport } from './schemas.js'

/** The job writing one export's archive, queued with its record. */
export const EXPORT_JOB = 'portability.export'
/** The hourly sweep removing expired exports with their archives. */
export const EXPORT_SWEEP_JOB = 'portability.sweep-exports'

export interface ExportJob {
  tenantId: string
  exportId: string
}

/** Rows read per statement: a page at a time in memory, whatever the table's size. */
const PAGE_SIZE = 500

/** Writes `text` to `stream`, waiting for it to drain when its buffer is full. */
async function put(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()))
}

async function closeStream(stream: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
  )
}

/**
 * Tenant exports (docs/decisions/portability.md): the routes' service and the job writing the
 * archive. The archive goes to the media store under the tenant's prefix, in a folder no media
 * record names, so it is never served; it is streamed back by `download` to an owner or admin only.
 */
export function createExportService(deps: {
  db: Db
  events: EventSink
  storage: MediaStorage
  jobs: Pick<JobRunner, 'send'>
  roles: Pick<RoleResolver, 'resolve'>
  /** Where work files go (`DATA_DIR/portability`). */
  workDir: string
  retentionHours: number
}) {
  const { db, storage } = deps
  const repository = createPortabilityRepository(db)
  const write = transactional(db, deps.events)
  const authorize = exportAccess(repository, deps.roles)

  async function found(tenantId: string, exportId: string): Promise<ExportRow> {
    const row = await repository.exports.find(tenantId, exportId)
    if (row === undefined) throw errors.notFound('Export')
    return row
  }

  /** Writes the archive of `row` and returns where it is and what it holds. */
  async function writeExport(row: ExportRow): Promise<Partial<ExportRow>> {
    const tenant = await repository.tenant(row.tenantId)
    if (tenant === undefined) throw new Error('The tenant is gone.')
    const tables = tablesFor(row.options)
    const totals = await Promise.all(tables.map((table) => repository.count(row.tenantId, table)))
    const progress = { done: 0, total: totals.reduce((sum, n) => sum + n, 0) }
    await repository.exports.progress(row.tenantId, row.id, progress)
    await mkdir(deps.workDir, { recursive: true })
    const work = await mkdtemp(join(deps.workDir, `export-${row.id}-`))
    try {
      const counts: Record<string, number> = {}
      const entries: PackedEntry[] = []
      const secrets = new Set<string>()
      const mediaKeys: string[] = []
      const fileEntry = (name: string, path: string, measured: { size: number; sha256: string }) => ({
        name,
        ...measured,
        open: async () => ({ stream: createReadStream(path), done: async () => {} }),
      })
      for (const table of tables) {
        const path = join(work, `${table.name}.ndjson`)
        const meter = measuring()
        const file = createWriteStream(path)
        const written = new Promise<void>((resolve, reject) => {
          meter.pipe(file)
          file.on('finish', () => resolve())
          file.on('error', reject)
        })
        let rows = 0
        let after: Record<string, unknown> | undefined
        for (;;) {
          const page = await repository.page(row.tenantId, table, after, PAGE_SIZE)
          if (page.length === 0) break
          let text = ''
          for (const { row: data, leftOut } of page) {
            text += `${JSON.stringify(data)}\n`
            for (const column of leftOut) secrets.add(`${table.name}.${column}`)
            if (table.name === 'media' && typeof data.key === 'string') mediaKeys.push(data.key)
          }
          if (!meter.write(text)) await new Promise<void>((resolve) => meter.once('drain', () => resolve()))
          rows += page.length
          after = page.at(-1)!.row
          progress.done += page.length
          await repository.exports.progress(row.tenantId, row.id, progress)
        }
        meter.end()
        await written
        if (rows === 0) continue
        counts[table.name] = rows
        entries.push(
          fileEntry(`data/${table.name}.ndjson`, path, { size: meter.size, sha256: meter.digest() }),
        )
      }

      const members = await repository.members(row.tenantId)
      const membersPath = join(work, 'members.ndjson')
      const membersFile = createWriteStream(membersPath)
      for (const { userId: _userId, ...member } of members) {
        const line: ArchivedMember = member
        await put(membersFile, `${JSON.stringify(line)}\n`)
      }
      await closeStream(membersFile)
      counts.members = members.length
      entries.push(fileEntry(MEMBERS_ENTRY, membersPath, await measureFile(membersPath)))

      // Originals only, each hashed now and streamed into the archive below (docs/decisions/portability.md "The archive").
      let mediaFiles = 0
      for (const key of mediaKeys) {
        if ((await storage.head(key)) === null) continue
        const local = await storage.localFile(key)
        let measured: { size: number; sha256: string }
        try {
          measured = await measureFile(local.path)
        } finally {
          await local.release()
        }
        mediaFiles++
        entries.push({
          name: `media/${key}`,
          ...measured,
          open: async () => {
            const file = await storage.localFile(key)
            return { stream: createReadStream(file.path), done: () => file.release() }
          },
        })
      }
      counts.mediaFiles = mediaFiles

      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: FORMAT_VERSION,
        folioVersion: folioVersion(),
        source: { tenantId: tenant.id, name: tenant.name, slug: tenant.slug },
        createdAt: new Date().toISOString(),
        options: row.options,
        counts,
        entries: entries.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
        secretsLeftOut: [...secrets].sort(),
      }
      const archivePath = join(work, 'archive.tar.gz')
      const archive = await writeArchive(archivePath, manifest, entries)
      const storageKey = exportKeyOf(row)
      await storage.writeFile(storageKey, archivePath, 'application/gzip')
      const finishedAt = new Date()
      return {
        status: 'succeeded',
        counts,
        storageKey,
        sizeBytes: archive.size,
        sha256: archive.sha256,
        finishedAt,
        expiresAt: expiryOf(row, finishedAt),
        progress: { done: progress.total, total: progress.total },
      }
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }

  /**
   * When an export ended at `finishedAt`, succeeded or failed, is removed by the sweep:
   * `EXPORT_RETENTION_HOURS` later; never for a backup, which its schedule's `keep` removes
   * (docs/decisions/portability.md "Backups").
   */
  const expiryOf = (row: ExportRow, finishedAt: Date): Date | null =>
    row.trigger === 'schedule' ? null : new Date(finishedAt.getTime() + deps.retentionHours * 3600_000)

  return {
    /**
     * `POST /api/tenants/{id}/exports`: records an export and queues its job. 404 unknown tenant
     * (or not a member), 403 without the right.
     */
    async start(tenantId: string, userId: string, options: ExportOptions): Promise<TenantExport> {
      await authorize(tenantId, userId)
      const id = newId()
      const row = await write.across(async (tx) => {
        const created = await createPortabilityRepository(tx).exports.insert(tenantId, {
          id,
          options,
          createdBy: userId,
        })
        const job: ExportJob = { tenantId, exportId: id }
        await deps.jobs.send(EXPORT_JOB, job, { within: tx })
        return created
      })
      return toExport(row)
    },

    /** `GET /api/tenants/{id}/exports`: the tenant's exports, newest first (100 at most). */
    async list(tenantId: string, userId: string): Promise<TenantExport[]> {
      await authorize(tenantId, userId)
      return (await repository.exports.list(tenantId)).map(toExport)
    },

    /** `GET /api/tenants/{id}/exports/{exportId}`; 404 for another tenant's export. */
    async get(tenantId: string, userId: string, exportId: string): Promise<TenantExport> {
      await authorize(tenantId, userId)
      return toExport(await found(tenantId, exportId))
    },

    /**
     * The archive of a succeeded export as a file on this machine (`release` when sent), with its
     * size and name. 404 unknown export, 409 when it has not succeeded.
     */
    async download(tenantId: string, userId: string, exportId: string) {
      await authorize(tenantId, userId)
      const row = await found(tenantId, exportId)
      if (row.status !== 'succeeded' || row.storageKey === null) throw errors.conflict('portability.notReady')
      const file = await storage.localFile(row.storageKey)
      const tenant = await repository.tenant(tenantId)
      const stamp = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10)
      return {
        file,
        size: row.sizeBytes ?? 0,
        fileName: `${tenant?.slug ?? 'tenant'}-${stamp}-${row.id}.tar.gz`,
      }
    },

    /** `DELETE /api/tenants/{id}/exports/{exportId}`: the record and its archive. */
    async remove(tenantId: string, userId: string, exportId: string): Promise<void> {
      await authorize(tenantId, userId)
      const row = await repository.exports.remove(tenantId, exportId)
      if (row === undefined) throw errors.notFound('Export')
      if (row.storageKey !== null) await storage.remove([row.storageKey])
    },

    /**
     * The `EXPORT_JOB` handler: writes the archive; a failure is recorded on the export. Returns the
     * export as it ended, or undefined when there was nothing to do (gone, or already ended).
     */
    async run(job: ExportJob): Promise<ExportRow | undefined> {
      const row = await repository.exports.find(job.tenantId, job.exportId)
      if (row === undefined || (row.status !== 'queued' && row.status !== 'running')) return undefined
      await repository.exports.update(row.tenantId, row.id, { status: 'running' })
      try {
        return await repository.exports.update(row.tenantId, row.id, await writeExport(row))
      } catch (err) {
        const finishedAt = new Date()
        return repository.exports.update(row.tenantId, row.id, {
          status: 'failed',
          error: err instanceof Error ? err.message : String(err),
          finishedAt,
          expiresAt: expiryOf(row, finishedAt),
        })
      }
    },

    /** The sweep: removes exports past their retention with their archives. */
    async sweep(now = new Date()): Promise<number> {
      const rows = await repository.exports.expired(now, 100)
      for (const row of rows) {
        if (row.storageKey !== null) await storage.remove([row.storageKey])
        await repository.exports.remove(row.tenantId, row.id)
      }
      return rows.length
    },

    /** Queues again the exports a stopped server left queued or running. */
    async resume(): Promise<void> {
      for (const row of await repository.exports.unfinished()) {
        const job: ExportJob = { tenantId: row.tenantId, exportId: row.id }
        await deps.jobs.send(EXPORT_JOB, job, { singletonKey: `export:${row.id}` })
      }
    },
  }
}

export type ExportService = ReturnType<typeof createExportService>

/**
 * Where an export's archive is kept: a key of the tenant's own prefix (so the tenant's purge removes
 * it) in a folder named by the export, which no media record names, so it is never served.
 */
function exportKeyOf(row: ExportRow): string {
  const at = row.createdAt
  const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`
  return `${row.tenantId}/${month}/${row.id}/tenant-export.tgz`
}

function toExport(row: ExportRow): TenantExport {
  return {
    id: row.id,
    tenantId: row.tenantId,
    status: row.status as TenantExport['status'],
    trigger: row.trigger as TenantExport['trigger'],
    progress: row.progress,
    counts: row.counts,
    options: row.options,
    error: row.error,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }
}
