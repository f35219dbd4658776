import { systemContext, type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { dbOf, type EventSink, transactional } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import { requiredSlug, toSlug } from '../../lib/slug.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import {
  checkCustomFields,
  createDefinitionsRepository,
  type FieldReferences,
} from '../custom-fields/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { assertSchedulingAllowed, limitCheck } from '../tenant-settings/index.js'
import { type ContentJob, PRUNE_VERSIONS_JOB, PUBLISH_SCHEDULED_JOB } from './content-jobs.js'
import { resolvePublication } from './publication.js'
import { type ContentPatch, createContentsRepository, type LockedContent } from './repository.js'
import type { HtmlSanitizer } from './sanitize.js'
import type { Content, CreateContentInput, UpdateContentInput } from './schemas.js'
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

const SLUG_KEY = 'contents_tenant_slug_key'
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

  /** customFields to store, checked against the definitions, with the references they name. */
  function customFieldsOf(
    definitions: Awaited<ReturnType<typeof definitionsOf>>,
    input: UpdateContentInput,
    creating: boolean,
  ): { values?: Record<string, unknown>; references: FieldReferences[] } {
    if (input.customFields === undefined && !(creating && definitions.length > 0)) return { references: [] }
    return checkCustomFields(definitions, input.customFields ?? {})
  }

  return {
    /**
     * Creates a content (version 1). Without a slug one is generated from the title (numbered -2,
     * -3 … when taken); an explicit slug that is taken fails.
     * @throws ValidationFailed (bad slug, references, custom fields, schedule), SlugConflict.
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
      const custom = customFieldsOf(await definitionsOf(tenantId, via), input, true)
      const fields = await writableFields(deps.html, input, custom.values)
      const wanted =
        input.slug === undefined ? toSlug(input.title) || 'untitled' : requiredSlug(input.slug, 'slug')
      const actor = userIdOf(context)
      return writeWithFreeSlug(
        {
          slug: wanted,
          explicit: input.slug !== undefined,
          key: SLUG_KEY,
          lookup: () => createContentsRepository(via).slugs(tenantId),
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
            emit({ type: 'content.created', subjectId: id, payload: contentFacts(created) })
            if (created.status === 'published') emitPublication(emit, created, 'published')
            return created
          }),
      )
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

    /** Deletes a content and (by cascade) its links and versions. @throws NotFound. */
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

export type ContentWrites = ReturnType<typeof createContentWrites>
