import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { users } from '../../db/schema/index.js'

/**
 * The caller's own account row. Accounts are global (one person across tenants), so these queries
 * are keyed by the user id alone; tenant-scoped member administration belongs elsewhere.
 */
export function createUsersRepository(db: Db) {
  return {
    async findById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
      return row
    },

    /** Applies a profile change; throws the unique violation `users_email_key` on a taken e-mail. */
    async updateProfile(
      userId: string,
      patch: {
        firstName?: string
        lastName?: string
        language?: string | null
        email?: string
        emailVerifiedAt?: Date | null
      },
    ) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      return row
    },

    async setPassword(userId: string, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, userId))
    },
  }
}
