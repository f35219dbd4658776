import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import type { EventSink } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { requiredSlug } from '../../lib/slug.js'
import type { TenantsService } from '../tenants/index.js'
import { TENANT_SLUG_MAX_LENGTH } from '../tenants/index.js'
import { findUserIdByEmail } from './repository.js'
import type { AttachmentDownload } from './wordpress-attachments.js'
import { type ImportResult, importIntoTenant, totalsOf } from './wordpress-into-tenant.js'
import { clip } from './wordpress-mapping.js'
import type { ImportWriters } from './wordpress-run.js'
import { openWxrFile } from './wxr-source.js'

export interface WordPressImportOptions {
  /** Path of the WXR export file. */
  file: string
  /** The tenant to import into, found by slug; created when missing and `ownerEmail` is given. */
  tenantSlug: string
  /** An existing user: owner of a tenant this run creates, and the recorded author of the writes. */
  ownerEmail?: string | undefined
  /** Parse and count what would be created, writing nothing (a missing tenant needs no owner then). */
  dryRun?: boolean | undefined
  /** Copy the attachments' files into Folio's media (`--copy-media`); otherwise they stay external. */
  copyMedia?: boolean | undefined
  /** Progress lines (each phase, every 25 items); the CLI prints them on stderr. */
  onProgress?: ((line: string) => void) | undefined
  /** The clock for "is this scheduled date in the future"; defaults to now. */
  now?: Date | undefined
}

export interface WordPressImportSummary extends ImportResult {
  file: string
  dryRun: boolean
  /** `id` is null when a dry run found no tenant (one would be created). */
  tenant: { id: string | null; slug: string; created: boolean }
}

export interface WordPressImporterDeps {
  db: Db
  tenants: Pick<TenantsService, 'findBySlug' | 'createTenant'>
  /** Hears each imported item's events once it committed. */
  events: EventSink
  /** The services imported records are written through. */
  writers: ImportWriters
  /** The SSRF-guarded download attachment copies go through (needed for `copyMedia`). */
  download?: AttachmentDownload | undefined
}

/**
 * The WordPress (WXR) importer of the command line, on a database it opens itself: finds the
 * tenant by slug (creating it for `--owner`), reads the whole export once first (a malformed or
 * hostile file fails before anything is written), then runs `importIntoTenant`, the same code the import
 * route runs.
 */
export function createWordPressImporter(deps: WordPressImporterDeps) {
  const { db, tenants } = deps

  /**
   * Runs one import and returns its summary.
   * @throws WxrParseError (malformed XML, DOCTYPE/entities, not a WXR file; nothing written),
   *   BadRequest (unknown owner e-mail; missing tenant without an owner), ValidationFailed (empty
   *   tenant slug),
   *   SlugConflict (the tenant slug belongs to a deleted tenant), or a database error.
   */
  async function run(options: WordPressImportOptions): Promise<WordPressImportSummary> {
    const progress = options.onProgress ?? (() => {})
    const dryRun = options.dryRun ?? false
    const tenantSlug = requiredSlug(options.tenantSlug, 'tenantSlug', TENANT_SLUG_MAX_LENGTH)

    // Everything is looked up and parsed before the first write (the tenant, if created, included).
    const ownerId = options.ownerEmail === undefined ? undefined : await ownerOf(options.ownerEmail)
    const existing = await tenants.findBySlug(tenantSlug)
    if (existing === undefined && ownerId === undefined && !dryRun) {
      throw errors.badRequest(phrase('imports.noTenant', { slug: tenantSlug }))
    }
    progress(`Parsing ${options.file}`)
    const source = await openWxrFile(options.file)
    const document = source.outline
    const totals = totalsOf(document)
    progress(
      `Parsed "${document.siteTitle}": ${totals.categories} categories, ${totals.tags} tags, ` +
        `${totals.attachments} attachments, ${totals.contents} posts and pages, ${totals.menus} menu items`,
    )
    const tenant =
      existing !== undefined
        ? { id: existing.id, slug: tenantSlug, created: false }
        : await createTenant(tenantSlug, document.siteTitle, ownerId, dryRun, progress)
    const result = await importIntoTenant(
      { db, events: deps.events, writers: deps.writers, download: deps.download },
      {
        tenantId: tenant.id,
        source,
        actorId: ownerId ?? null,
        dryRun,
        copyMedia: options.copyMedia ?? false,
        now: options.now ?? new Date(),
        onProgress: progress,
      },
    )
    return { file: options.file, dryRun, tenant, ...result }
  }

  async function ownerOf(email: string): Promise<string> {
    const id = await findUserIdByEmail(db, email)
    if (id === undefined) throw errors.badRequest(phrase('imports.noUser', { email }))
    return id
  }

  async function createTenant(
    slug: string,
    siteTitle: string,
    ownerId: string | undefined,
    dryRun: boolean,
    progress: (line: string) => void,
  ): Promise<WordPressImportSummary['tenant']> {
    if (dryRun || ownerId === undefined) return { id: null, slug, created: true }
    const name = clip(siteTitle, 200) || slug
    const { tenant } = await tenants.createTenant({ ownerUserId: ownerId, name, slug })
    progress(`Created tenant "${tenant.slug}" (${tenant.id})`)
    return { id: tenant.id, slug: tenant.slug, created: true }
  }

  return { run }
}

export type WordPressImporter = ReturnType<typeof createWordPressImporter>
