import type { Actor } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import type { Emit } from '../../events/event-log.js'
import { type Phrase, phrase, semicolonList } from '../../i18n/index.js'
import type { FieldReferences } from '../custom-fields/index.js'
import type { ContentPatch, ContentsRepository, LockedContent } from './repository.js'
import { HTML_MAX_LENGTH, type HtmlSanitizer } from './sanitize.js'
import { type Content, MAX_TREE_DEPTH, type UpdateContentInput } from './schemas.js'
import { createVersionsRepository } from './versions-repository.js'

/** The rules and pieces content writes share (service-writes.ts). */

/** Who saved a version when it was not a user (users' names are looked up when read). */
export function actorName(actor: Actor): string {
  if (actor.kind === 'apiToken') return actor.name ?? 'API token'
  if (actor.kind === 'system') return actor.name
  return ''
}

/** `content.published` / `content.unpublished`: what delivery caches and webhooks care about. */
export function emitPublication(emit: Emit, content: Content, verb: 'published' | 'unpublished') {
  emit({ type: `content.${verb}`, subjectId: content.id, payload: contentFacts(content) })
}

/**
 * What every `content.*` event carries (src/events/catalog.ts): never html, lexical or custom
 * fields. The locale with the slug: slugs are unique per locale.
 */
export function contentFacts(content: Pick<Content, 'id' | 'title' | 'slug' | 'status' | 'locale'>) {
  return {
    id: content.id,
    title: content.title,
    slug: content.slug,
    status: content.status,
    locale: content.locale,
  }
}

/**
 * The 409 VersionConflict of a write based on an older version: who saved the newest version and
 * when, read from that version (a draft save leaves the live row's updatedAt as it was).
 */
export async function conflictOf(tx: Db, tenantId: string, id: string, current: LockedContent) {
  const newest = await createVersionsRepository(tx).findNumber(tenantId, id, current.version)
  return errors.versionConflict(
    newest === undefined
      ? current
      : {
          version: current.version,
          updatedAt: newest.createdAt,
          updatedBy: newest.createdBy,
          updatedByName: newest.createdByName,
        },
  )
}

/** The pending draft an update makes live: the version it read, and for the scheduler its clock. */
export interface DraftRelease {
  version: number
  /** The draft must be scheduled at or before this time. */
  dueBy?: Date
}

/**
 * The pending draft is still the one read (no draft save or discard came between), and due when
 * the scheduler publishes it. @throws NoPendingDraft (gone, or not due), VersionConflict (saved again).
 */
export async function assertDraft(
  tx: Db,
  tenantId: string,
  id: string,
  current: LockedContent,
  draft: DraftRelease,
) {
  const notDue =
    draft.dueBy !== undefined && (current.draftPublishAt === null || current.draftPublishAt > draft.dueBy)
  if (current.draftVersion === null || notDue) throw errors.noPendingDraft()
  if (current.draftVersion !== draft.version) throw await conflictOf(tx, tenantId, id, current)
}

/** Versions past the limit queue a prune every this many saves (so a busy content is not pruned on each). */
const PRUNE_STEP = 10

/** Whether the save of `version` queues a prune of the versions past `maxVersions`. */
export function pruneDue(version: number, maxVersions: number): boolean {
  const step = Math.min(PRUNE_STEP, maxVersions)
  return version > maxVersions && (version - maxVersions - 1) % step === 0
}

export function found(content: Content | undefined): Content {
  if (content === undefined) throw errors.notFound('Content')
  return content
}

export const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])]

/**
 * Fields copied from a write body, with HTML sanitized (on a worker thread, before any transaction
 * opens) and customFields as checked.
 * @throws ValidationFailed at `/html` when it is too long or nests too deeply, ServiceUnavailable
 *   (see `HtmlSanitizer`).
 */
export async function writableFields(
  sanitizer: HtmlSanitizer,
  input: UpdateContentInput,
  customFields?: Record<string, unknown>,
): Promise<ContentPatch> {
  const fields: ContentPatch = {}
  if (input.title !== undefined) fields.title = input.title
  if (input.summary !== undefined) fields.summary = input.summary
  if (input.html !== undefined) {
    const sanitized = await sanitizer.sanitize(input.html, HTML_MAX_LENGTH)
    if ('problem' in sanitized) {
      const message = phrase('common.memberSentence', { member: 'html', problem: sanitized.problem })
      throw errors.validation(message, [{ path: '/html', message }])
    }
    fields.html = sanitized.html
  }
  if (input.authorName !== undefined) fields.authorName = input.authorName
  if (input.featuredMediaId !== undefined) fields.featuredMediaId = input.featuredMediaId
  if (input.type !== undefined) fields.type = input.type
  if (input.parentId !== undefined) fields.parentId = input.parentId
  if (input.order !== undefined) fields.order = input.order
  // Prototype-polluting keys in these free objects are refused at validation (`x-free-object`).
  if (input.lexical !== undefined) fields.lexical = input.lexical
  if (customFields !== undefined) fields.customFields = customFields
  return fields
}

