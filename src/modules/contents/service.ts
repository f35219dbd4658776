import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { paginate } from '../../http/schemas.js'
import { newId } from '../../lib/ids.js'
import { toSlug } from '../../lib/slug.js'
import type { TenantSettingsReader } from '../tenant-settings/effective.js'
import { assertSchedulingAllowed, limitCheck } from '../tenant-settings/limits.js'
import {
  type ContentFilter,
  listFilterOf,
  matchesNothing,
  type NamedIds,
  publishedRange,
} from './list-query.js'
import type { ListTotals } from './list-totals.js'
import { resolvePublication } from './publication.js'
import { type ContentPatch, type ContentsRepository, createContentsRepository } from './repository.js'
import { sanitizeContentHtml } from './sanitize.js'
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
import type { TaxonomyIds, TaxonomyKind } from './taxonomy-ids.js'

const SLUG_KEY = 'contents_tenant_slug_key'
/** What an API token's `preview` scope grants: reading drafts, scheduled and archived content. */
const PREVIEW_PERMISSION = 'content:preview'
/** Generated slugs retry this often when concurrent writers keep taking the next number. */
const SLUG_ATTEMPTS = 5

export interface WriteOptions {
  /** Stored as publishedAt instead of the status rule's default (not for scheduled content). */
  publishedAt?: Date
}

/**
 * Content rules (api-spec "Content"; prior-art.md §14 with §29's fixes): slugs unique per tenant
 * decided by the unique index, sanitized HTML, references checked against the tenant, content and
 * join rows written in one transaction with their `content.*` event. `db` may itself be a transaction
 * (the importer's). The user behind a write (createdBy/updatedBy) is the context's; null for API
 * tokens and Folio's own work.
 */
