import { and, eq } from 'drizzle-orm'
import { galleries, galleryItems } from '../../db/schema/index.js'
import type { MediaUsageFinder } from '../media/index.js'

/** The galleries showing a media item, for `GET /api/media/{id}/usage` (one row per gallery). */
export const galleriesShowingMedia: MediaUsageFinder = async (db, tenantId, media) => {
  const rows = await db
    .selectDistinct({ id: galleries.id, title: galleries.title })
    .from(galleryItems)
    .innerJoin(
      galleries,
      and(eq(galleries.tenantId, galleryItems.tenantId), eq(galleries.id, galleryItems.galleryId)),
    )
    .where(and(eq(galleryItems.tenantId, tenantId), eq(galleryItems.mediaId, media.id)))
  return rows.map((row) => ({ kind: 'gallery', id: row.id, title: row.title, role: 'item', status: null }))
}
