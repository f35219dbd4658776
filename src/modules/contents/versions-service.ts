import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { createContentsRepository } from './repository.js'
import type { Content, ContentStatus } from './schemas.js'
import { seesUnpublished, visibleStatuses } from './service-reads.js'
import type { ContentWrites } from './service-writes.js'
import { inputOfSnapshot } from './snapshot-input.js'
import { createVersionsRepository, type VersionMetaRow } from './versions-repository.js'
import type { VersionListQuery, VersionMeta } from './versions-schemas.js'

/**
 * Content versions (API contract: `/api/contents/{id}/versions`; docs/decisions/content.md "Every
 * save keeps a version"): every save's snapshot, listed as metadata (live and deleted versions
 * paged apart), read whole, marked deleted (never the current one) and restored (a new version with
 * the snapshot's content). Pruning keeps the newest `maxVersions` live versions (and as many
 * deleted ones) per content.
 */
export function createContentVersionsService(deps: {
  db: Db
  events: EventSink
  writes: Pick<ContentWrites, 'update'>
  maxVersions: number
}) {
  const repository = createVersionsRepository(deps.db)
  const contents = createContentsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** The content the route names, if the caller may see it. @throws NotFound. */
  async function contentOf(context: TenantContext, id: string): Promise<Content> {
    const content = await contents.findById(context.tenantId, id.toLowerCase())
    if (content === undefined || visibleStatuses(context, [content.status as ContentStatus])?.length === 0) {
      throw errors.notFound('Content')
    }
    return content as Content
  }

  return {
    /** Live and deleted versions, newest first, each list paged on its own. @throws NotFound. */
    async list(context: TenantContext, contentId: string, query: VersionListQuery) {
      const content = await contentOf(context, contentId)
      const { id } = content
      const { page, limit, offset } = pageOf(query)
      const deletedPage = pageOf({ page: query.deletedPage, limit })
      const drafts = seesUnpublished(context)
      const [live, deleted] = await Promise.all([
        repository.page(context.tenantId, id, { deleted: false, drafts, limit, offset }),
        repository.page(context.tenantId, id, { deleted: true, drafts, limit, offset: deletedPage.offset }),
      ])
      const meta = (row: VersionMetaRow) => toMeta(row, content.version)
      return {
        currentVersion: content.version,
        versions: live.rows.map(meta),
        deletedVersions: deleted.rows.map(meta),
        pagination: paginate(page, limit, live.total),
        deletedPagination: paginate(deletedPage.page, limit, deleted.total),
      }
    },

    /**
     * One version with its snapshot (`content`); a draft save's only for readers of unpublished
     * text. @throws NotFound (content or version).
     */
    async get(context: TenantContext, contentId: string, versionId: string) {
      const content = await contentOf(context, contentId)
      const row = await repository.find(context.tenantId, content.id, versionId.toLowerCase())
      if (row === undefined || (row.draft && !seesUnpublished(context)))
        throw errors.notFound('Content version')
      return { ...toMeta(row, content.version), content: row.snapshot }
    },

    /**
     * Marks versions deleted (already deleted ones are left as they are).
     * @throws NotFound (content), ValidationFailed (ids that are not versions of this content, or the
     *   current version).
     */
    async remove(context: TenantContext, contentId: string, versionIds: string[]) {
      const { tenantId } = context
      const id = contentId.toLowerCase()
      const ids = [...new Set(versionIds)]
      return write(context, async (tx, emit) => {
        const repo = createVersionsRepository(tx)
        const contentsRepo = createContentsRepository(tx)
        const current = await contentsRepo.lockState(tenantId, id)
        if (current === undefined) throw errors.notFound('Content')
        const rows = await repo.findMany(tenantId, id, ids)
        const known = new Set(rows.map((row) => row.id))
        const unknown = ids.filter((versionId) => !known.has(versionId))
        if (unknown.length > 0) {
          throw errors.validation(phrase('contents.notVersions', { ids: unknown.join(', ') }), [
            { path: '/versionIds', message: phrase('contents.unknownVersionIds'), ids: unknown },
          ])
        }
        const currentRow = rows.find((row) => row.version === current.version)
        if (currentRow !== undefined) {
          throw errors.validation(phrase('contents.currentVersion', { version: current.version }), [
            { path: '/versionIds', message: phrase('contents.containsCurrent'), ids: [currentRow.id] },
          ])
        }
        const draftRow = rows.find((row) => row.version === current.draftVersion)
        if (draftRow !== undefined) {
          throw errors.validation(phrase('contents.draftVersion', { version: current.draftVersion ?? 0 }), [
            { path: '/versionIds', message: phrase('contents.containsDraft'), ids: [draftRow.id] },
          ])
        }
        const deleting = rows.filter((row) => row.deletedAt === null).sort((a, b) => b.version - a.version)
        await repo.markDeleted(
          tenantId,
          id,
          deleting.map((row) => row.id),
          userIdOf(context),
          new Date(),
        )
        const deletedVersions = deleting.map((row) => ({ versionId: row.id, version: row.version }))
        if (deleting.length > 0) {
          const title = (await contentsRepo.findById(tenantId, id))?.title ?? ''
          emit({
            type: 'content-version.deleted',
            subjectId: id,
            payload: {
              id,
              title,
              versionIds: deletedVersions.map((row) => row.versionId),
              versions: deletedVersions.map((row) => row.version),
            },
          })
        }
        return { success: true, deleted: deleting.length, deletedVersions }
      })
    },

    /**
     * Saves the version's content (`inputOfSnapshot`) as a new version, live: the slug, status and
     * dates stay as they are now (a restore changes what the content says, not where or whether it
     * is published), and a pending draft stays pending. @throws NotFound, ValidationFailed
     * (customFields that no longer fit the definitions).
     */
    async restore(context: TenantContext, contentId: string, versionId: string): Promise<Content> {
      const { tenantId } = context
      const { id } = await contentOf(context, contentId)
      const row = await repository.find(tenantId, id, versionId.toLowerCase())
      if (row === undefined || (row.draft && !seesUnpublished(context)))
        throw errors.notFound('Content version')
      const input = await inputOfSnapshot(contents, tenantId, row.snapshot as Partial<Content>)
      return deps.writes.update(context, id, input, { restoredVersionId: row.id })
    },

    /** Removes a content's versions beyond the limit (the prune job). @returns how many went. */
    prune(tenantId: string, contentId: string): Promise<number> {
      return repository.prune(tenantId, contentId, deps.maxVersions)
    },
  }
}

export type ContentVersionsService = ReturnType<typeof createContentVersionsService>

function toMeta(row: VersionMetaRow, currentVersion: number): VersionMeta {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    slug: row.slug,
    status: row.status,
    draft: row.draft,
    current: row.version === currentVersion && row.deletedAt === null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deletedBy: row.deletedBy,
    deletedByName: row.deletedByName,
  }
}