export function createContentsService(deps: {
  db: Db
  events: EventSink
  listTotals?: ListTotals
  taxonomyIds?: TaxonomyIds
  /** Tenant settings: `limits.entries` and `features.contentScheduling` (absent: neither applies). */
  settings?: TenantSettingsReader
}) {
  const { db, listTotals, taxonomyIds, settings } = deps
  const repository = createContentsRepository(db)
  const write = transactional(db, deps.events)
  const idsNamed = (tenantId: string, kind: TaxonomyKind, name: string) => {
    const resolve = () =>
      kind === 'tag' ? repository.tagIdsNamed(tenantId, name) : repository.categoryIdsNamed(tenantId, name)
    return taxonomyIds === undefined ? resolve() : taxonomyIds.get(tenantId, kind, name, resolve)
  }
  /** The ids the query's tag and category names match, both looked up at once. */
  const namedIdsOf = async (tenantId: string, query: ListContentsFilter): Promise<NamedIds> => {
    const [tagIds, categoryIds] = await Promise.all([
      query.tagName === undefined ? undefined : idsNamed(tenantId, 'tag', query.tagName),
      query.categoryName === undefined ? undefined : idsNamed(tenantId, 'category', query.categoryName),
    ])
    return { tagIds, categoryIds }
  }
  const countOf = (tenantId: string, filter: ContentFilter): Promise<number> =>
    listTotals === undefined
      ? repository.count(tenantId, filter)
      : listTotals.get(tenantId, JSON.stringify(filter), () => repository.count(tenantId, filter))

  return {
    /**
     * One page, newest publishedAt first (unpublished last), with the filter's total: the JSON text
     * of a `ContentPage` (PostgreSQL renders the items; see read-statements.ts).
     */
    async listJson(context: TenantContext, query: ListContentsFilter): Promise<string> {
      const { tenantId } = context
      const page = query.page ?? 1
      const limit = query.limit ?? 20
      const statuses = visibleStatuses(context, query.status === undefined ? undefined : [query.status])
      if (statuses?.length === 0) return pageJson('[]', paginate(page, limit, 0))
      const named =
        query.tagName === undefined && query.categoryName === undefined
          ? {}
          : await namedIdsOf(tenantId, query)
      if (matchesNothing(named)) return pageJson('[]', paginate(page, limit, 0))
      const filter = { ...listFilterOf(query, named), ...(statuses === undefined ? {} : { statuses }) }
      const [contents, total] = await Promise.all([
        repository.listPageJson(tenantId, filter, {
          limit,
          offset: (page - 1) * limit,
          full: query.view !== 'summary',
        }),
        countOf(tenantId, filter),
      ])
      return pageJson(contents, paginate(page, limit, total))
    },

    /** The JSON text of a `ContentBody`. @throws NotFound for a missing id or another tenant's. */
    async getJson(context: TenantContext, id: string): Promise<string> {
      const found = await repository.findJsonById(context.tenantId, id)
      if (found !== undefined && visibleStatuses(context, [found.status])?.length === 0) {
        throw errors.notFound('Content')
      }
      return bodyJson(found?.json)
    },

    /**
     * The JSON text of a `ContentBody`.
     * @throws NotFound when no content has the slug, or it fails the status/date filter.
     */
    async getBySlugJson(context: TenantContext, slug: string, query: BySlugFilter): Promise<string> {
      const { tenantId } = context
      const requested = query.status === undefined ? undefined : (query.status.split(',') as ContentStatus[])
      const visible = visibleStatuses(context, requested)
      if (visible?.length === 0) throw errors.notFound('Content')
      const statuses = visible === undefined ? {} : { statuses: visible }
      const filter = { ...statuses, ...publishedRange(query.publishedFrom, query.publishedTo) }
      return bodyJson(await repository.findJsonBySlug(tenantId, slug, filter))
    },

    /** Whether `slug` (normalized) is free, ignoring `contentId`'s own slug; else the next free one. */
    async checkSlug(context: TenantContext, query: { slug: string; contentId?: string }): Promise<SlugCheck> {
      const { tenantId } = context
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
    async archiveStatistics(context: TenantContext, status: ContentStatus): Promise<ArchiveStats> {
      if (visibleStatuses(context, [status])?.length === 0) return { total: 0, archives: [] }
      const archives = await repository.archiveMonths(context.tenantId, status)
      return { total: archives.reduce((sum, month) => sum + month.count, 0), archives }
    },

    /**
     * Creates a content. Without a slug one is generated from the title (numbered -2, -3 … when
     * taken); an explicit slug that is taken fails.
     * @throws ValidationFailed (bad slug, references, keys, schedule), SlugConflict (explicit slug taken).
     */
    async create(
      context: TenantContext,
      input: CreateContentInput,
      options: WriteOptions = {},
    ): Promise<Content> {
      const { tenantId } = context
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
      const actor = userIdOf(context)
      let slug = base
      for (let attempt = 1; ; attempt++) {
        try {
          return await write(context, async (tx, emit) => {
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
            const created = found(await repo.findById(tenantId, id))
            emit({ type: 'content.created', subjectId: id, payload: created })
            if (created.status === 'published') emitPublication(emit, created, 'published')
            return created
          })
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
    async update(context: TenantContext, id: string, input: UpdateContentInput, options: WriteOptions = {}) {
      const { tenantId } = context
      const fields = writableFields(input)
      const slug = input.slug === undefined ? undefined : explicitSlug(input.slug)
      const now = new Date()
      if (settings) await assertSchedulingAllowed(settings, tenantId, input, now)
      try {
        return await write(context, async (tx, emit) => {
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
            updatedBy: userIdOf(context),
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
          const updated = found(await repo.findById(tenantId, id))
          emit({
            type: 'content.updated',
            subjectId: id,
            payload: { ...updated, changed: Object.keys(input) },
          })
          if (state.status !== current.status) {
            if (state.status === 'published') emitPublication(emit, updated, 'published')
            else if (current.status === 'published') emitPublication(emit, updated, 'unpublished')
          }
          return updated
        })
      } catch (err) {
        if (slug !== undefined && isUniqueViolation(err, SLUG_KEY)) throw errors.slugConflict(slug)
        throw err
      }
    },

    /** Deletes a content and (by cascade) its category and tag links. @throws NotFound. */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const repo = createContentsRepository(tx)
        const current = await repo.findById(context.tenantId, id)
        if (current === undefined || !(await repo.delete(context.tenantId, id)))
          throw errors.notFound('Content')
        emit({
          type: 'content.deleted',
          subjectId: id,
          payload: { id, title: current.title, slug: current.slug, status: current.status },
        })
      })
    },
  }
}

export type ContentsService = ReturnType<typeof createContentsService>

/**
 * The statuses a reader may see of `requested` (undefined: any). API tokens read published content
 * only unless they carry the `preview` scope (platform.md §7, like Contentful's delivery and preview
 * tokens); users see what their role's `content:view` allows. An empty list means nothing.
 */
export function visibleStatuses(
  context: TenantContext,
  requested: ContentStatus[] | undefined,
): ContentStatus[] | undefined {
  if (context.actor.kind !== 'apiToken' || context.permissions.has(PREVIEW_PERMISSION)) return requested
  return (requested ?? ['published']).filter((status) => status === 'published')
}

/** `content.published` / `content.unpublished`: what delivery caches and webhooks care about. */
function emitPublication(emit: Emit, content: Content, verb: 'published' | 'unpublished') {
  emit({
    type: `content.${verb}`,
    subjectId: content.id,
    payload: { id: content.id, title: content.title, slug: content.slug, status: content.status },
  })
}

/** `{ "content": … }` around a content's JSON text. @throws NotFound when there is none. */
function bodyJson(content: string | undefined): string {
  if (content === undefined) throw errors.notFound('Content')
  return `{"content":${content}}`
}

/** A list page's JSON text from its items' JSON array. */
function pageJson(contents: string, pagination: ReturnType<typeof paginate>): string {
  return `{"contents":${contents},"pagination":${JSON.stringify(pagination)}}`
}

function found(content: Content | undefined): Content {
  if (content === undefined) throw errors.notFound('Content')
  return content
}

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])]

/** Fields copied from a write body, with HTML sanitized. */
function writableFields(input: UpdateContentInput): ContentPatch {
  const fields: ContentPatch = {}
  if (input.title !== undefined) fields.title = input.title
  if (input.summary !== undefined) fields.summary = input.summary
  if (input.html !== undefined) fields.html = sanitizeContentHtml(input.html)
  if (input.authorName !== undefined) fields.authorName = input.authorName
  if (input.featuredMediaId !== undefined) fields.featuredMediaId = input.featuredMediaId
  // Prototype-polluting keys in these free objects are refused at validation (`x-free-object`).
  if (input.lexical !== undefined) fields.lexical = input.lexical
  if (input.customFields !== undefined) fields.customFields = input.customFields
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
