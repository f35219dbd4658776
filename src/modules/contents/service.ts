import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { paginate } from '../../http/schemas.js'
import { newId } from '../../lib/ids.js'
import { toSlug } from '../../lib/slug.js'
import type { TenantSettingsReader } from '../tenant-settings/effective.js'
import { assertSchedulingAllowed, limitCheck } from '../tenant-settings/limits.js'
import { type ContentFilter, listFilterOf, publishedRange } from './list-query.js'
import type { ListTotals } from './list-totals.js'
import { resolvePublication } from './publication.js'
import { type ContentPatch, type ContentsRepository, createContentsRepository } from './repository.js'
import { assertSafeKeys, sanitizeContentHtml } from './sanitize.js'
import type {
  ArchiveStats,
  BySlugFilter,
  Content,
  ContentStatus,
  CreateContentInput,
  ListContentsFilter,
  SlugCheck,
  UpdateContentInput,
} from './schemas.js'
import { explicitSlug, nextFreeSlug } from './slugs.js'

const SLUG_KEY = 'contents_tenant_slug_key'
/** Generated slugs retry this often when concurrent writers keep taking the next number. */
const SLUG_ATTEMPTS = 5

export interface WriteOptions {
  /** The user behind the write (createdBy/updatedBy); null for API tokens and importers. */
  actorId?: string | null
  /** Stored as publishedAt instead of the status rule's default (not for scheduled content). */
  publishedAt?: Date
}

/**
 * Content rules (api-spec "Content"; prior-art.md §14 with §29's fixes): slugs unique per tenant
 * decided by the unique index, sanitized HTML, references checked against the tenant, content and
 * join rows written in one transaction. `db` may itself be a transaction (the importer's).
 */
export function createContentsService(deps: {
  db: Db
  listTotals?: ListTotals
  /** Tenant settings: `limits.entries` and `features.contentScheduling` (absent: neither applies). */
  settings?: TenantSettingsReader
}) {
  const { db, listTotals, settings } = deps
  const repository = createContentsRepository(db)
  const countOf = (tenantId: string, filter: ContentFilter): Promise<number> =>
    listTotals === undefined
      ? repository.count(tenantId, filter)
      : listTotals.get(tenantId, JSON.stringify(filter), () => repository.count(tenantId, filter))
  const changed = async <T>(tenantId: string, result: T): Promise<T> => {
    await listTotals?.changed(tenantId)
    return result
  }

  return {
    /** One page, newest publishedAt first (unpublished last), with the filter's total. */
    async list(tenantId: string, query: ListContentsFilter) {
      const filter = listFilterOf(query)
      const page = query.page ?? 1
      const limit = query.limit ?? 20
      const [contents, total] = await Promise.all([
        repository.listPage(tenantId, filter, {
          limit,
          offset: (page - 1) * limit,
          full: query.view !== 'summary',
        }),
        countOf(tenantId, filter),
      ])
      return { contents, pagination: paginate(page, limit, total) }
    },

    /** @throws NotFound for a missing id or another tenant's. */
    async get(tenantId: string, id: string): Promise<Content> {
      return found(await repository.findById(tenantId, id))
    },

    /** @throws NotFound when no content has the slug, or it fails the status/date filter. */
    async getBySlug(tenantId: string, slug: string, query: BySlugFilter): Promise<Content> {
      const statuses =
        query.status === undefined ? {} : { statuses: query.status.split(',') as ContentStatus[] }
      const filter = { ...statuses, ...publishedRange(query.publishedFrom, query.publishedTo) }
      return found(await repository.findBySlug(tenantId, slug, filter))
    },

    /** Whether `slug` (normalized) is free, ignoring `contentId`'s own slug; else the next free one. */
    async checkSlug(tenantId: string, query: { slug: string; contentId?: string }): Promise<SlugCheck> {
      const slug = explicitSlug(query.slug)
      const owner = await repository.findSlugOwner(tenantId, slug)
      if (owner === undefined || owner.id === query.contentId) return { available: true, slug }
      return {
        available: false,
        slug,
        suggestion: await nextFreeSlug(repository, tenantId, slug),
        existingContent: owner,
      }
    },

    /** Counts per UTC month of publishedAt for one status; `total` sums the months. */
    async archiveStatistics(tenantId: string, status: ContentStatus): Promise<ArchiveStats> {
      const archives = await repository.archiveMonths(tenantId, status)
      return { total: archives.reduce((sum, month) => sum + month.count, 0), archives }
    },

    /**
     * Creates a content. Without a slug one is generated from the title (numbered -2, -3 … when
     * taken); an explicit slug that is taken fails.
     * @throws ValidationFailed (bad slug, references, keys, schedule), SlugConflict (explicit slug taken).
     */
    async create(tenantId: string, input: CreateContentInput, options: WriteOptions = {}): Promise<Content> {
      const now = new Date()
      if (settings) await assertSchedulingAllowed(settings, tenantId, input, now)
      const checkLimit = await limitCheck(settings, tenantId, 'entries')
      const publication = resolvePublication(
        { status: input.status, publishAt: input.publishAt, publishedAt: options.publishedAt },
        undefined,
        now,
      )
      const fields = writableFields(input)
      const explicit = input.slug !== undefined
      const base = input.slug === undefined ? toSlug(input.title) || 'untitled' : explicitSlug(input.slug)
      const actor = options.actorId ?? null
      let slug = base
      for (let attempt = 1; ; attempt++) {
        try {
          const created = await db.transaction(async (tx) => {
            const repo = createContentsRepository(tx)
            await checkLimit(tx)
            await assertReferences(repo, tenantId, input)
            const id = newId()
            const row = { id, title: input.title, slug, ...fields, ...publication }
            await repo.insert(tenantId, {
              ...row,
              createdBy: actor,
              updatedBy: actor,
              createdAt: now,
              updatedAt: now,
            })
            const state = { status: publication.status, publishedAt: publication.publishedAt }
            await repo.linkCategories(tenantId, id, unique(input.categories), state)
            await repo.linkTags(tenantId, id, unique(input.tags), state)
            return found(await repo.findById(tenantId, id))
          })
          return await changed(tenantId, created)
        } catch (err) {
          if (!isUniqueViolation(err, SLUG_KEY)) throw err
          if (explicit || attempt === SLUG_ATTEMPTS) throw errors.slugConflict(slug)
          slug = await nextFreeSlug(repository, tenantId, base)
        }
      }
    },

    /**
     * Changes the given fields; `categories`/`tags` replace the whole set. The slug changes only
     * when sent (a new title keeps the old slug, so published URLs stay stable).
     * @throws NotFound, ValidationFailed, SlugConflict.
     */
    async update(tenantId: string, id: string, input: UpdateContentInput, options: WriteOptions = {}) {
      const fields = writableFields(input)
      const slug = input.slug === undefined ? undefined : explicitSlug(input.slug)
      const now = new Date()
      if (settings) await assertSchedulingAllowed(settings, tenantId, input, now)
      try {
        const updated = await db.transaction(async (tx) => {
          const repo = createContentsRepository(tx)
          const current = await repo.lockState(tenantId, id)
          if (current === undefined) throw errors.notFound('Content')
          await assertReferences(repo, tenantId, input)
          const publication = resolvePublication(
            { status: input.status, publishAt: input.publishAt, publishedAt: options.publishedAt },
            current,
            now,
          )
          const patch: ContentPatch = {
            ...fields,
            ...publication,
            updatedAt: now,
            updatedBy: options.actorId ?? null,
          }
          await repo.update(tenantId, id, slug === undefined ? patch : { ...patch, slug })
          const state = { status: publication.status, publishedAt: publication.publishedAt }
          if (
            state.status !== current.status ||
            state.publishedAt?.getTime() !== current.publishedAt?.getTime()
          ) {
            await repo.syncLinkState(tenantId, id, state)
          }
          if (input.categories !== undefined) {
            await repo.unlinkCategories(tenantId, id)
            await repo.linkCategories(tenantId, id, unique(input.categories), state)
          }
          if (input.tags !== undefined) {
            await repo.unlinkTags(tenantId, id)
            await repo.linkTags(tenantId, id, unique(input.tags), state)
          }
          return found(await repo.findById(tenantId, id))
        })
        return await changed(tenantId, updated)
      } catch (err) {
        if (slug !== undefined && isUniqueViolation(err, SLUG_KEY)) throw errors.slugConflict(slug)
        throw err
      }
    },

    /** Deletes a content and (by cascade) its category and tag links. @throws NotFound. */
    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repository.delete(tenantId, id))) throw errors.notFound('Content')
      await changed(tenantId, undefined)
    },
  }
}

