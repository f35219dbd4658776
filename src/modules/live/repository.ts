import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { contents, users } from '../../db/schema/index.js'

/** The reads of presence (tables.ts says why each is another family's table). */
export function createLiveRepository(db: Db) {
  return {
    /** Whether `id` is a content of `tenantId` (any status). */
    async contentExists(tenantId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
      return row !== undefined
    },

    /** A user's name as others see it ("First Last"), '' when unknown. */
    async userName(userId: string): Promise<string> {
      const [row] = await db
        .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(eq(users.id, userId))
      return row?.name ?? ''
    },
  }
}

export type LiveRepository = ReturnType<typeof createLiveRepository>
