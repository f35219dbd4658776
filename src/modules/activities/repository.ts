import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { activities, users } from '../../db/schema/index.js'

export type ActivityRow = typeof activities.$inferSelect
export type NewActivityRow = typeof activities.$inferInsert

export interface ActivityFilter {
  action?: string | undefined
  userId?: string | undefined
}

/** Drizzle queries for `activities`; `tenantId` first and in every WHERE. */
export function createActivitiesRepository(db: Db) {
  const matching = (tenantId: string, filter: ActivityFilter) =>
    and(
      eq(activities.tenantId, tenantId),
      filter.action === undefined ? undefined : eq(activities.action, filter.action),
      filter.userId === undefined ? undefined : eq(activities.userId, filter.userId),
    )

  return {
    /** Newest first. */
    async list(tenantId: string, filter: ActivityFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(activities)
          .where(matching(tenantId, filter))
          .orderBy(desc(activities.createdAt), desc(activities.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(activities).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** Inserts rows whose event id is new; a replayed event adds nothing. */
    async insertMany(rows: NewActivityRow[]): Promise<void> {
      if (rows.length === 0) return
      await db.insert(activities).values(rows).onConflictDoNothing()
    },

    /** Deletes activities older than `before` in every tenant; returns how many. */
    async deleteOlderThan(before: Date): Promise<number> {
      const deleted = await db
        .delete(activities)
        .where(lt(activities.createdAt, before))
        .returning({ id: activities.id })
      return deleted.length
    },

    async usersByIds(ids: string[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    },
  }
}
