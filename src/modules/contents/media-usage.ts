import { and, eq, or, sql } from 'drizzle-orm'
import { contents } from '../../db/schema/index.js'
import type { MediaUsageFinder } from '../media/index.js'

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
