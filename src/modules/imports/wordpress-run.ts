import { setImmediate as nextTurn } from 'node:timers/promises'
import { onBehalfOf, systemContext, type TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { AppError } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { CategoriesService } from '../categories/index.js'
import type { ContentStatus, ContentsService, HtmlSanitizer } from '../contents/index.js'
import type { MediaService, MediaUploads } from '../media/index.js'
import type { MenusService } from '../menus/index.js'
import type { TagsService } from '../tags/index.js'
import type { TenantSettingsService } from '../tenant-settings/index.js'
import { createImportRepository, type ImportKind } from './repository.js'

const SOURCE = 'wordpress'
/** The primary key of `import_records`: a concurrent run that recorded the item first wins. */
const RECORD_KEY = 'import_records_tenant_id_source_source_key_pk'
const PROGRESS_EVERY = 25

export interface KindCounts {
  created: number
  /** Found already imported (by an earlier run), or taken over by slug. */
  existing: number
  /**
   * Of `existing`, changed by this run: an html still as an earlier run imported it, brought up to
   * date; an attachment left external, copied now; a menu placed at its location.
   */
  updated: number
  skipped: number
}

export type CountedKind = 'categories' | 'tags' | 'media' | 'posts' | 'pages' | 'menus' | 'menuItems'

/** The phases of an import, in order; `contents` covers posts and pages. */
export type ImportPhase = 'categories' | 'tags' | 'attachments' | 'contents' | 'menus'

/** Where a run is: called after every item, so an observer can show progress (and throttle). */
export interface ImportProgress {
  phase: ImportPhase
  /** Items of the phase handled so far, and in all. */
  done: number
  total: number
  counts: Readonly<Record<CountedKind, KindCounts>>
}

/** Counts of a run that has done nothing yet. */
export function noCounts(): Record<CountedKind, KindCounts> {
  const none = (): KindCounts => ({ created: 0, existing: 0, updated: 0, skipped: 0 })
  return {
    categories: none(),
    tags: none(),
    media: none(),
    posts: none(),
    pages: none(),
    menus: none(),
    menuItems: none(),
  }
}

/** Labels of the phases in progress lines. */
const PHASE_LABELS: Record<ImportPhase, string> = {
  categories: 'categories',
  tags: 'tags',
  attachments: 'attachments',
  contents: 'posts and pages',
  menus: 'menu items',
}

/**
 * The application's own services the import writes through (docs/decisions/imports.md): imported
 * records meet the tenant's limits, get their versions, events and jobs like any other write.
 */
export interface ImportWriters {
  categories: Pick<CategoriesService, 'getBySlug' | 'create'>
  tags: Pick<TagsService, 'getBySlug' | 'create'>
  media: Pick<MediaService, 'createExternal' | 'get'>
  /**
   * Attachment files the import copies (`copyMedia`), stored and recorded through the upload checks
   * (`attachFile` for an attachment an earlier run left external).
   */
  mediaUploads: Pick<
    MediaUploads,
    'storeFile' | 'recordFile' | 'attachFile' | 'discardFile' | 'maxUploadBytes'
  >
  contents: Pick<ContentsService, 'create' | 'update' | 'getJson'>
  /** The contents' html sanitizer: what a content's html became when it was stored. */
  htmlSanitizer: Pick<HtmlSanitizer, 'sanitize'>
  menus: Pick<MenusService, 'create' | 'addItem' | 'get' | 'update'>
  /** The tenant's locales, which a Polylang export adds to (docs/decisions/imports.md). */
  tenantSettings: Pick<TenantSettingsService, 'get' | 'update'>
}

/** One thing to bring in under `import_records` key `key`. */
export interface ImportStep {
  key: string
  kind: ImportKind
  /** A record a person already made that the import takes over instead of duplicating (by slug). */
  adopt?: (context: TenantContext) => Promise<string | undefined>
  /** Creates the Folio record through its service (the context carries the item's unit of work); returns its id. */
  create: (context: TenantContext) => Promise<string>
}

export type StepOutcome = { outcome: 'created' | 'existing'; id: string | undefined } | { outcome: 'skipped' }

/**
 * The state of one import run: the tenant's import records, the counters of the summary, and
 * `apply`, which writes one step and its import record in one transaction. In a dry run `apply`
 * only looks up (records, adoptable slugs) and counts; ids of would-be-created records are undefined.
 */
export async function createImportRun(options: {
  db: Db
  writers: ImportWriters
  tenantId: string | undefined
  dryRun: boolean
  actorId: string | undefined
  /** Hears the events of each item once its transaction committed. */
  events: EventSink
  now: Date
  /** Progress lines (each phase, every 25 items). */
  progress: (line: string) => void
  /** Called after every item, awaited (an observer may record the progress). */
  onItem?: ((progress: ImportProgress) => Promise<void>) | undefined
  /** Stops the run between two items (each item is committed whole or not at all). */
  signal?: AbortSignal | undefined
}) {
  const { db, tenantId, dryRun } = options
  const name = 'wordpress-import'
  const context =
    tenantId === undefined
      ? undefined
      : options.actorId === undefined
        ? systemContext(tenantId, name)
        : onBehalfOf(tenantId, options.actorId, name)
  const records =
    tenantId === undefined
      ? new Map<string, string>()
      : await createImportRepository(db).recordsOf(tenantId, SOURCE)
  const counts = noCounts()
  const statuses: Record<ContentStatus, number> = { draft: 0, published: 0, scheduled: 0, archived: 0 }
  const skipped: Record<string, number> = {}
  const problems: { key: string; message: string }[] = []
  let current: Omit<ImportProgress, 'counts'> = { phase: 'categories', done: 0, total: 0 }
  const transaction = transactional(db, options.events)

  /** `work` in the run's context, unless a dry run; a 400 is reported under `key`. */
  async function change(key: string, work: (context: TenantContext) => Promise<unknown>): Promise<boolean> {
    options.signal?.throwIfAborted()
    if (context === undefined || dryRun) return false
    try {
      await work(context)
      return true
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 400)) throw err
      problems.push({ key, message: `Not changed: ${err.message}` })
      return false
    }
  }

  async function write(step: ImportStep, context: TenantContext): Promise<StepOutcome> {
    const tenant = context.tenantId
    try {
      return await transaction(context, async (tx, emit): Promise<StepOutcome> => {
        // The services the step calls write in this transaction (its unit of work).
        const item: TenantContext = { ...context, unitOfWork: { tx, emit } }
        const adopted = await step.adopt?.(item)
        const id = adopted ?? (await step.create(item))
        await createImportRepository(tx).insertRecord(tenant, {
          source: SOURCE,
          sourceKey: step.key,
          kind: step.kind,
          targetId: id,
        })
        return { outcome: adopted === undefined ? 'created' : 'existing', id }
      })
    } catch (err) {
      if (isUniqueViolation(err, RECORD_KEY)) {
        return {
          outcome: 'existing',
          id: await createImportRepository(db).findRecord(tenant, SOURCE, step.key),
        }
      }
      // A record a service refuses (bad URL, empty name, a tenant limit reached) is reported and
      // passed over, not fatal.
      if (err instanceof AppError && (err.statusCode === 400 || err.code === 'LimitExceeded')) {
        problems.push({ key: step.key, message: `Not imported: ${err.message}` })
        return { outcome: 'skipped' }
      }
      throw err
    }
  }

  return {
    now: options.now,
    /** The services each step writes through. */
    writers: options.writers,
    /** The tenant the run writes to; undefined in a dry run, where `apply` creates nothing. */
    target: dryRun ? undefined : context?.tenantId,
    /** Stops the run between two items; steps that wait on the network listen to it too. */
    signal: options.signal,
    counts,
    statuses,
    skipped,
    problems,

    /** The Folio id an earlier run recorded under `key`, if any. */
    known: (key: string): string | undefined => records.get(key),

    /**
     * Reads through the services in the run's context (undefined in a dry run without a tenant).
     * A NotFound (the record was deleted since) is undefined too.
     */
    async read<T>(work: (context: TenantContext) => Promise<T>): Promise<T | undefined> {
      if (context === undefined) return undefined
      try {
        return await work(context)
      } catch (err) {
        if (err instanceof AppError && err.code === 'NotFound') return undefined
        throw err
      }
    },

    /** A progress line (what the CLI prints on stderr). */
    log: options.progress,

    /** Reports a problem with the item under `key` that did not stop it (shown in the summary). */
    report(key: string, message: string): void {
      problems.push({ key, message })
    },

    /** Brings in one step (or finds it already imported), counting the outcome under `counted`. */
    async apply(counted: CountedKind, step: ImportStep): Promise<StepOutcome> {
      options.signal?.throwIfAborted()
      const known = records.get(step.key)
      let result: StepOutcome
      if (known !== undefined) result = { outcome: 'existing', id: known }
      else if (context === undefined) result = { outcome: 'created', id: undefined }
      else if (dryRun) {
        const adopted = await step.adopt?.(context)
        result = { outcome: adopted === undefined ? 'created' : 'existing', id: adopted }
      } else {
        result = await write(step, context)
        if (result.outcome !== 'skipped' && result.id !== undefined) records.set(step.key, result.id)
      }
      counts[counted][result.outcome]++
      return result
    },

    /**
     * Changes imported records (`work` writes in the context's unit of work): nothing in a dry run.
     * A change a service refuses (400) is reported under `key` and passed over. True when the
     * change was written.
     */
    amend(key: string, work: (context: TenantContext) => Promise<void>): Promise<boolean> {
      return change(key, (context) =>
        transaction(context, (tx, emit) => work({ ...context, unitOfWork: { tx, emit } })),
      )
    },

    /**
     * As `amend`, but `work` gets the run's context with no unit of work: for a service that reads
     * before opening its own transaction (tenant settings), which a transaction held open around it
     * would wait on forever with PGlite's one connection.
     */
    change,

    /** Counts an item passed over for `reason` (e.g. "post status trash"). */
    skip(reason: string, count = 1, counted?: CountedKind): void {
      skipped[reason] = (skipped[reason] ?? 0) + count
      if (counted !== undefined) counts[counted].skipped += count
    },

    /**
     * Marks the item `done` of the phase as handled: progress line every 25 items and at the end.
     * Then yields to the event loop: PGlite answers without I/O, so an import that never yielded
     * would hold a server's every other request until it ends.
     */
    async tick(done: number): Promise<void> {
      current = { ...current, done }
      if (done % PROGRESS_EVERY === 0 || done === current.total) {
        options.progress(`${PHASE_LABELS[current.phase]}: ${done}/${current.total}`)
      }
      await options.onItem?.({ ...current, counts })
      await nextTurn()
    },

    async phase(phase: ImportPhase, total: number): Promise<void> {
      current = { phase, done: 0, total }
      options.progress(`${dryRun ? 'Checking' : 'Importing'} ${total} ${PHASE_LABELS[phase]}`)
      await options.onItem?.({ ...current, counts })
    },
  }
}

export type ImportRun = Awaited<ReturnType<typeof createImportRun>>