export type ContentsService = ReturnType<typeof createContentsService>

function found(content: Content | undefined): Content {
  if (content === undefined) throw errors.notFound('Content')
  return content
}

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])]

/** Fields copied from a write body, with HTML sanitized and free objects checked. */
function writableFields(input: UpdateContentInput): ContentPatch {
  const fields: ContentPatch = {}
  if (input.title !== undefined) fields.title = input.title
  if (input.summary !== undefined) fields.summary = input.summary
  if (input.html !== undefined) fields.html = sanitizeContentHtml(input.html)
  if (input.authorName !== undefined) fields.authorName = input.authorName
  if (input.featuredMediaId !== undefined) fields.featuredMediaId = input.featuredMediaId
  if (input.lexical !== undefined) {
    assertSafeKeys('lexical', input.lexical)
    fields.lexical = input.lexical
  }
  if (input.customFields !== undefined) {
    assertSafeKeys('customFields', input.customFields)
    fields.customFields = input.customFields
  }
  return fields
}

/**
 * Categories, tags and the featured media must belong to the tenant (prior-art.md §29: the
 * original never checked). @throws ValidationFailed naming every unknown id.
 */
async function assertReferences(repo: ContentsRepository, tenantId: string, input: UpdateContentInput) {
  const problems: { path: string; message: string; ids: string[] }[] = []
  const categoryIds = unique(input.categories)
  if (categoryIds.length > 0) {
    const known = new Set(await repo.existingCategoryIds(tenantId, categoryIds))
    const missing = categoryIds.filter((id) => !known.has(id))
    if (missing.length > 0)
      problems.push({ path: '/categories', message: 'unknown category ids', ids: missing })
  }
  const tagIds = unique(input.tags)
  if (tagIds.length > 0) {
    const known = new Set(await repo.existingTagIds(tenantId, tagIds))
    const missing = tagIds.filter((id) => !known.has(id))
    if (missing.length > 0) problems.push({ path: '/tags', message: 'unknown tag ids', ids: missing })
  }
  const mediaId = input.featuredMediaId
  if (mediaId !== undefined && mediaId !== null && !(await repo.mediaExists(tenantId, mediaId))) {
    problems.push({ path: '/featuredMediaId', message: 'unknown media id', ids: [mediaId] })
  }
  if (problems.length > 0) {
    const message = problems.map((problem) => `${problem.message}: ${problem.ids.join(', ')}`).join('; ')
    throw errors.validation(`References outside this tenant or missing: ${message}.`, problems)
  }
}
