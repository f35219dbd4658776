import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { placementEvents, placementExperiences, placementStats, placements } from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'

export type PlacementRow = typeof placements.$inferSelect
export type ExperienceRow = typeof placementExperiences.$inferSelect
export type PlacementValues = Omit<PlacementRow, 'tenantId' | 'id' | 'version' | 'createdAt' | 'updatedAt'>
export type ExperienceValues = Omit<
  ExperienceRow,
  'tenantId' | 'placementId' | 'id' | 'createdAt' | 'updatedAt'
>
export type EventRow = typeof placementEvents.$inferInsert
export type StatColumn =
  | 'impressions'
  | 'views'
  | 'clicks'
  | 'conversions'
  | 'closes'
  | 'dismissals'
  | 'submits'
  | 'errors'

export const PLACEMENT_SLUG_KEY = 'placements_tenant_slug_key'

/** Drizzle queries for placements, experiences, events and stats; `tenantId` first and in every WHERE. */
export function createPlacementsRepository(db: Db) {
  const ofTenant = (tenantId: string, id: string) =>
    and(eq(placements.tenantId, tenantId), eq(placements.id, id))
  return {
    async list(
      tenantId: string,
      filter: { status?: string | undefined; category?: string | undefined },
      offset: number,
      limit: number,
    ) {
      const where = and(
        eq(placements.tenantId, tenantId),
        filter.status === undefined ? undefined : eq(placements.status, filter.status),
        filter.category === undefined ? undefined : eq(placements.category, filter.category),
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(placements)
          .where(where)
          .orderBy(asc(placements.name), asc(placements.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(placements).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async find(tenantId: string, id: string) {
      const [row] = await db.select().from(placements).where(ofTenant(tenantId, id))
      return row
    },

    async findBySlug(tenantId: string, slug: string) {
      const [row] = await db
        .select()
        .from(placements)
        .where(and(eq(placements.tenantId, tenantId), eq(placements.slug, slug)))
      return row
    },

    async findBySlugs(tenantId: string, slugs: string[]) {
      return db
        .select()
        .from(placements)
        .where(and(eq(placements.tenantId, tenantId), inArray(placements.slug, slugs)))
    },

    async experiences(tenantId: string, placementIds: string[]): Promise<ExperienceRow[]> {
      if (placementIds.length === 0) return []
      return db
        .select()
        .from(placementExperiences)
        .where(
          and(
            eq(placementExperiences.tenantId, tenantId),
            inArray(placementExperiences.placementId, placementIds),
          ),
        )
        .orderBy(asc(placementExperiences.createdAt), asc(placementExperiences.id))
    },

    /** The tenant's placement slugs, for the slug allocator (lib/slug.ts). */
    slugs(tenantId: string) {
      return slugLookup(db, placements, placements.slug, eq(placements.tenantId, tenantId))
    },

    async insert(tenantId: string, id: string, values: PlacementValues) {
      const [row] = await db
        .insert(placements)
        .values({ ...values, tenantId, id })
        .returning()
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row')
      return row
    },

    /** Applies `values` and bumps the version (any change may change who sees what). */
    async update(tenantId: string, id: string, values: Partial<PlacementValues>) {
      const [row] = await db
        .update(placements)
        .set({ ...values, version: sql`${placements.version} + 1`, updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string) {
      const [row] = await db.delete(placements).where(ofTenant(tenantId, id)).returning()
      return row
    },

    async insertExperience(tenantId: string, placementId: string, id: string, values: ExperienceValues) {
      const [row] = await db
        .insert(placementExperiences)
        .values({ ...values, tenantId, placementId, id })
        .returning()
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row')
      return row
    },

    async updateExperience(
      tenantId: string,
      placementId: string,
      id: string,
      values: Partial<ExperienceValues>,
    ) {
      const [row] = await db
        .update(placementExperiences)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(placementExperiences.tenantId, tenantId),
            eq(placementExperiences.placementId, placementId),
            eq(placementExperiences.id, id),
          ),
        )
        .returning()
      return row
    },

    async deleteExperience(tenantId: string, placementId: string, id: string) {
      const rows = await db
        .delete(placementExperiences)
        .where(
          and(
            eq(placementExperiences.tenantId, tenantId),
            eq(placementExperiences.placementId, placementId),
            eq(placementExperiences.id, id),
          ),
        )
        .returning({ id: placementExperiences.id })
      return rows.length > 0
    },

    /** Which of `experienceIds` exist, with their placement. */
    async experienceOwners(tenantId: string, experienceIds: string[]): Promise<Map<string, string>> {
      if (experienceIds.length === 0) return new Map()
      const rows = await db
        .select({ id: placementExperiences.id, placementId: placementExperiences.placementId })
        .from(placementExperiences)
        .where(
          and(eq(placementExperiences.tenantId, tenantId), inArray(placementExperiences.id, experienceIds)),
        )
      return new Map(rows.map((row) => [row.id, row.placementId]))
    },

    async insertEvents(rows: EventRow[]): Promise<number> {
      if (rows.length === 0) return 0
      const inserted = await db.insert(placementEvents).values(rows).returning({ id: placementEvents.id })
      return inserted.length
    },

    /** Adds `increments` to one day's counters (creating the row). */
    async addStats(
      tenantId: string,
      key: { placementId: string; experienceId: string; day: string },
      increments: Partial<Record<StatColumn, number>>,
    ) {
      const set = Object.fromEntries(
        Object.entries(increments).map(([column, n]) => [
          column,
          sql`${placementStats[column as StatColumn]} + ${n}`,
        ]),
      )
      await db
        .insert(placementStats)
        .values({ tenantId, ...key, ...increments })
        .onConflictDoUpdate({
          target: [
            placementStats.tenantId,
            placementStats.placementId,
            placementStats.experienceId,
            placementStats.day,
          ],
          set,
        })
    },

    async stats(tenantId: string, placementId: string, from: string, to: string) {
      return db
        .select()
        .from(placementStats)
        .where(
          and(
            eq(placementStats.tenantId, tenantId),
            eq(placementStats.placementId, placementId),
            gte(placementStats.day, from),
            lte(placementStats.day, to),
          ),
        )
        .orderBy(asc(placementStats.experienceId), asc(placementStats.day))
    },
  }
}

export type PlacementsRepository = ReturnType<typeof createPlacementsRepository>
