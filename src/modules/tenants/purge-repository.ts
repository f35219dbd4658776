import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.js'
import { tenants } from '../../db/schema/index.js'
import { DELETION_PENDING, PURGING } from './lifecycle-repository.js'

/**
 * Queries of the purge. Each takes the tenant first; `dueForPurge` looks across tenants by nature
 * (the sweep). `table` is always one of Folio's own tables (purge.ts), never client text.
 */
export function createPurgeRepository(db: Db) {
  return {
    /**
     * Turns the tenant `purging` when `deletionId` is its current deletion and `purgeAfter` has
     * passed (also when it is `purging` already: a resumed purge). False when it does not qualify.
     */
    async claim(tenantId: string, deletionId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(tenants)
        .set({ status: PURGING, updatedAt: now })
        .where(
          and(
            eq(tenants.id, tenantId),
            eq(tenants.deletionId, deletionId),
            inArray(tenants.status, [DELETION_PENDING, PURGING]),
            lte(tenants.purgeAfter, now),
          ),
        )
        .returning({ id: tenants.id })
      return rows.length > 0
    },

    /** Whether this deletion of the tenant is still pending (its grace period runs). */
    async pending(tenantId: string, deletionId: string): Promise<boolean> {
      const rows = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(
          and(
            eq(tenants.id, tenantId),
            eq(tenants.deletionId, deletionId),
            eq(tenants.status, DELETION_PENDING),
          ),
        )
      return rows.length > 0
    },

    /** Deletes up to `limit` of the tenant's rows of `table`; returns how many went. */
    async deleteBatch(tenantId: string, table: PgTable, limit: number): Promise<number> {
      const result = (await db.execute(
        sql`delete from ${table} where ctid in (select ctid from ${table} where tenant_id = ${tenantId} limit ${limit}) returning 1`,
      )) as unknown as { rows: unknown[] }
      return result.rows.length
    },

    /** Removes the tenant row itself once its purge is done. */
    async removeTenant(tenantId: string) {
      await db.delete(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.status, PURGING)))
    },

    /** Deletions whose grace period has passed (the purge sweep), at most `limit`. */
    async dueForPurge(now: Date, limit: number) {
      return db
        .select({ id: tenants.id, deletionId: tenants.deletionId })
        .from(tenants)
        .where(and(inArray(tenants.status, [DELETION_PENDING, PURGING]), lte(tenants.purgeAfter, now)))
        .limit(limit)
    },
  }
}
