import { systemContext, type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { dbOf, type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import { canonicalLocale, SINGLE_LOCALE, type TenantLocales } from '../../lib/locale.js'
import { requiredSlug, toSlug } from '../../lib/slug.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import {
  checkCustomFields,
  createDefinitionsRepository,
  type FieldReferences,
} from '../custom-fields/index.js'
import type { GalleriesService } from '../galleries/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { assertSchedulingAllowed, limitCheck } from '../tenant-settings/index.js'
import { type ContentJob, PRUNE_VERSIONS_JOB, PUBLISH_SCHEDULED_JOB } from './content-jobs.js'
import { resolvePublication } from './publication.js'
import { type ContentPatch, createContentsRepository, type LockedContent } from './repository.js'
import type { HtmlSanitizer } from './sanitize.js'
import type { Content, CreateContentInput, CreateTranslationInput, UpdateContentInput } from './schemas.js'
import { visibleStatuses } from './service-reads.js'
import { createVersionsRepository } from './versions-repository.js'
import {
  actorName,
  assertDraft,
  assertParent,
  assertReferences,
  conflictOf,
  contentFacts,
  type DraftRelease,
  emitPublication,
  found,
  pruneDue,
  unique,
  writableFields,
} from './write-rules.js'

const SLUG_KEY = 'contents_tenant_slug_locale_key'
/** One translation per locale in a group: the unique index decides, as for slugs. */
const TRANSLATION_KEY = 'contents_tenant_group_locale_key'
export const DEFAULT_MAX_VERSIONS = 100

export interface WriteOptions {
  /** Stored as publishedAt instead of the status rule's default (not for scheduled content). */
  publishedAt?: Date
  /** The version a restore copies (named in the `content.updated` event). */
  restoredVersionId?: string
  /**
   * This update makes the pending draft live (service-drafts.ts); write-rules.ts `assertDraft`
   * checks it is still the one read.
   */
  draft?: DraftRelease
  /** The content is a translation of `sourceId` (`createTranslation`): it joins that group. */
  translation?: TranslationOf
}

/** What a translation takes from its source besides its fields. */
interface TranslationOf {
  sourceId: string
  groupId: string
  /** Tried first, numbered when the locale already has it (not an explicit slug). */
  slug: string
}

export interface ContentWriteDeps {
  db: Db
  events: EventSink
  /** Sanitizes the html of every write, off the event loop (`sanitize.ts`). */
  html: HtmlSanitizer
  /** Tenant settings: `limits.entries` and `features.contentScheduling` (absent: neither applies). */
  settings?: TenantSettingsReader | undefined
  /** Cached custom field definitions (absent: read from `db` on each write, as the importer does). */
  customFields?: CustomFieldDefinitions | undefined
  /** Queues schedule and prune jobs in the write's transaction (absent: the publish-due sweep covers). */
  jobs?: Pick<JobRunner, 'send'> | undefined
  /** Links a translation to its source's galleries (absent: translations start without galleries). */
  galleries?: Pick<GalleriesService, 'linkContent'> | undefined
  /** Live versions kept per content (default 100). */
  maxVersions?: number | undefined
  now?: (() => Date) | undefined
}

/**
 * Content writes (docs/decisions/content.md: "Slugs", "Every save keeps a version", "References
 * belong to the tenant"): slugs unique per tenant decided by the unique index, sanitized HTML,
 * references checked against the tenant, customFields checked against the tenant's definitions, and
 * the row, its links, its version snapshot, its jobs and its `content.*` event written in one
 * transaction. `db` may itself be a transaction (the importer's). The user behind a write
 * (createdBy/updatedBy) is the context's; null for API tokens and Folio's own work.
 */
export function createContentWrites(deps: ContentWriteDeps) {
  const { db, settings, jobs } = deps
  const now = deps.now ?? (() => new Date())
  const maxVersions = deps.maxVersions ?? DEFAULT_MAX_VERSIONS
  const write = transactional(db, deps.events)
  const definitionsOf = (tenantId: string, via: Db = db) =>
    deps.customFields?.get(tenantId, via === db ? undefined : via) ??
    createDefinitionsRepository(via).list(tenantId)

  /** The snapshot of a save, and the jobs it calls for: a schedule to run, versions to prune. */
  async function afterSave(tx: Db, context: TenantContext, content: Content, before?: LockedContent) {
    const at = new Date(content.updatedAt)
    await createVersionsRepository(tx).insert(context.tenantId, {
      id: newId(),
      contentId: content.id,
      version: content.version,
      title: content.title,
      slug: content.slug,
      status: content.status,
      snapshot: content,
      createdBy: userIdOf(context),
      createdByName: actorName(context.actor),
      createdAt: at,
    })
    if (jobs === undefined) return
    const job: ContentJob = { tenantId: context.tenantId, contentId: content.id }
    if (pruneDue(content.version, maxVersions)) {
      await jobs.send(PRUNE_VERSIONS_JOB, job, { within: tx })
    }
    const rescheduled =
      before?.status !== 'scheduled' || before.publishAt?.toISOString() !== content.publishAt
    if (content.status === 'scheduled' && content.publishAt !== null && rescheduled) {
      // A job left from an earlier publishAt finds the content not yet due and does nothing.
      await jobs.send(PUBLISH_SCHEDULED_JOB, job, { within: tx, startAfter: new Date(content.publishAt) })
    }
  }

  /** The tenant's locales (one, `en`, without a settings reader: tests and tools built bare). */
  async function localesOf(tenantId: string, via: Db | undefined): Promise<TenantLocales> {
    return settings === undefined ? SINGLE_LOCALE : (await settings.get(tenantId, via)).locales
  }

  /** customFields to store, checked against the definitions, with the references they name. */
  function customFieldsOf(
    definitions: Awaited<ReturnType<typeof definitionsOf>>,
    input: UpdateContentInput,
    creating: boolean,
  ): { values?: Record<string, unknown>; references: FieldReferences[] } {
    if (input.customFields === undefined && !(creating && definitions.length > 0)) return { references: [] }
    return checkCustomFields(definitions, input.customFields ?? {})
  }

  const writes = {
    /**
     * Creates a content (version 1) in `input.locale` (default: the tenant's default locale), as a
     * translation group of its own unless `options.translation` names one. Without a slug one is
     * generated from the title (numbered -2, -3 … when the locale has it); an explicit slug the
     * locale has fails.
     * @throws ValidationFailed (bad slug, locale, references, custom fields, schedule), SlugConflict,
     *   Conflict (the translation group has the locale).
     */
    async create(
      context: TenantContext,
      input: CreateContentInput,
      options: WriteOptions = {},
    ): Promise<Content> {
      const { tenantId } = context
      const at = now()
      // Read in the caller's unit of work when there is one (the embedded database has one connection).
      const via = dbOf(context, db)
      const joined = via === db ? undefined : via
      if (settings) await assertSchedulingAllowed(settings, tenantId, input, at, joined)
      const checkLimit = await limitCheck(settings, tenantId, 'entries', joined)
      const publication = resolvePublication(
        { status: input.status, publishAt: input.publishAt, publishedAt: options.publishedAt },
        undefined,
        at,
      )
      const locale = tenantLocale(await localesOf(tenantId, joined), input.locale)
      const custom = customFieldsOf(await definitionsOf(tenantId, via), input, true)
      const fields = await writableFields(deps.html, input, custom.values)
      const derived = options.translation?.slug ?? (toSlug(input.title) || 'untitled')
      const wanted = input.slug === undefined ? derived : requiredSlug(input.slug, 'slug')
      const actor = userIdOf(context)
      const translation = options.translation
      return writeWithFreeSlug(
        {
          slug: wanted,
          explicit: input.slug !== undefined,
          key: SLUG_KEY,
          lookup: () => createContentsRepository(via).slugs(tenantId, locale),
        },
        (slug) =>
          write(context, async (tx, emit) => {
            const repo = createContentsRepository(tx)
            await checkLimit(tx)
            await assertReferences(repo, tenantId, input, custom.references)
            await assertParent(repo, tenantId, undefined, input.parentId)
            const id = newId()
            const row = { id, title: input.title, slug, ...fields, ...publication }
            await repo.insert(tenantId, {
              ...row,
              locale,
              translationGroupId: translation?.groupId ?? id,
              version: 1,
              createdBy: actor,
              updatedBy: actor,
              createdAt: at,
              updatedAt: at,
            })
            const state = { status: publication.status, publishedAt: publication.publishedAt }
            await repo.linkCategories(tenantId, id, unique(input.categories), state)
            await repo.linkTags(tenantId, id, unique(input.tags), state)
            const created = found(await repo.findById(tenantId, id))
            await afterSave(tx, context, created)
            emit({
              type: 'content.created',
              subjectId: id,
              payload: {
                ...contentFacts(created),
                ...(translation === undefined ? {} : { translationOf: translation.sourceId }),
              },
            })
            if (created.status === 'published') emitPublication(emit, created, 'published')
            return created
          }),
      ).catch((err: unknown) => {
        throw uniqueConflict(err, { [TRANSLATION_KEY]: () => translationTaken(locale) })
      })
    },

    /**
     * Translates content `id` into `input.locale` (docs/decisions/localization.md "Contents are
     * translated as documents"): a draft in the same translation group, prefilled from the source
     * (title, summary, html, lexical, custom fields, type, order, author, categories, tags, featured
     * media and galleries) under the source's slug (numbered when the locale has it already). Its
     * parent is the source parent's translation in that locale when there is one, else the source's
     * parent. A create like any other: the entries limit, a version, `content.created` (with
     * `translationOf`).
     * @throws NotFound (no such content, or one the reader may not see), ValidationFailed (a locale
     *   the tenant does not have, a custom field the definitions now refuse), Conflict (the group
     *   has that locale), LimitExceeded.
     */
    async createTranslation(context: TenantContext, id: string, input: CreateTranslationInput) {
      const { tenantId } = context
      const via = dbOf(context, db)
      const source = await createContentsRepository(via).findById(tenantId, id)
      if (source === undefined || visibleStatuses(context, [source.status])?.length === 0) {
        throw errors.notFound('Content')
      }
      const locale = tenantLocale(await localesOf(tenantId, via === db ? undefined : via), input.locale)
      const group = await createContentsRepository(via).translations(tenantId, source.translationGroupId)
      if (group.some((translation) => translation.locale === locale)) throw translationTaken(locale)
      const parentId =
        source.parentId === null
          ? null
          : ((await createContentsRepository(via).translationIn(tenantId, source.parentId, locale)) ??
            source.parentId)
      const fields: CreateContentInput = {
        title: source.title,
        locale,
        summary: source.summary,
        html: source.html,
        lexical: source.lexical,
        categories: source.categories,
        tags: source.tags,
        customFields: source.customFields,
        featuredMediaId: source.featuredMediaId,
        authorName: source.authorName,
        type: source.type,
        parentId,
        order: source.order,
        status: 'draft',
      }
      const translation = { sourceId: source.id, groupId: source.translationGroupId, slug: source.slug }
      const galleryIds = source.galleryIds
      if (galleryIds.length === 0 || deps.galleries === undefined) {
        return writes.create(context, fields, { translation })
      }
      const galleries = deps.galleries
      // One unit of work: the translation and its gallery links commit together.
      return write(context, async (tx, emit) => {
        const unit: TenantContext = { ...context, unitOfWork: { tx, emit } }
        const created = await writes.create(unit, fields, { translation })
        await galleries.linkContent(unit, created.id, galleryIds)
        return found(await createContentsRepository(tx).findById(tenantId, created.id))
      })
    },

    /**
     * Changes the given fields (a new version); `categories`/`tags` replace the whole set. The slug
     * changes only when sent (a new title keeps the old slug, so published URLs stay stable). With
     * `expectedVersion`, the content must still be at that version (docs/decisions/content.md
     * "Concurrent edits").
     * @throws NotFound, ValidationFailed, SlugConflict, VersionConflict.
     */
    async update(context: TenantContext, id: string, input: UpdateContentInput, options: WriteOptions = {}) {
      const { tenantId } = context
      const slug = input.slug === undefined ? undefined : requiredSlug(input.slug, 'slug')
      const at = now()
      // As in create: a caller's unit of work (the importer's page parents) is read through.
      const via = dbOf(context, db)
      if (settings) await assertSchedulingAllowed(settings, tenantId, input, at, via === db ? undefined : via)
      const custom = customFieldsOf(await definitionsOf(tenantId, via), input, false)
      const fields = await writableFields(deps.html, input, custom.values)
      try {
        return await write(context, async (tx, emit) => {
          const repo = createContentsRepository(tx)
          const current = await repo.lockState(tenantId, id)
          if (current === undefined) throw errors.notFound('Content')
          if (input.expectedVersion !== undefined && input.expectedVersion !== current.version)
            throw await conflictOf(tx, tenantId, id, current)
          if (options.draft !== undefined) await assertDraft(tx, tenantId, id, current, options.draft)
          await assertReferences(repo, tenantId, input, custom.references)
          await assertParent(repo, tenantId, id, input.parentId)
          const publication = resolvePublication(
            { status: input.status, publishAt: input.publishAt, publishedAt: options.publishedAt },
            current,
            at,
          )
          const patch: ContentPatch = {
            ...fields,
            ...publication,
            version: current.version + 1,
            updatedAt: at,
            updatedBy: userIdOf(context),
            // A live write leaves a pending draft pending, unless it makes that draft live or takes
            // the content out of `published` (docs/decisions/content.md "Drafts of published contents").
            ...(options.draft !== undefined ||
            (current.draftVersion !== null && publication.status !== 'published')
              ? { draftVersion: null, draftPublishAt: null }
              : {}),
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
          await afterSave(tx, context, updated, current)
          const restored = options.restoredVersionId
          emit({
            type: 'content.updated',
            subjectId: id,
            payload: {
              ...contentFacts(updated),
              changed: Object.keys(input).filter((key) => key !== 'expectedVersion'),
              ...(restored === undefined ? {} : { restoredVersionId: restored }),
            },
          })
          if (state.status !== current.status) {
            if (state.status === 'published') emitPublication(emit, updated, 'published')
            else if (current.status === 'published') emitPublication(emit, updated, 'unpublished')
          }
          return updated
        })
      } catch (err) {
        throw slug !== undefined ? uniqueConflict(err, { [SLUG_KEY]: () => errors.slugConflict(slug) }) : err
      }
    },

    /**
     * Publishes a scheduled content whose publishAt has come (`now()`), as Folio's own work: status
     * published, publishedAt = publishAt (the time the editor chose, also after downtime), a new
     * version, `content.updated` and `content.published`.
     * @returns false when the content is gone, no longer scheduled or not yet due (a stale job).
     */
    async publishScheduled(tenantId: string, id: string): Promise<boolean> {
      const context = systemContext(tenantId, 'content-scheduler')
      return write(context, async (tx, emit) => {
        const repo = createContentsRepository(tx)
        const current = await repo.lockState(tenantId, id)
        const at = now()
        const due = current?.status === 'scheduled' && current.publishAt !== null && current.publishAt <= at
        if (current === undefined || !due) return false
        const state = { status: 'published' as const, publishedAt: current.publishAt }
        await repo.update(tenantId, id, { ...state, version: current.version + 1, updatedAt: at })
        await repo.syncLinkState(tenantId, id, state)
        const published = found(await repo.findById(tenantId, id))
        await afterSave(tx, context, published, current)
        emit({
          type: 'content.updated',
          subjectId: id,
          payload: { ...contentFacts(published), changed: ['status', 'publishedAt'] },
        })
        emitPublication(emit, published, 'published')
        return true
      })
    },

    /**
     * Deletes a content and (by cascade) its links and versions: one translation, the others of its
     * group stay (docs/decisions/localization.md "Contents are translated as documents").
     * @throws NotFound.
     */
    async remove(context: TenantContext, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const repo = createContentsRepository(tx)
        const current = await repo.findById(context.tenantId, id)
        if (current === undefined || !(await repo.delete(context.tenantId, id)))
          throw errors.notFound('Content')
        emit({ type: 'content.deleted', subjectId: id, payload: contentFacts(current) })
      })
    },
  }
  return writes
}

export type ContentWrites = ReturnType<typeof createContentWrites>

/**
 * `requested` canonical and one of the tenant's locales; the tenant's default when absent.
 * @throws ValidationFailed at `/locale` naming the locale and the tenant's.
 */
function tenantLocale(locales: TenantLocales, requested: string | undefined): string {
  if (requested === undefined) return locales.default
  const locale = canonicalLocale(requested)
  if (locale !== undefined && locales.available.includes(locale)) return locale
  const named = (locale ?? requested).slice(0, 40)
  const message = phrase('contents.localeNotTenants', {
    locale: named,
    locales: locales.available.join(', '),
  })
  throw errors.validation(message, [{ path: '/locale', message }])
}

/** 409 when a translation group already has a content in `locale`. */
function translationTaken(locale: string) {
  return errors.conflict(phrase('contents.translationTaken', { locale }))
}
