import { and, asc, count, desc, eq, gte, lt, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { formResponses, formTokenUses } from '../../db/schema/index.js'

export type ResponseRow = typeof formResponses.$inferSelect
export type NewResponseRow = Omit<typeof formResponses.$inferInsert, 'tenantId'>

export interface ResponseFilter {
  status?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

/** Drizzle queries for `form_responses`; `tenantId` first and in every WHERE. */
export function createResponsesRepository(db: Db) {
  const matching = (tenantId: string, formId: string, filter: ResponseFilter) =>
    and(
      eq(formResponses.tenantId, tenantId),
      eq(formResponses.formId, formId),
      filter.status === undefined ? undefined : eq(formResponses.status, filter.status),
      filter.from === undefined ? undefined : gte(formResponses.createdAt, filter.from),
      filter.to === undefined ? undefined : lte(formResponses.createdAt, filter.to),
    )
  const byId = (tenantId: string, formId: string, id: string) =>
    and(eq(formResponses.tenantId, tenantId), eq(formResponses.formId, formId), eq(formResponses.id, id))

  return {
    /** One page of a form's responses, newest first, and the number of all matching. */
    async list(tenantId: string, formId: string, filter: ResponseFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(formResponses)
          .where(matching(tenantId, formId, filter))
          .orderBy(desc(formResponses.createdAt), desc(formResponses.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(formResponses)
          .where(matching(tenantId, formId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /** Matching responses oldest first, `batch` at a time after `offset` (the export's pages). */
    page(tenantId: string, formId: string, filter: ResponseFilter, offset: number, batch: number) {
      return db
        .select()
        .from(formResponses)
        .where(matching(tenantId, formId, filter))
        .orderBy(asc(formResponses.createdAt), asc(formResponses.id))
        .limit(batch)
        .offset(offset)
    },

    async find(tenantId: string, formId: string, id: string): Promise<ResponseRow | undefined> {
      const [row] = await db
        .select()
        .from(formResponses)
        .where(byId(tenantId, formId, id))
      return row
    },

    /** Whether a response with this fingerprint was stored for the form since `since`. */
    async seenSince(tenantId: string, formId: string, fingerprint: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: formResponses.id })
        .from(formResponses)
        .where(
          and(
            eq(formResponses.tenantId, tenantId),
            eq(formResponses.formId, formId),
            eq(formResponses.fingerprint, fingerprint),
            gte(formResponses.createdAt, since),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /**
     * Records a form token's use: true the first time, false when a submission already used it
     * (the primary key decides, so two submissions racing with one token cannot both claim it).
     */
    async claimToken(tenantId: string, tokenId: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .insert(formTokenUses)
        .values({ tenantId, tokenId, expiresAt })
        .onConflictDoNothing()
        .returning({ tokenId: formTokenUses.tokenId })
      return rows.length > 0
    },

    async insert(tenantId: string, values: NewResponseRow): Promise<ResponseRow> {
      const [row] = await db
        .insert(formResponses)
        .values({ ...values, tenantId })
        .returning()
      return row!
    },

    async setStatus(
      tenantId: string,
      formId: string,
      id: string,
      status: string,
    ): Promise<ResponseRow | undefined> {
      const [row] = await db
        .update(formResponses)
        .set({ status, flaggedAsSpam: status === 'spam', updatedAt: new Date() })
        .where(byId(tenantId, formId, id))
        .returning()
      return row
    },

    async delete(tenantId: string, formId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(formResponses)
        .where(byId(tenantId, formId, id))
        .returning({ id: formResponses.id })
      return rows.length > 0
    },
  }
}

/** The daily job removing the claims of expired form tokens (an expired token is refused anyway). */
export const TOKEN_USES_PRUNE_JOB = 'forms.token-uses-prune'

/** Removes the claims of tokens expired before `now`, across tenants; returns how many. */
export async function pruneTokenUses(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(formTokenUses)
    .where(lt(formTokenUses.expiresAt, now))
    .returning({ tokenId: formTokenUses.tokenId })
  return rows.length
}
