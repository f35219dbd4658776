import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { dbOf, type Emit, type EventSink, transactional } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { toSlug } from '../../lib/slug.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { limitCheck } from '../tenant-settings/index.js'
import { httpUrl, mediaFacts, normalizeTags, toMedia } from './records.js'
import { createMediaRepository, type MediaRow } from './repository.js'
import type {
  BulkTagsInput,
  CreateExternalMediaInput,
  ListMediaQuery,
  Media,
  MediaUsage,
  UpdateMediaInput,
} from './schemas.js'

/** The job removing deleted media's stored objects once the deletion committed. */
export const REMOVE_OBJECTS_JOB = 'media.remove-objects'
export interface RemoveObjectsJob {
  tenantId: string
  keys: string[]
}

/** The stored objects of media rows: uploads and their variants (external media have none). */
function objectKeysOf(rows: readonly MediaRow[]): string[] {
  return rows.flatMap((row) =>
    row.key === null ? [] : [row.key, ...row.variants.map((variant) => variant.key)],
  )
}

/**
 * A family that shows media: called in the deleting transaction before media `ids` are removed,
 * it returns what to do once they are gone (emit its own events about the records that lost them).
 */
export type MediaReferrer = (
  tx: Db,
  tenantId: string,
  ids: readonly string[],
) => Promise<(emit: Emit) => Promise<void>>

/**
 * A family that shows media: the records of `tenantId` that show `media` (by id, or by its URLs in
 * stored html), for `GET /api/media/{id}/usage`.
 */
export type MediaUsageFinder = (
  db: Db,
  tenantId: string,
  media: { id: string; urls: readonly string[] },
) => Promise<MediaUsage[]>

/**
 * A family whose published records show media: whether one of them shows the item, by id or by its
 * folder (`<tenantId>/<folder id>`, in the path of the file's and every variant's URL), for the
 * files of a tenant whose public delivery is off (docs/decisions/media.md "Files of a tenant that is
 * not public are not served").
 */
export type PublishedMediaCheck = (
  db: Db,
  tenantId: string,
  media: { id: string; folder: string },
) => Promise<boolean>

/**
 * Media records (docs/decisions/media.md); uploads are registered by `uploads.ts`. Works on a
 * transaction too (`{ db: tx }`): the WordPress importer uses `createExternal`. Writes emit
 * `media.*`. Deleting removes the record at once and queues the removal of its stored objects
 * (`jobs`) in the same transaction, so the files go exactly when the deletion commits.
 */
