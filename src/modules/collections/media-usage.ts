import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { collectionEntries, collections } from '../../db/schema/index.js'
import type { MediaUsageFinder, PublishedMediaCheck } from '../media/index.js'

/**
 * The collection entries showing a media item in a media field (single or multiple), for
 * `GET /api/media/{id}/usage`. Only the tenant's collections that declare media fields are read.
 */
export const entriesShowingMedia: MediaUsageFinder = async (db, tenantId, media) => {
  const defined = await db
    .select({ id: collections.id, key: collections.key, fields: collections.fields })
    .from(collections)
    .where(eq(collections.tenantId, tenantId))
  const withMedia = defined
    .map((collection) => ({
      ...collection,
      keys: collection.fields.filter((field) => field.type === 'media').map((field) => field.key),
    }))
    .filter((collection) => collection.keys.length > 0)
  if (withMedia.length === 0) return []
  const id = JSON.stringify(media.id)
  const rows = await db
    .select({
      id: collectionEntries.id,
      slug: collectionEntries.slug,
      status: collectionEntries.status,
      collectionId: collectionEntries.collectionId,
    })
    .from(collectionEntries)
    .where(
      and(
        eq(collectionEntries.tenantId, tenantId),
        inArray(
          collectionEntries.collectionId,
          withMedia.map((collection) => collection.id),
        ),
        or(
          ...withMedia.flatMap((collection) =>
            collection.keys.map(
              (key) =>
                sql`(${collectionEntries.collectionId} = ${collection.id} and (${collectionEntries.data} -> ${key} = ${id}::jsonb or ${collectionEntries.data} -> ${key} @> ${`[${id}]`}::jsonb))`,
            ),
          ),
        ),
      ),
    )
  const keyOf = new Map(withMedia.map((collection) => [collection.id, collection.key]))
  return rows.map((row) => ({
    kind: 'collection-entry',
    id: row.id,
    title: row.slug,
    role: 'field',
    status: row.status,
    collectionKey: keyOf.get(row.collectionId),
  }))
}

/**
 * Whether a published collection entry shows a media item: its id (a media field) or its folder (a
 * file's or variant's URL in a rich text) anywhere in the entry's data. For the files of a tenant
 * whose public delivery is off (docs/decisions/media.md).
 */
export const entriesPublishingMedia: PublishedMediaCheck = async (db, tenantId, media) => {
  const [row] = await db
    .select({ id: collectionEntries.id })
    .from(collectionEntries)
    .where(
      and(
        eq(collectionEntries.tenantId, tenantId),
        eq(collectionEntries.status, 'published'),
        or(
          sql`strpos(${collectionEntries.data}::text, ${media.id}) > 0`,
          sql`strpos(${collectionEntries.data}::text, ${media.folder}) > 0`,
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}
