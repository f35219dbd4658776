import { type MediaRow, toMedia } from '../media/index.js'
import type { createGalleriesRepository, GalleryRow } from './repository.js'
import type { Gallery } from './schemas.js'

/**
 * The API shape of galleries: items in order (`order` 0, 1, …) with their media records, and the
 * ids of the contents showing the gallery.
 */
export async function toGalleries(
  repository: ReturnType<typeof createGalleriesRepository>,
  tenantId: string,
  rows: readonly GalleryRow[],
): Promise<Gallery[]> {
  const ids = rows.map((row) => row.id)
  const [items, links] = await Promise.all([
    repository.itemsOf(tenantId, ids),
    repository.contentIdsOf(tenantId, ids),
  ])
  const itemsBy = new Map<string, { mediaId: string; title: string; caption: string; media: MediaRow }[]>()
  for (const { item, media } of items) {
    const list = itemsBy.get(item.galleryId) ?? []
    list.push({ mediaId: item.mediaId, title: item.title, caption: item.caption, media })
    itemsBy.set(item.galleryId, list)
  }
  const contentsBy = new Map<string, string[]>()
  for (const link of links)
    contentsBy.set(link.galleryId, [...(contentsBy.get(link.galleryId) ?? []), link.contentId])
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    items: (itemsBy.get(row.id) ?? []).map((item, order) => ({
      mediaId: item.mediaId,
      title: item.title,
      caption: item.caption,
      order,
      media: toMedia(item.media),
    })),
    contentIds: contentsBy.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
}
