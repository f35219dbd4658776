import type { Db } from '../../db/client.js'
import type { EventSink } from '../../events/event-log.js'
import type { ContentStatus } from '../contents/index.js'
import { analyzeImportedTables } from './repository.js'
import { type AttachmentDownload, importAttachments } from './wordpress-attachments.js'
import { importLocales } from './wordpress-locales.js'
import { importMenus } from './wordpress-menu-steps.js'
import {
  type CountedKind,
  createImportRun,
  type ImportProgress,
  type ImportWriters,
  type KindCounts,
} from './wordpress-run.js'
import { importCategories, importContents, importTags } from './wordpress-steps.js'
import { createTranslationGroups } from './wordpress-translations.js'
import type { WxrOutline, WxrSource } from './wxr-source.js'

export interface ImportIntoTenantDeps {
  db: Db
  /** Hears each item's events once it committed (this instance's caches drop stale list totals). */
  events: EventSink
  writers: ImportWriters
  /** The SSRF-guarded download attachment copies go through (needed with `copyMedia`). */
  download?: AttachmentDownload | undefined
}

export interface ImportIntoTenantOptions {
  /** The tenant written to; null only in a dry run for a tenant that does not exist yet. */
  tenantId: string | null
  /** The export, read one phase at a time. */
  source: WxrSource
  /** The user recorded as author of the writes (createdBy); null for API tokens and the CLI without --owner. */
  actorId: string | null
  dryRun: boolean
  /**
   * Copy the attachments' files into Folio's media (docs/decisions/imports.md "Attachments are
   * copied on request"); otherwise they stay on the WordPress site as external media.
   */
  copyMedia: boolean
  /** The clock for "is this scheduled date in the future". */
  now: Date
  /** Progress lines (each phase, every 25 items). */
  onProgress?: ((line: string) => void) | undefined
  /** Called (and awaited) after every item. */
  onItem?: ((progress: ImportProgress) => Promise<void>) | undefined
  /** Stops the run between two items; the run then rejects with the signal's reason. */
  signal?: AbortSignal | undefined
}

/** What one run did, per kind and status; the same shape whichever way the import was started. */
export interface ImportResult {
  siteTitle: string
  counts: Record<CountedKind, KindCounts>
  /** Folio statuses of the posts and pages this run created or found already imported. */
  statuses: Record<ContentStatus, number>
  /** Skipped WordPress items by reason (other post types, trash, auto-draft…). */
  skipped: Record<string, number>
  /** Items a Folio service refused (e.g. an attachment URL that is not http(s)) or a rule changed, by import key. */
  problems: { key: string; message: string }[]
  /** Where this run left the attachments' files. */
  mediaFiles: MediaFiles
}

/**
 * Where the attachments' files are: `mode` `external` (left on the WordPress site: media records and
 * the imported html keep its URLs) or `copied` (asked with copyMedia); `copied` counts the files
 * this run copied (of new attachments, and of those earlier runs left external), `external` the
 * export's attachments that are external media after this run (a copy that failed is one, and a
 * problem).
 */
export interface MediaFiles {
  mode: 'external' | 'copied'
  copied: number
  external: number
}

/**
 * Imports a parsed WordPress export into one tenant: the locales of a Polylang site's languages,
 * categories (parents first), tags, attachments
 * (as external media, or their files copied with `copyMedia`), posts/pages (as contents) and menus with their items, through the same services the HTTP routes use.
 * Each item and its `import_records` row commit in one transaction, so a second run, or a run
 * resumed after an interruption, creates nothing twice. The CLI (by tenant slug) and
 * `POST /api/imports/wordpress` (the caller's tenant) both run this.
 * @throws the signal's reason when aborted, or a database error.
 */
export async function importIntoTenant(
  deps: ImportIntoTenantDeps,
  options: ImportIntoTenantOptions,
): Promise<ImportResult> {
  const { db } = deps
  const { source, dryRun } = options
  const { outline } = source
  if (options.copyMedia && deps.download === undefined) {
    throw new Error('Copying media needs the outbound download client (deps.download).')
  }
  const progress = options.onProgress ?? (() => {})
  const run = await createImportRun({
    db,
    writers: deps.writers,
    tenantId: options.tenantId ?? undefined,
    dryRun,
    actorId: options.actorId ?? undefined,
    events: deps.events,
    now: options.now,
    progress,
    onItem: options.onItem,
    signal: options.signal,
  })
  // Before the contents, which are created in them.
  const locales = await importLocales(run, outline.languages)
  const categoryIds = await importCategories(run, outline.categories)
  const tagIds = await importTags(run, outline.tags)
  const attachments = await importAttachments(
    run,
    source.items('attachments'),
    outline.attachments,
    options.copyMedia ? deps.download : undefined,
  )
  const contentIds = await importContents(run, source.items('contents'), outline.contents, {
    categoryIds,
    tagIds,
    mediaIds: attachments.ids,
    attachmentUrls: attachments.urls,
    earlierUrls: attachments.earlier,
    locales,
    translationGroups: createTranslationGroups(run, outline.translationGroups),
  })
  await importMenus(run, outline, { contentIds, categoryIds })
  if (!dryRun && hasCreated(run.counts)) await refreshStatistics(db, progress)
  for (const [type, count] of Object.entries(outline.skippedTypes)) run.skip(`post type ${type}`, count)
  return {
    siteTitle: outline.siteTitle,
    counts: run.counts,
    statuses: run.statuses,
    skipped: run.skipped,
    problems: run.problems,
    mediaFiles: { mode: options.copyMedia ? 'copied' : 'external', ...attachments.files },
  }
}

/** How many items of each kind the export brings (what the phases will go through). */
export function totalsOf(
  outline: WxrOutline,
): Record<'categories' | 'tags' | 'attachments' | 'contents' | 'menus', number> {
  return {
    categories: outline.categories.length,
    tags: outline.tags.length,
    attachments: outline.attachments,
    contents: outline.contents,
    menus: outline.menuItems.length,
  }
}

function hasCreated(counts: Record<CountedKind, KindCounts>): boolean {
  return Object.values(counts).some((kind) => kind.created > 0)
}

async function refreshStatistics(db: Db, progress: (line: string) => void): Promise<void> {
  try {
    await analyzeImportedTables(db)
  } catch (err) {
    // Only a tuning step: a database role that may not ANALYZE still has a complete import.
    progress(`Could not refresh table statistics: ${err instanceof Error ? err.message : String(err)}`)
  }
}
