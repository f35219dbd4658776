import { createWriteStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PlanSlug } from '../../config.js'
import { onBehalfOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { AppError, errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { MAKE_VARIANTS_JOB, type MakeVariantsJob, type MediaStorage } from '../media/index.js'
import { membershipWrites } from '../members/index.js'
import { tenantWrites } from '../tenants/index.js'
import {
  type ArchivedMember,
  ArchiveError,
  type Manifest,
  MEMBERS_ENTRY,
  measuring,
  ndjsonLines,
  readArchive,
} from './archive.js'
import { type PortableTable, portableTables } from './classification.js'
import { IdMap } from './id-map.js'
import { createPortabilityRepository, type ImportRow, type TenantImportNotes } from './repository.js'
import type { TenantImport } from './schemas.js'

/** The job importing one spooled archive as a new tenant. */
export const IMPORT_JOB = 'portability.import'

export interface ImportJob {
  importId: string
}

/** Rows written per statement. */
const BATCH_SIZE = 500

/** What the import result says of each secret the archive left out. */
const SECRET_NAMES: Record<string, string> = {
  'tenant_settings.smtp_password_encrypted': 'SMTP password',
  'tenant_settings.webhook_secret_encrypted': 'webhook secret',
}

/** The limits of tenant settings an archive is checked against, and what each counts. */
const LIMITS: { limit: 'entries' | 'media' | 'users'; count: (counts: Record<string, number>) => number }[] =
  [
    { limit: 'entries', count: (counts) => counts.contents ?? 0 },
    { limit: 'media', count: (counts) => counts.media ?? 0 },
    { limit: 'users', count: (counts) => counts.members ?? 0 },
  ]

/** The 400 an archive error answers with, naming the entry or version at fault. */
function invalid(err: ArchiveError) {
  switch (err.reason) {
    case 'checksum':
      return errors.invalidArchive(phrase('portability.damaged', { entry: err.entry }))
    case 'missing':
      return errors.invalidArchive(phrase('portability.missing', { entry: err.entry }))
    case 'unexpected':
      return errors.invalidArchive(phrase('portability.unexpected', { entry: err.entry }))
    case 'noManifest':
      return errors.invalidArchive(phrase('portability.noManifest', { entry: err.entry }))
    case 'version':
      return errors.invalidArchive(phrase('portability.unknownVersion', { version: err.entry }))
    case 'format':
      return errors.invalidArchive('portability.format')
    default:
      return errors.invalidArchive('portability.notArchive')
  }
}

/**
 * Tenant imports (docs/decisions/portability.md): an archive is spooled to disk, checked whole
 * before anything is written, then a job creates the new tenant and all its rows in one
 * transaction, with ids issued again and every reference kept. The rows are written as they are,
 * without the families' services: no event is recorded for them (so the new tenant's webhooks do
 * not fire for them), only `tenant.created`, the members' and `tenant.imported`.
 */
export function createImportService(deps: {
  db: Db
  events: EventSink
  storage: MediaStorage
  jobs: Pick<JobRunner, 'send'>
  /** Where archives wait for their job (`DATA_DIR/portability`). */
  workDir: string
  defaultPlan: PlanSlug
  /** The largest archive an import takes, in bytes (TENANT_IMPORT_MAX_BYTES). */
  maxBytes: number
}) {
  const { db, storage } = deps
  const repository = createPortabilityRepository(db)
  const write = transactional(db, deps.events)
  const spoolOf = (importId: string) => join(deps.workDir, `import-${importId}.tar.gz`)

  /** Checks the spooled archive: checksums, format, limits. Returns its manifest. */
  async function verify(path: string): Promise<Manifest> {
    let limits: Record<string, number | null> = {}
    let manifest: Manifest
    try {
      manifest = await readArchive(path, {
        async onEntry(entry) {
          if (entry.name !== 'data/tenant_settings.ndjson') return
          for await (const row of ndjsonLines(entry.stream)) {
            limits = ((row as { limits?: Record<string, number | null> }).limits ?? {}) as typeof limits
          }
        },
      })
    } catch (err) {
      if (err instanceof ArchiveError) throw invalid(err)
      throw err
    }
    for (const { limit, count } of LIMITS) {
      const value = limits[limit]
      const n = count(manifest.counts)
      if (typeof value === 'number' && n > value)
        throw errors.invalidArchive(
          phrase('portability.overLimit', { limitName: limit, limit: value, count: n }),
        )
    }
    return manifest
  }

  async function importArchive(row: ImportRow): Promise<Partial<ImportRow>> {
    const path = spoolOf(row.id)
    const tables = new Map(portableTables().map((table) => [`data/${table.name}.ndjson`, table]))
    // First pass: every id of the archive, so forward references resolve (checksums again on the way).
    const ids = new IdMap()
    const manifest = await readArchive(path, {
      onManifest: (found) => ids.collect(found.source.tenantId),
      async onEntry(entry) {
        const table = tables.get(entry.name)
        if (table === undefined) return
        for await (const data of ndjsonLines(entry.stream)) {
          const record = data as Record<string, unknown>
          for (const column of table.idColumns) ids.collect(record[column])
        }
      },
    })
    ids.seal()
    // Rows, members and files to write; the transaction then holds the embedded database's one
    // connection, so the count is set before it and done after it commits.
    const total = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0)
    await repository.imports.update(row.id, { progress: { done: 0, total } })
    const tenantId = ids.get(manifest.source.tenantId)!
    const name = row.options.name ?? manifest.source.name
    const slug = row.options.slug ?? manifest.source.slug
    const importer = await repository.account(row.userId)
    if (importer === undefined) throw new Error('The importing account is gone.')
    const notes: TenantImportNotes = {
      setAgain: manifest.secretsLeftOut.flatMap((secret) => SECRET_NAMES[secret] ?? []),
      tokensToRegenerate: [],
      invitations: [],
    }
    const counts: Record<string, number> = {}
    const written: string[] = []
    const work = await mkdtemp(join(deps.workDir, `import-${row.id}-`))
    const now = new Date()
    const context = onBehalfOf(tenantId, row.userId, 'tenant-import')
    try {
      await write(context, async (tx, emit) => {
        const rows = createPortabilityRepository(tx)
        await tenantWrites(tx).create(tenantId, { name, slug, plan: deps.defaultPlan }, emit)
        await membershipWrites(tx).addOwner(tenantId, newId(), row.userId, emit)
        const variants: MakeVariantsJob[] = []

        const convert = (table: PortableTable, source: Record<string, unknown>) => {
          const target = ids.deep(source) as Record<string, unknown>
          target.tenant_id = tenantId
          for (const column of table.userColumns) target[column.name] = column.notNull ? row.userId : null
          if (table.name === 'api_tokens') {
            // A fresh hash nobody knows, expired now: unusable, listed to regenerate.
            target.token_hash = sha256Hex(randomToken(32))
            target.expires_at = now.toISOString()
            notes.tokensToRegenerate.push({
              id: String(target.id),
              name: String(target.name),
              role: String(target.role),
              scopes: (target.scopes as string[]) ?? [],
            })
          }
          if (table.name === 'media' && target.key !== null && target.variants_status === 'ready') {
            // Variants are made again from the original (docs/decisions/portability.md "The archive").
            target.variants_status = 'pending'
            variants.push({ tenantId, mediaId: String(target.id) })
          }
          return target
        }

        await readArchive(path, {
          async onEntry(entry) {
            const table = tables.get(entry.name)
            if (table !== undefined) {
              const links: Record<string, unknown>[] = []
              let batch: Record<string, unknown>[] = []
              const flush = async () => {
                await rows.insertRows(table, batch)
                batch = []
              }
              for await (const data of ndjsonLines(entry.stream)) {
                const target = convert(table, data as Record<string, unknown>)
                if (
                  table.selfColumns.some((column) => target[column] !== null && target[column] !== undefined)
                ) {
                  const link: Record<string, unknown> = {}
                  for (const column of [...table.primaryKey, ...table.selfColumns])
                    link[column] = target[column]
                  links.push(link)
                  for (const column of table.selfColumns) target[column] = null
                }
                batch.push(target)
                counts[table.name] = (counts[table.name] ?? 0) + 1
                if (batch.length >= BATCH_SIZE) await flush()
              }
              await flush()
              for (let i = 0; i < links.length; i += BATCH_SIZE)
                await rows.linkRows(table, links.slice(i, i + BATCH_SIZE))
              return
            }
            if (entry.name === MEMBERS_ENTRY) {
              for await (const data of ndjsonLines(entry.stream)) {
                const member = data as ArchivedMember
                if (member.email.toLowerCase() === importer.email.toLowerCase()) continue
                const role = member.role === 'owner' ? 'admin' : member.role
                const added = await membershipWrites(tx).addUnsentInvitation(
                  tenantId,
                  { email: member.email, role, invitedBy: row.userId },
                  emit,
                )
                if (added !== undefined) notes.invitations.push({ email: member.email, role })
              }
              counts.members = notes.invitations.length
              return
            }
            if (entry.name.startsWith('media/')) {
              const key = ids.replaceIn(entry.name.slice('media/'.length))
              const file = join(work, newId())
              await pipeline(entry.stream, createWriteStream(file))
              written.push(key)
              await storage.writeFile(key, file, 'application/octet-stream')
              await rm(file, { force: true })
              counts.mediaFiles = (counts.mediaFiles ?? 0) + 1
            }
          },
        })
        for (const job of variants) await deps.jobs.send(MAKE_VARIANTS_JOB, job, { within: tx })
        emit({
          type: 'tenant.imported',
          subjectId: tenantId,
          payload: {
            id: tenantId,
            name,
            slug,
            sourceTenantId: manifest.source.tenantId,
            rows: Object.entries(counts)
              .filter(([key]) => key !== 'members' && key !== 'mediaFiles')
              .reduce((sum, [, n]) => sum + n, 0),
            mediaFiles: counts.mediaFiles ?? 0,
          },
        })
      })
    } catch (err) {
      // Nothing committed: the files written for it go too.
      await storage.remove(written).catch(() => {})
      throw err
    } finally {
      await rm(work, { recursive: true, force: true })
    }
    return {
      status: 'succeeded',
      newTenantId: tenantId,
      counts,
      notes,
      finishedAt: new Date(),
      progress: { done: total, total },
    }
  }

  /** The `IMPORT_JOB` handler: one transaction; a failure leaves no tenant and is recorded. */
  async function run(job: ImportJob): Promise<void> {
    const row = await repository.imports.byId(job.importId)
    if (row === undefined || (row.status !== 'queued' && row.status !== 'running')) return
    await repository.imports.update(row.id, { status: 'running' })
    try {
      await repository.imports.update(row.id, await importArchive(row))
    } catch (err) {
      await repository.imports.update(row.id, {
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
        finishedAt: new Date(),
      })
    } finally {
      await rm(spoolOf(row.id), { force: true })
    }
  }

  return {
    /**
     * `POST /api/tenants/imports`: spools the archive, checks it, and queues its import.
     * @throws 400 InvalidArchive (damaged, unknown version, over its limits), 409 SlugConflict,
     *   413 PayloadTooLarge past `maxBytes` (the spool stops there: a body cannot fill the disk).
     */
    async start(input: {
      userId: string
      body: Readable
      name: string | null
      slug: string | null
    }): Promise<TenantImport> {
      const id = newId()
      const path = spoolOf(id)
      await mkdir(deps.workDir, { recursive: true })
      const meter = measuring()
      try {
        const cap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (meter.size > deps.maxBytes) {
              done(
                new AppError('PayloadTooLarge', phrase('portability.tooLarge', { maxBytes: deps.maxBytes })),
              )
            } else done(null, chunk)
          },
        })
        await pipeline(input.body, meter, cap, createWriteStream(path, { flags: 'wx' }))
        const sizeBytes = meter.size
        const manifest = await verify(path)
        const slug = input.slug ?? manifest.source.slug
        if (await repository.slugTaken(slug)) throw errors.slugConflict(slug)
        const row = await write.across(async (tx) => {
          const created = await createPortabilityRepository(tx).imports.insert({
            id,
            userId: input.userId,
            options: { name: input.name, slug: input.slug },
            sizeBytes,
          })
          const job: ImportJob = { importId: id }
          await deps.jobs.send(IMPORT_JOB, job, { within: tx })
          return created
        })
        return toImport(row)
      } catch (err) {
        await rm(path, { force: true })
        throw err
      }
    },

    /** `GET /api/tenants/imports/{importId}`: the caller's import; 404 for another account's. */
    async get(userId: string, importId: string): Promise<TenantImport> {
      const row = await repository.imports.find(userId, importId)
      if (row === undefined) throw errors.notFound('Import')
      return toImport(row)
    },

    run,

    /**
     * Queues again the imports a stopped server left queued or running: their transaction never
     * committed, so each starts over from its spooled archive.
     */
    async resume(): Promise<void> {
      for (const row of await repository.imports.unfinished()) {
        const job: ImportJob = { importId: row.id }
        await deps.jobs.send(IMPORT_JOB, job, { singletonKey: `tenant-import:${row.id}` })
      }
    },

    /**
     * The command line's import (`npm run tenant:import`): checks the archive at `path` and imports
     * it at once, without a job, as the account `ownerEmail`, which becomes the new tenant's owner.
     * Returns the import as `GET /api/tenants/imports/{id}` would.
     * @throws 404 when no account has that address, and what `start` throws.
     */
    async importFile(input: { ownerEmail: string; path: string; name: string | null; slug: string | null }) {
      const owner = await repository.accountByEmail(input.ownerEmail)
      if (owner === undefined) throw errors.notFound('User')
      const id = newId()
      await mkdir(deps.workDir, { recursive: true })
      await copyFile(input.path, spoolOf(id))
      try {
        const manifest = await verify(spoolOf(id))
        const slug = input.slug ?? manifest.source.slug
        if (await repository.slugTaken(slug)) throw errors.slugConflict(slug)
        await repository.imports.insert({
          id,
          userId: owner.id,
          options: { name: input.name, slug: input.slug },
          sizeBytes: (await stat(input.path)).size,
        })
      } catch (err) {
        await rm(spoolOf(id), { force: true })
        throw err
      }
      await run({ importId: id })
      return toImport((await repository.imports.byId(id))!)
    },
  }
}

export type ImportService = ReturnType<typeof createImportService>

function toImport(row: ImportRow): TenantImport {
  return {
    id: row.id,
    status: row.status as TenantImport['status'],
    progress: row.progress,
    tenantId: row.newTenantId,
    counts: row.counts,
    setAgain: row.notes.setAgain,
    tokensToRegenerate: row.notes.tokensToRegenerate,
    invitations: row.notes.invitations,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
