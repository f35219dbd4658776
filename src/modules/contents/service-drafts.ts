import { systemContext, type TenantContext, userIdOf } from '../../context.js'
import { AppError, errors } from '../../errors.js'
import { transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { requiredSlug } from '../../lib/slug.js'
import {
  checkCustomFields,
  createDefinitionsRepository,
  type FieldReferences,
} from '../custom-fields/index.js'
import { assertSchedulingAllowed } from '../tenant-settings/index.js'
import { type ContentJob, PRUNE_VERSIONS_JOB, PUBLISH_SCHEDULED_JOB } from './content-jobs.js'
import { type ContentsRepository, createContentsRepository } from './repository.js'
import type { Content, PublishDraftInput, SaveDraftInput, UpdateContentInput } from './schemas.js'
import { seesUnpublished, visibleStatuses } from './service-reads.js'
import type { ContentWriteDeps, ContentWrites } from './service-writes.js'
import { DEFAULT_MAX_VERSIONS } from './service-writes.js'
import { inputOfSnapshot } from './snapshot-input.js'
import { createVersionsRepository, type VersionsRepository } from './versions-repository.js'
import {
  actorName,
  assertParent,
  assertReferences,
  conflictOf,
  found,
  pruneDue,
  unique,
  writableFields,
} from './write-rules.js'

/** The members a draft holds; the others (status, dates, galleries) are the live row's. */
const DRAFT_FIELDS = [
  'title',
  'slug',
  'summary',
  'html',
  'lexical',
  'categories',
  'tags',
  'customFields',
  'featuredMediaId',
  'authorName',
  'type',
  'parentId',
  'order',
] as const satisfies readonly (keyof Content)[]

/** What reading a pending draft takes besides seeing unpublished text: a user may also edit. */
const PREVIEW_PERMISSION = 'content:preview'
const UPDATE_PERMISSION = 'content:update'

/**
 * Drafts of published contents (docs/decisions/content.md "Drafts of published contents"): a
 * published content keeps serving its row while editors save a pending draft of it. Each draft save
 * is a version (`draft` true) whose snapshot is the content as the draft makes it, and
 * `contents.draft_version` names it; the row's `version` counts draft saves too, so
 * `expectedVersion` orders draft and live writes alike. Draft saves touch nothing readers of the
 * live content see and emit no event (no webhook, no delivery cache change); publishing the draft
 * is an ordinary update of the row (`content.updated` then), now or at a scheduled time.
 */
export function createContentDrafts(deps: ContentWriteDeps & { writes: Pick<ContentWrites, 'update'> }) {
  const { db, settings, jobs } = deps
  const now = deps.now ?? (() => new Date())
  const maxVersions = deps.maxVersions ?? DEFAULT_MAX_VERSIONS
  const write = transactional(db, deps.events)
  const contents = createContentsRepository(db)
  const versions = createVersionsRepository(db)

  /** The content as its pending draft makes it (the live content when there is none). */
  async function draftOf(
    repo: ContentsRepository,
    versionsRepo: VersionsRepository,
    tenantId: string,
    id: string,
  ): Promise<Content | undefined> {
    const live = await repo.findById(tenantId, id)
    if (live?.pendingDraft == null) return live
    const row = await versionsRepo.findNumber(tenantId, id, live.pendingDraft.version)
    if (row === undefined) return live
    const snapshot = row.snapshot as Partial<Content>
    const drafted = Object.fromEntries(
      DRAFT_FIELDS.filter((field) => snapshot[field] !== undefined).map((field) => [field, snapshot[field]]),
    )
    return { ...live, ...drafted, updatedAt: live.pendingDraft.updatedAt }
  }

  /** Queues the prune of versions past the limit, as live saves do (service-writes.ts). */
  async function afterDraftWrite(tx: typeof db, tenantId: string, id: string, version: number) {
    if (jobs === undefined || !pruneDue(version, maxVersions)) return
    const job: ContentJob = { tenantId, contentId: id }
    await jobs.send(PRUNE_VERSIONS_JOB, job, { within: tx })
  }

  /** The update that makes `draft` live: the members it changes (`changed` of its event). */
  async function changesOf(tenantId: string, live: Content, draft: Partial<Content>) {
    const input: UpdateContentInput = {
      ...(await inputOfSnapshot(contents, tenantId, draft)),
      ...(draft.slug === undefined ? {} : { slug: draft.slug }),
    }
    const stored = live as Record<string, unknown>
    return Object.fromEntries(
      Object.entries(input).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key])),
    ) as UpdateContentInput
  }

  /** Publishes the pending draft now, through the update of the row. */
  async function publishNow(
    context: TenantContext,
    id: string,
    expectedVersion: number | undefined,
    dueBy?: Date,
  ): Promise<Content> {
    const live = await contents.findById(context.tenantId, id)
    if (live === undefined || visibleStatuses(context, [live.status])?.length === 0) {
      throw errors.notFound('Content')
    }
    if (live.pendingDraft === null) throw draftless(live.status)
    const row = await versions.findNumber(context.tenantId, id, live.pendingDraft.version)
    if (row === undefined) throw errors.noPendingDraft()
    const input = await changesOf(context.tenantId, live, row.snapshot as Partial<Content>)
    return deps.writes.update(
      context,
      id,
      expectedVersion === undefined ? input : { ...input, expectedVersion },
      { draft: { version: live.pendingDraft.version, ...(dueBy === undefined ? {} : { dueBy }) } },
    )
  }

  return {
    /**
     * The JSON text of a `ContentBody` as the pending draft makes the content (the live content when
     * it has none). @throws Forbidden for a reader who may not see unpublished text (an API token
     * without the preview scope; a user without `content:preview` or `content:update`), NotFound.
     */
    async getDraftJson(context: TenantContext, id: string): Promise<string> {
      const { permissions } = context
      const user = context.actor.kind === 'user'
      if (
        !seesUnpublished(context) ||
        !(permissions.has(PREVIEW_PERMISSION) || (user && permissions.has(UPDATE_PERMISSION)))
      ) {
        throw errors.forbidden('contents.previewPermission')
      }
      const content = await draftOf(contents, versions, context.tenantId, id.toLowerCase())
      if (content === undefined) throw errors.notFound('Content')
      return JSON.stringify({ content })
    },

    /**
     * Saves the given fields to the pending draft of a published content (started from the live
     * content when there is none): a new version holding the draft, the row's text untouched, no
     * event. The same checks as an update (sanitized html, references, custom fields, page tree, a
     * slug no other content holds), and `expectedVersion`.
     * @returns the content as the draft makes it.
     * @throws NotFound, ContentNotPublished, VersionConflict, ValidationFailed, SlugConflict.
     */
    async saveDraft(context: TenantContext, id: string, input: SaveDraftInput): Promise<Content> {
      const { tenantId } = context
      const at = now()
      const definitions = await (deps.customFields?.get(tenantId) ??
        createDefinitionsRepository(db).list(tenantId))
      const custom: { values?: Record<string, unknown>; references: FieldReferences[] } =
        input.customFields === undefined
          ? { references: [] }
          : checkCustomFields(definitions, input.customFields)
      const fields = await writableFields(deps.html, input, custom.values)
      const slug = input.slug === undefined ? undefined : requiredSlug(input.slug, 'slug')
      return write(context, async (tx) => {
        const repo = createContentsRepository(tx)
        const versionsRepo = createVersionsRepository(tx)
        const current = await repo.lockState(tenantId, id)
        if (current === undefined) throw errors.notFound('Content')
        if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
          throw await conflictOf(tx, tenantId, id, current)
        }
        if (current.status !== 'published') throw errors.contentNotPublished(current.status)
        await assertReferences(repo, tenantId, input, custom.references)
        await assertParent(repo, tenantId, id, input.parentId)
        if (slug !== undefined) {
          // The unique index decides when the draft goes live; this tells the editor now.
          const owner = await repo.findSlugOwner(tenantId, slug, current.locale)
          if (owner !== undefined && owner.id !== id) throw errors.slugConflict(slug)
        }
        const { pendingDraft: _, ...before } = found(await draftOf(repo, versionsRepo, tenantId, id))
        const version = current.version + 1
        const snapshot = {
          ...before,
          ...fields,
          ...(slug === undefined ? {} : { slug }),
          ...(input.categories === undefined ? {} : { categories: unique(input.categories).sort() }),
          ...(input.tags === undefined ? {} : { tags: unique(input.tags).sort() }),
          version,
          updatedAt: at.toISOString(),
        }
        await versionsRepo.insert(tenantId, {
          id: newId(),
          contentId: id,
          version,
          title: snapshot.title,
          slug: snapshot.slug,
          status: current.status,
          draft: true,
          snapshot,
          createdBy: userIdOf(context),
          createdByName: actorName(context.actor),
          createdAt: at,
        })
        await repo.update(tenantId, id, { version, draftVersion: version })
        await afterDraftWrite(tx, tenantId, id, version)
        return found(await draftOf(repo, versionsRepo, tenantId, id))
      })
    },

    /**
     * Makes the pending draft live now (an update of the row with the members the draft changes:
     * `content.updated`, a new version), or, with a future `publishAt`, schedules that (the live
     * content serves until then; a later draft save is published too).
     * @throws NotFound, ContentNotPublished, NoPendingDraft, VersionConflict, ValidationFailed (a
     *   past publishAt, custom fields that no longer fit), SlugConflict, Forbidden (scheduling off).
     */
    async publishDraft(context: TenantContext, id: string, input: PublishDraftInput): Promise<Content> {
      const { tenantId } = context
      if (input.publishAt === undefined) return publishNow(context, id, input.expectedVersion)
      const at = now()
      const publishAt = new Date(input.publishAt)
      if (publishAt.getTime() <= at.getTime()) {
        throw errors.validation('contents.publishAtFuture', [
          { path: '/publishAt', message: phrase('contents.mustBeFuture') },
        ])
      }
      if (settings) await assertSchedulingAllowed(settings, tenantId, { publishAt: input.publishAt }, at)
      return write(context, async (tx) => {
        const repo = createContentsRepository(tx)
        const current = await repo.lockState(tenantId, id)
        if (current === undefined) throw errors.notFound('Content')
        if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
          throw await conflictOf(tx, tenantId, id, current)
        }
        if (current.draftVersion === null) throw draftless(current.status)
        await repo.update(tenantId, id, { draftPublishAt: publishAt })
        if (jobs !== undefined) {
          // A job left from an earlier time finds the draft not yet due and does nothing.
          const job: ContentJob = { tenantId, contentId: id }
          await jobs.send(PUBLISH_SCHEDULED_JOB, job, { within: tx, startAfter: publishAt })
        }
        return found(await draftOf(repo, createVersionsRepository(tx), tenantId, id))
      })
    },

    /**
     * Drops the pending draft (and its schedule): a new version holding the live content again, so
     * the newest version is what an editor loads; no event (nothing live changed). The draft's
     * versions stay in the history. @returns the live content.
     * @throws NotFound, ContentNotPublished, NoPendingDraft, VersionConflict.
     */
    async discardDraft(context: TenantContext, id: string, expectedVersion?: number): Promise<Content> {
      const { tenantId } = context
      const at = now()
      return write(context, async (tx) => {
        const repo = createContentsRepository(tx)
        const current = await repo.lockState(tenantId, id)
        if (current === undefined) throw errors.notFound('Content')
        if (expectedVersion !== undefined && expectedVersion !== current.version) {
          throw await conflictOf(tx, tenantId, id, current)
        }
        if (current.draftVersion === null) throw draftless(current.status)
        const version = current.version + 1
        await repo.update(tenantId, id, { version, draftVersion: null, draftPublishAt: null })
        const live = found(await repo.findById(tenantId, id))
        await createVersionsRepository(tx).insert(tenantId, {
          id: newId(),
          contentId: id,
          version,
          title: live.title,
          slug: live.slug,
          status: live.status,
          snapshot: live,
          createdBy: userIdOf(context),
          createdByName: actorName(context.actor),
          createdAt: at,
        })
        await afterDraftWrite(tx, tenantId, id, version)
        return live
      })
    },

    /**
     * Publishes a content's pending draft whose scheduled time has come (`now()`), as Folio's own
     * work. A draft that can no longer be published as it is (custom fields that no longer fit, a
     * slug taken meanwhile) loses its schedule and stays pending, so the sweep does not retry it.
     * @returns false when there is nothing due (a stale job, a draft saved or discarded meanwhile).
     */
    async publishScheduledDraft(tenantId: string, id: string): Promise<boolean> {
      const context = systemContext(tenantId, 'content-scheduler')
      const at = now()
      const publishAt = (await contents.findById(tenantId, id))?.pendingDraft?.publishAt
      if (publishAt == null || Date.parse(publishAt) > at.getTime()) return false
      try {
        await publishNow(context, id, undefined, at)
        return true
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        if (err.code === 'ValidationFailed' || err.code === 'SlugConflict') {
          await contents.update(tenantId, id, { draftPublishAt: null })
        } else if (
          err.code !== 'NoPendingDraft' &&
          err.code !== 'VersionConflict' &&
          err.code !== 'NotFound'
        ) {
          throw err
        }
        return false
      }
    },
  }
}

/** The 409 of a draft route on a content without a pending draft. */
function draftless(status: string): AppError {
  return status === 'published' ? errors.noPendingDraft() : errors.contentNotPublished(status)
}

export type ContentDrafts = ReturnType<typeof createContentDrafts>
