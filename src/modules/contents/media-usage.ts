import { and, eq, or, sql } from 'drizzle-orm'
import { contents, galleryContents, galleryItems } from '../../db/schema/index.js'
import type { MediaUsageFinder, PublishedMediaCheck } from '../media/index.js'

/**
 * The contents showing a media item, for `GET /api/media/{id}/usage`: as featured media, or with
 * one of its URLs (the file, a variant) in their html. The html is searched as text (no index): an
 * editor's question about one item, asked rarely.
 */
export const contentsShowingMedia: MediaUsageFinder = async (db, tenantId, media) => {
  const featured = eq(contents.featuredMediaId, media.id)
  const inline = media.urls.map((url) => sql`strpos(${contents.html}, ${url}) > 0`)
  const rows = await db
    .select({ id: contents.id, title: contents.title, status: contents.status, featured })
    .from(contents)
    .where(and(eq(contents.tenantId, tenantId), or(featured, ...inline)))
    .orderBy(contents.title)
  return rows.map((row) => ({
    kind: 'content',
    id: row.id,
    title: row.title,
    role: row.featured ? 'featured' : 'inline',
    status: row.status,
  }))
}

/**
 * Whether a published content shows a media item: as its featured media, in its html (the item's
 * folder is in the path of its file's and every variant's URL), or in a gallery it carries.
 * For the files of a tenant whose public delivery is off (docs/decisions/media.md).
 */
export const contentsPublishingMedia: PublishedMediaCheck = async (db, tenantId, media) => {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(
      and(
        eq(contents.tenantId, tenantId),
        eq(contents.status, 'published'),
        or(
          eq(contents.featuredMediaId, media.id),
          sql`strpos(${contents.html}, ${media.folder}) > 0`,
          sql`exists (select 1 from ${galleryContents} gc
            join ${galleryItems} gi on gi.tenant_id = gc.tenant_id and gi.gallery_id = gc.gallery_id
            where gc.tenant_id = ${contents.tenantId} and gc.content_id = ${contents.id}
              and gi.media_id = ${media.id})`,
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}
