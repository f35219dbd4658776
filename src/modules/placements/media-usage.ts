import { and, eq, or, sql } from 'drizzle-orm'
import { placementExperiences, placements } from '../../db/schema/index.js'
import type { PublishedMediaCheck } from '../media/index.js'

/**
 * Whether an active experience of an active placement shows a media item: its id or its folder (a
 * file's or variant's URL) anywhere in the experience's payload. For the files of a tenant whose
 * public delivery is off (docs/decisions/media.md).
 */
export const experiencesPublishingMedia: PublishedMediaCheck = async (db, tenantId, media) => {
  const [row] = await db
    .select({ id: placementExperiences.id })
    .from(placementExperiences)
    .innerJoin(
      placements,
      and(
        eq(placements.tenantId, placementExperiences.tenantId),
        eq(placements.id, placementExperiences.placementId),
      ),
    )
    .where(
      and(
        eq(placementExperiences.tenantId, tenantId),
        eq(placementExperiences.status, 'active'),
        eq(placements.status, 'active'),
        or(
          sql`strpos(${placementExperiences.payload}::text, ${media.id}) > 0`,
          sql`strpos(${placementExperiences.payload}::text, ${media.folder}) > 0`,
        ),
      ),
    )
    .limit(1)
  return row !== undefined
}