export function createMediaService(deps: {
  db: Db
  events: EventSink
  settings?: TenantSettingsReader
  jobs?: JobRunner
}) {
  const { db, settings } = deps
  const repository = createMediaRepository(db)
  const write = transactional(db, deps.events)
  const referrers: MediaReferrer[] = []
  const usageFinders: MediaUsageFinder[] = []
  const publishedChecks: PublishedMediaCheck[] = []

  /**
   * `POST /api/media/bulk/delete` (and single deletes): removes this tenant's media among `ids`,
   * takes them out of the galleries showing them (`gallery.updated` for each), emits
   * `media.deleted`, and queues the removal of their stored objects. Other ids are reported in
   * `notFound` and untouched.
   */
  const deleteMany = (context: TenantContext, ids: readonly string[]) => {
    const distinct = [...new Set(ids)]
    return write(context, async (tx, emit) => {
      const afterDelete = []
      for (const referrer of referrers) afterDelete.push(await referrer(tx, context.tenantId, distinct))
      const rows = await createMediaRepository(tx).deleteByIds(context.tenantId, distinct)
      for (const row of rows) {
        emit({ type: 'media.deleted', subjectId: row.id, payload: mediaFacts(toMedia(row)) })
      }
      for (const step of afterDelete) await step(emit)
      const keys = objectKeysOf(rows)
      if (keys.length > 0 && deps.jobs !== undefined) {
        await deps.jobs.send<RemoveObjectsJob>(
          REMOVE_OBJECTS_JOB,
          { tenantId: context.tenantId, keys },
          { within: tx },
        )
      }
      const deletedIds = rows.map((row) => row.id)
      return {
        deleted: rows.length,
        deletedIds,
        notFound: distinct.filter((id) => !deletedIds.includes(id)),
      }
    })
  }

  return {
    /**
     * Adds a family whose records show media (galleries): it hears a deletion before the rows go
     * and finishes after, in the deleting transaction.
     */
    referredBy(referrer: MediaReferrer) {
      referrers.push(referrer)
    },

    /** Adds a family whose records show media to `usage` (contents, galleries, collections). */
    usedIn(finder: MediaUsageFinder) {
      usageFinders.push(finder)
    },

    /** Adds a family whose published records may show media (contents, collections). */
    publishedIn(check: PublishedMediaCheck) {
      publishedChecks.push(check)
    },

    /** Whether a published record of the tenant shows the item (any family's). */
    async shownPublicly(tenantId: string, media: { id: string; folder: string }): Promise<boolean> {
      for (const check of publishedChecks) if (await check(db, tenantId, media)) return true
      return false
    },

    /**
     * `GET /api/media/{id}/usage`: every record of the tenant that shows the item, by family, so an
     * editor sees what a deletion would change. @throws NotFound.
     */
    async usage(context: TenantContext, id: string): Promise<MediaUsage[]> {
      const row = await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Media')
      const media = toMedia(row)
      const urls = [media.url, ...(media.variants ?? []).map((variant) => variant.url)].filter(
        (url): url is string => typeof url === 'string' && url.length > 0,
      )
      const found = await Promise.all(
        usageFinders.map((finder) => finder(db, context.tenantId, { id, urls })),
      )
      return found.flat()
    },

    /**
     * `POST /api/media/external`: records a link to media hosted elsewhere. Folio stores the URL
     * and never fetches it (no thumbnail probing, no provider lookups), so this route offers no
     * server-side request forgery surface; `url` and `thumbnailUrl` must still be absolute http(s)
     * URLs without credentials, so no `javascript:`, `data:` or `file:` link reaches a client.
     * `mimeType` is `video/<provider>` when a provider is named, else null (not guessed from the URL).
     * The creating user (createdBy) is the context's; null for an API token.
     */
    async createExternal(context: TenantContext, input: CreateExternalMediaInput): Promise<Media> {
      const providerSlug = input.provider === undefined ? '' : toSlug(input.provider)
      const values = {
        id: newId(),
        sourceType: 'external',
        status: 'active',
        url: httpUrl(input.url, 'url'),
        title: input.title ?? null,
        description: input.description ?? null,
        provider: input.provider ?? null,
        providerId: input.providerId ?? null,
        thumbnailUrl: input.thumbnailUrl === undefined ? null : httpUrl(input.thumbnailUrl, 'thumbnailUrl'),
        altText: input.altText ?? null,
        duration: input.duration ?? null,
        mimeType: providerSlug === '' ? null : `video/${providerSlug}`,
        tags: normalizeTags([input.tags ?? []].flat()),
        createdBy: userIdOf(context),
      }
      const checkLimit = await limitCheck(settings, context.tenantId, 'media', dbOf(context, db))
      return write(context, async (tx, emit) => {
        await checkLimit(tx)
        const media = toMedia(await createMediaRepository(tx).insert(context.tenantId, values))
        emit({ type: 'media.created', subjectId: media.id, payload: mediaFacts(media) })
        return media
      })
    },

    /**
     * `GET /api/media`: newest first; `status` defaults to active, `tags` must all be present,
     * `mimeType` is a literal prefix and `search` a literal case-insensitive part of the texts.
     */
    async list(context: TenantContext, query: ListMediaQuery) {
      const { page, limit, offset } = pageOf(query)
      const tags = query.tags === undefined ? [] : normalizeTags(query.tags)
      const { rows, total } = await repository.list(
        context.tenantId,
        {
          status: query.status ?? 'active',
          search: query.search,
          mimeTypePrefix: query.mimeType,
          tags: tags.length === 0 ? undefined : tags,
        },
        offset,
        limit,
      )
      return { media: rows.map(toMedia), pagination: paginate(page, limit, total) }
    },

    /** `GET /api/media/{id}`; 404 NotFound when missing or another tenant's. */
    async get(context: TenantContext, id: string): Promise<Media> {
      const row = await repository.findById(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Media')
      return toMedia(row)
    },

    /** `PATCH /api/media/{id}`: the given metadata members (never the key, type or size). */
    update(context: TenantContext, id: string, input: UpdateMediaInput): Promise<Media> {
      const { tags, ...rest } = input
      const values = { ...rest, ...(tags === undefined ? {} : { tags: normalizeTags([tags].flat()) }) }
      return write(context, async (tx, emit) => {
        const row = await createMediaRepository(tx).update(context.tenantId, id, values)
        if (row === undefined) throw errors.notFound('Media')
        const media = toMedia(row)
        emit({
          type: 'media.updated',
          subjectId: id,
          payload: { ...mediaFacts(media), changed: Object.keys(input) },
        })
        return media
      })
    },

    /** `DELETE /api/media/{id}`: see `deleteMany`; 404 when missing or another tenant's. */
    async remove(context: TenantContext, id: string): Promise<{ success: true }> {
      const { deleted } = await deleteMany(context, [id])
      if (deleted === 0) throw errors.notFound('Media')
      return { success: true }
    },

    deleteMany: (context: TenantContext, ids: readonly string[]) => deleteMany(context, ids),

    /**
     * `POST /api/media/bulk/tags`: adds `tags` to (default) or sets them on this tenant's media
     * among `ids`; emits `media.updated` for each. Other ids are reported in `notFound`.
     */
    bulkTags(context: TenantContext, input: BulkTagsInput) {
      const ids = [...new Set(input.ids)]
      const tags = normalizeTags(input.tags)
      if (tags.length === 0) throw errors.validation('media.emptyTags')
      return write(context, async (tx, emit) => {
        const rows = await createMediaRepository(tx).setTags(context.tenantId, ids, tags, input.mode ?? 'add')
        for (const row of rows) {
          emit({
            type: 'media.updated',
            subjectId: row.id,
            payload: { ...mediaFacts(toMedia(row)), changed: ['tags'] },
          })
        }
        const changed = rows.map((row) => row.id)
        return { modified: rows.length, notFound: ids.filter((id) => !changed.includes(id)) }
      })
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
