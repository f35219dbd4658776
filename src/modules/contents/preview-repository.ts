import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { previewTokens } from '../../db/schema/index.js'

export type PreviewTokenRow = typeof previewTokens.$inferSelect

/** Drizzle queries for `preview_tokens` (docs/decisions/preview.md); `tenantId` first in every lookup. */
export function createPreviewTokensRepository(db: Db) {
  return {
    async insert(tenantId: string, row: Omit<typeof previewTokens.$inferInsert, 'tenantId'>): Promise<void> {
      await db.insert(previewTokens).values({ ...row, tenantId })
    },

    /** The token of `tenantId` whose SHA-256 is `tokenHash` and that is still valid at `now`. */
    async findLive(tenantId: string, tokenHash: string, now: Date): Promise<PreviewTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(previewTokens)
        .where(
          and(
            eq(previewTokens.tenantId, tenantId),
            eq(previewTokens.tokenHash, tokenHash),
            gt(previewTokens.expiresAt, now),
          ),
        )
      return row
    },

    /** Removes every tenant's tokens that expired before `before` (a sweep); the number removed. */
    async deleteExpired(before: Date): Promise<number> {
      const removed = await db
        .delete(previewTokens)
        .where(lt(previewTokens.expiresAt, before))
        .returning({ id: previewTokens.id })
      return removed.length
    },
  }
}
