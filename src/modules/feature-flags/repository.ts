import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { featureFlags, users } from '../../db/schema/index.js'

export type FeatureFlagRow = typeof featureFlags.$inferSelect

/** Drizzle queries for the global `feature_flags` catalogue (no tenant: it is the platform's). */
export function createFeatureFlagsRepository(db: Db) {
  return {
    list(): Promise<FeatureFlagRow[]> {
      return db.select().from(featureFlags).orderBy(asc(featureFlags.key))
    },
    /** A user's e-mail and whether it is verified (platform administrators are named by e-mail). */
    async findUserEmail(userId: string) {
      const [user] = await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, userId))
      return user
    },
    /** Inserts unless the key is taken (decided by the unique index; undefined then). */
    async insert(values: typeof featureFlags.$inferInsert): Promise<FeatureFlagRow | undefined> {
      const [row] = await db.insert(featureFlags).values(values).onConflictDoNothing().returning()
      return row
    },
  }
}
