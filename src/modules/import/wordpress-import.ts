import type { Db } from '../../db/client.js'
import { errors } from '../../http/errors.js'
import { toSlug } from '../../lib/slug.js'
import type { ListTotals } from '../contents/list-totals.js'
import type { ContentStatus } from '../contents/schemas.js'
import { TENANT_SLUG_MAX_LENGTH } from '../tenants/schemas.js'
import type { TenantsService } from '../tenants/service.js'
import { analyzeImportedTables, findUserIdByEmail } from './repository.js'
import { clip } from './wordpress-mapping.js'
import { type CountedKind, createImportRun, type ImportRun, type KindCounts } from './wordpress-run.js'
import { importAttachments, importCategories, importContents, importTags } from './wordpress-steps.js'
import { parseWxrFile } from './wxr-parser.js'

export interface WordPressImportOptions {
  /** Path of the WXR export file. */
  file: string
  /** The tenant to import into, found by slug; created when missing and `ownerEmail` is given. */
  tenantSlug: string
  /** An existing user: owner of a tenant this run creates, and the recorded author of the writes. */
  ownerEmail?: string | undefined
  /** Parse and count what would be created, writing nothing. */
  dryRun?: boolean | undefined
  /** Progress lines (each phase, every 25 items); the CLI prints them on stderr. */
  onProgress?: ((line: string) => void) | undefined
  /** The clock for "is this scheduled date in the future"; defaults to now. */
  now?: Date | undefined
}

export interface WordPressImportSummary {
  file: string
  siteTitle: string
  dryRun: boolean
  /** `id` is null when a dry run found no tenant (one would be created). */
  tenant: { id: string | null; slug: string; created: boolean }
  counts: Record<CountedKind, KindCounts>
  /** Folio statuses of the posts and pages this run created or found already imported. */
  statuses: Record<ContentStatus, number>
  /** Skipped WordPress items by reason (other post types, trash, auto-draft…). */
  skipped: Record<string, number>
  /** Items a Folio service refused (e.g. an attachment URL that is not http(s)), by source key. */
  problems: { key: string; message: string }[]
}

export interface WordPressImporterDeps {
  db: Db
  tenants: Pick<TenantsService, 'findBySlug' | 'createTenant'>
  /** Told once the run has committed, so running servers drop cached list totals (through Redis when set). */
  listTotals?: Pick<ListTotals, 'changed'>
}

/**
 * The WordPress (WXR) importer: parses the whole export first (a malformed or hostile file fails
 * before anything is written), then writes categories (parents first), tags, attachments (as
 * external media) and posts/pages (as contents) through the same services the HTTP routes use.
 * Each item and its `import_records` row commit in one transaction, so a second run, or a run
 * resumed after an interruption, creates nothing twice.
 */
export function createWordPressImporter(deps: WordPressImporterDeps) {
  const { db, tenants } = deps

  /**
   * Runs one import and returns its summary.
   * @throws WxrParseError (malformed XML, DOCTYPE/entities, not a WXR file; nothing written),
   *   BadRequest (unknown owner e-mail; missing tenant without an owner; empty tenant slug),
   *   SlugConflict (the tenant slug belongs to a deleted tenant), or a database error.
   */
  async function run(options: WordPressImportOptions): Promise<WordPressImportSummary> {
    const progress = options.onProgress ?? (() => {})
    const dryRun = options.dryRun ?? false
    const tenantSlug = toSlug(options.tenantSlug, TENANT_SLUG_MAX_LENGTH)
    if (tenantSlug === '') throw errors.badRequest('The tenant slug must contain a letter or digit.')

    // Everything is looked up and parsed before the first write (the tenant, if created, included).
    const ownerId = options.ownerEmail === undefined ? undefined : await ownerOf(options.ownerEmail)
    const existing = await tenants.findBySlug(tenantSlug)
    const newTenantOwner = existing === undefined ? requireOwner(ownerId, tenantSlug) : undefined
    progress(`Parsing ${options.file}`)
    const document = await parseWxrFile(options.file)
    const contentCount = document.items.filter((item) => item.type !== 'attachment').length
    progress(
      `Parsed "${document.siteTitle}": ${document.categories.length} categories, ${document.tags.length} tags, ` +
        `${document.items.length - contentCount} attachments, ${contentCount} posts and pages`,
    )
    const tenant =
      newTenantOwner === undefined
        ? { id: existing?.id ?? null, slug: tenantSlug, created: false }
        : await createTenant(tenantSlug, document.siteTitle, newTenantOwner, dryRun, progress)
    const importRun: ImportRun = await createImportRun({
      db,
      tenantId: tenant.id ?? undefined,
      dryRun,
      actorId: ownerId,
      now: options.now ?? new Date(),
      progress,
    })
    const categoryIds = await importCategories(importRun, document.categories)
    const tagIds = await importTags(importRun, document.tags)
    const mediaIds = await importAttachments(importRun, document.items)
    await importContents(importRun, document.items, { categoryIds, tagIds, mediaIds })
    for (const [type, count] of Object.entries(document.skippedTypes))
      importRun.skip(`post type ${type}`, count)
    if (!dryRun && Object.values(importRun.counts).some((counts) => counts.created > 0)) {
      await refreshStatistics(progress)
      if (tenant.id !== null) await deps.listTotals?.changed(tenant.id)
    }

    return {
      file: options.file,
      siteTitle: document.siteTitle,
      dryRun,
      tenant,
      counts: importRun.counts,
      statuses: importRun.statuses,
      skipped: importRun.skipped,
      problems: importRun.problems,
    }
  }

  async function refreshStatistics(progress: (line: string) => void): Promise<void> {
    try {
      await analyzeImportedTables(db)
    } catch (err) {
      // Only a tuning step: a database role that may not ANALYZE still has a complete import.
      progress(`Could not refresh table statistics: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  async function ownerOf(email: string): Promise<string> {
    const id = await findUserIdByEmail(db, email)
    if (id === undefined) throw errors.badRequest(`No user has the e-mail address "${email}".`)
    return id
  }

  function requireOwner(ownerId: string | undefined, slug: string): string {
    if (ownerId === undefined) {
      throw errors.badRequest(`No tenant has the slug "${slug}"; pass --owner <email> to create it.`)
    }
    return ownerId
  }

  async function createTenant(
    slug: string,
    siteTitle: string,
    ownerId: string,
    dryRun: boolean,
    progress: (line: string) => void,
  ): Promise<WordPressImportSummary['tenant']> {
    if (dryRun) return { id: null, slug, created: true }
    const name = clip(siteTitle, 200) || slug
    const { tenant } = await tenants.createTenant({ ownerUserId: ownerId, name, slug })
    progress(`Created tenant "${tenant.slug}" (${tenant.id})`)
    return { id: tenant.id, slug: tenant.slug, created: true }
  }

  return { run }
}

export type WordPressImporter = ReturnType<typeof createWordPressImporter>
