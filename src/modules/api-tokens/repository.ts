import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiTokens } from '../../db/schema/index.js'

/** Every public column; `token_hash` is deliberately absent so no read can leak it. */
const publicColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  role: apiTokens.role,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
  createdBy: apiTokens.createdBy,
}

export type ApiTokenRow = {
  id: string
  name: string
  role: string
  scopes: string[]
  expiresAt: Date | null
  lastUsedAt: Date | null
  createdAt: Date
  createdBy: string | null
}

export function createApiTokensRepository(db: Db) {
  return {
    async insert(
      tenantId: string,
      values: {
        id: string
        name: string
        tokenHash: string
        role: string
        scopes: string[]
        expiresAt: Date | null
        createdBy: string
      },
    ): Promise<ApiTokenRow> {
      const [row] = await db
        .insert(apiTokens)
        .values({ tenantId, ...values })
        .returning(publicColumns)
      return row as ApiTokenRow
    },

    /** Newest first; the id breaks ties between tokens created in the same instant. */
    list(tenantId: string): Promise<ApiTokenRow[]> {
      return db
        .select(publicColumns)
        .from(apiTokens)
        .where(eq(apiTokens.tenantId, tenantId))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    },

    /** Deletes the token and returns its hash (for cache invalidation), or undefined if none. */
    /** Deletes the token; returns its name, or undefined when there was none. */
    async delete(tenantId: string, id: string): Promise<{ name: string } | undefined> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)))
        .returning({ name: apiTokens.name })
      return row
    },

    async touchLastUsed(tenantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: at })
        .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)))
    },
  }
}