/**
 * Categories, tags, the featured media and the contents that reference fields name must belong to
 * the tenant (docs/decisions/content.md "References belong to the tenant"): a foreign id would link
 * another tenant's record. @throws ValidationFailed naming every unknown id.
 */
export async function assertReferences(
  repo: ContentsRepository,
  tenantId: string,
  input: UpdateContentInput,
  fieldReferences: readonly FieldReferences[],
) {
  const problems: { path: string; message: Phrase; ids: string[] }[] = []
  const categoryIds = unique(input.categories)
  if (categoryIds.length > 0) {
    const known = new Set(await repo.existingCategoryIds(tenantId, categoryIds))
    const missing = categoryIds.filter((id) => !known.has(id))
    if (missing.length > 0)
      problems.push({ path: '/categories', message: phrase('contents.unknownCategoryIds'), ids: missing })
  }
  const tagIds = unique(input.tags)
  if (tagIds.length > 0) {
    const known = new Set(await repo.existingTagIds(tenantId, tagIds))
    const missing = tagIds.filter((id) => !known.has(id))
    if (missing.length > 0)
      problems.push({ path: '/tags', message: phrase('contents.unknownTagIds'), ids: missing })
  }
  const mediaId = input.featuredMediaId
  if (mediaId !== undefined && mediaId !== null && !(await repo.mediaExists(tenantId, mediaId))) {
    problems.push({ path: '/featuredMediaId', message: phrase('contents.unknownMediaId'), ids: [mediaId] })
  }
  const contentIds = unique(fieldReferences.flatMap((reference) => reference.ids))
  if (contentIds.length > 0) {
    const known = new Set(await repo.existingContentIds(tenantId, contentIds))
    for (const reference of fieldReferences) {
      const missing = reference.ids.filter((id) => !known.has(id))
      if (missing.length > 0) {
        const field = reference.path.slice(1).replace('/', '.')
        problems.push({
          path: reference.path,
          message: phrase('contents.unknownContentIds', { field }),
          ids: missing,
        })
      }
    }
  }
  if (problems.length > 0) {
    const list = semicolonList(
      problems.map((problem) =>
        phrase('common.labelled', { label: problem.message, text: problem.ids.join(', ') }),
      ),
    )
    throw errors.validation(phrase('contents.foreignReferences', { list }), problems)
  }
}

/**
 * The page-tree rules of a write that sets `parentId` (docs/decisions/content.md "Types and page
 * trees"): the parent is a content of the tenant, neither `id` itself nor one of its descendants, and
 * the deepest content under `id` ends up at most `MAX_TREE_DEPTH` levels down. Takes the tenant's
 * tree lock first, so the checks hold until the transaction commits. `id` is undefined on create.
 * @throws ValidationFailed at `/parentId`.
 */
export async function assertParent(
  repo: ContentsRepository,
  tenantId: string,
  id: string | undefined,
  parentId: string | null | undefined,
) {
  if (parentId === undefined || parentId === null) return
  const refuse = (message: Phrase) =>
    errors.validation(message, [{ path: '/parentId', message, ids: [parentId] }])
  if (parentId === id) throw refuse(phrase('contents.ownParent'))
  await repo.lockTree(tenantId)
  const ancestry = await repo.ancestry(tenantId, parentId, MAX_TREE_DEPTH)
  if (ancestry.length === 0) throw refuse(phrase('contents.unknownParent', { id: parentId }))
  if (id !== undefined && ancestry.includes(id)) {
    throw refuse(phrase('contents.parentIsDescendant'))
  }
  const height = id === undefined ? 1 : await repo.subtreeHeight(tenantId, id, MAX_TREE_DEPTH)
  if (ancestry.length + height > MAX_TREE_DEPTH) {
    throw refuse(phrase('contents.treeTooDeep', { depth: MAX_TREE_DEPTH }))
  }
}
