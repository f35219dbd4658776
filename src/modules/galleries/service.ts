import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { existingMediaIds, type MediaReferrer } from '../media/index.js'
import { toGalleries } from './records.js'
import { createGalleriesRepository } from './repository.js'
import type { CreateGalleryInput, Gallery, ListGalleriesQuery, UpdateGalleryInput } from './schemas.js'

type Items = NonNullable<CreateGalleryInput['items']>

/**
 * Galleries (docs/decisions/content.md "Galleries"): ordered media of one tenant, linked to its
 * contents. Writes emit `gallery.created|updated|deleted` with the gallery record; linking a
 * content's galleries emits `gallery.updated` for each gallery whose contents changed.
 */
export function createGalleriesService(deps: { db: Db; events: EventSink }) {
  const { db } = deps
  const repository = createGalleriesRepository(db)
  const write = transactional(db, deps.events)

  /** Items sorted by `order` (stable: items without one keep their place), media checked in `tx`. */
  const itemsOf = async (tx: Db, tenantId: string, items: Items) => {
    const known = new Set(await existingMediaIds(tx, tenantId, [...new Set(items.map((i) => i.mediaId))]))
    const missing = items.findIndex((item) => !known.has(item.mediaId))
    if (missing !== -1) throw errors.validation(phrase('galleries.unknownMedia', { index: missing }))
    return items
      .map((item, index) => ({ item, key: item.order ?? index, index }))
      .sort((a, b) => a.key - b.key || a.index - b.index)
      .map(({ item }) => ({ mediaId: item.mediaId, title: item.title ?? '', caption: item.caption ?? '' }))
  }

  const readOne = async (tx: Db, tenantId: string, id: string): Promise<Gallery> => {
    const repo = createGalleriesRepository(tx)
    const row = await repo.findById(tenantId, id)
    if (row === undefined) throw errors.notFound('Gallery')
    return (await toGalleries(repo, tenantId, [row]))[0] as Gallery
  }

  return {
    /** `GET /api/galleries`: newest first; `search` literal in title/description; `contentId` linked. */
    async list(context: TenantContext, query: ListGalleriesQuery) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.list(
        context.tenantId,
        { search: query.search, contentId: query.contentId },
        offset,
        limit,
      )
      return {
        galleries: await toGalleries(repository, context.tenantId, rows),
        pagination: paginate(page, limit, total),
      }
    },

    /** `GET /api/galleries/{id}`; 404 NotFound when missing or another tenant's. */
    get: (context: TenantContext, id: string) => readOne(db, context.tenantId, id),

    /** `POST /api/galleries`; 400 when an item's media is not this tenant's. */
    create(context: TenantContext, input: CreateGalleryInput): Promise<Gallery> {
      return write(context, async (tx, emit) => {
        const items = await itemsOf(tx, context.tenantId, input.items ?? [])
        const repo = createGalleriesRepository(tx)
        const row = await repo.insert(context.tenantId, {
          id: newId(),
          title: input.title,
          description: input.description ?? '',
          createdBy: userIdOf(context),
        })
        await repo.replaceItems(context.tenantId, row.id, items)
        const gallery = await readOne(tx, context.tenantId, row.id)
        emit({ type: 'gallery.created', subjectId: gallery.id, payload: galleryFacts(gallery) })
        return gallery
      })
    },

    /** `PUT /api/galleries/{id}`: the given members; `items` replaces all items in order. */
    update(context: TenantContext, id: string, input: UpdateGalleryInput): Promise<Gallery> {
      return write(context, async (tx, emit) => {
        const repo = createGalleriesRepository(tx)
        const values = {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.description === undefined ? {} : { description: input.description }),
        }
        if ((await repo.update(context.tenantId, id, values)) === undefined) throw errors.notFound('Gallery')
        if (input.items !== undefined) {
          await repo.replaceItems(context.tenantId, id, await itemsOf(tx, context.tenantId, input.items))
        }
        const gallery = await readOne(tx, context.tenantId, id)
        emit({
          type: 'gallery.updated',
          subjectId: id,
          payload: { ...galleryFacts(gallery), changed: Object.keys(input) },
        })
        return gallery
      })
    },

    /** `DELETE /api/galleries/{id}`: the gallery, its items and content links (the media stay). */
    remove(context: TenantContext, id: string): Promise<{ success: true }> {
      return write(context, async (tx, emit) => {
        const gallery = await readOne(tx, context.tenantId, id)
        await createGalleriesRepository(tx).delete(context.tenantId, id)
        emit({ type: 'gallery.deleted', subjectId: id, payload: galleryFacts(gallery) })
        return { success: true as const }
      })
    },

    /**
     * `PUT /api/contents/{id}/galleries`: the content shows exactly `galleryIds`, in that order
     * (read back as the content's `galleryIds`). 404 when the content is not this tenant's; 400
     * naming a gallery id that is not. Returns the galleries in order.
     */
    linkContent(context: TenantContext, contentId: string, galleryIds: readonly string[]) {
      return write(context, async (tx, emit) => {
        const repo = createGalleriesRepository(tx)
        if (!(await repo.contentExists(context.tenantId, contentId))) throw errors.notFound('Content')
        const found = new Set((await repo.findByIds(context.tenantId, galleryIds)).map((row) => row.id))
        const missing = galleryIds.findIndex((id) => !found.has(id))
        if (missing !== -1) throw errors.validation(phrase('galleries.unknownGallery', { index: missing }))
        const before = await repo.linkContent(context.tenantId, contentId, galleryIds)
        const changed = [
          ...before.filter((id) => !galleryIds.includes(id)),
          ...galleryIds.filter((id) => !before.includes(id)),
        ]
        await emitUpdated(tx, context.tenantId, changed, emit, 'contentIds')
        const rows = await repo.findByIds(context.tenantId, galleryIds)
        const byId = new Map((await toGalleries(repo, context.tenantId, rows)).map((g) => [g.id, g]))
        return { galleries: galleryIds.map((id) => byId.get(id) as Gallery) }
      })
    },
  }
}

export type GalleriesService = ReturnType<typeof createGalleriesService>

/**
 * Emits `gallery.updated` with the facts of each gallery (inside the write's `tx`); `changed` names
 * what changed for all of them (`items`: a medium was removed; `contentIds`: content links).
 */
export async function emitUpdated(
  tx: Db,
  tenantId: string,
  ids: readonly string[],
  emit: Emit,
  changed: 'items' | 'contentIds',
) {
  const repo = createGalleriesRepository(tx)
  await repo.touch(tenantId, ids)
  for (const gallery of await toGalleries(repo, tenantId, await repo.findByIds(tenantId, ids))) {
    emit({
      type: 'gallery.updated',
      subjectId: gallery.id,
      payload: { ...galleryFacts(gallery), changed: [changed] },
    })
  }
}

/** Galleries lose the items of deleted media: each gallery that showed one gets `gallery.updated`. */
export const galleriesReferMedia: MediaReferrer = async (tx, tenantId, mediaIds) => {
  const galleryIds = await createGalleriesRepository(tx).galleryIdsUsing(tenantId, mediaIds)
  return (emit) => emitUpdated(tx, tenantId, galleryIds, emit, 'items')
}

/** The facts a gallery event carries (src/events/catalog.ts): never its items' media. */
function galleryFacts(gallery: Gallery) {
  return { id: gallery.id, title: gallery.title, itemCount: gallery.items.length }
}
