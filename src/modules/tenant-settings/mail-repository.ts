import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { memberships, tenantMailCounts, users } from '../../db/schema/index.js'

/** The counters of `tenant_mail_counts`. */
export type MailCounterName = 'month' | 'platform-day'

/**
 * Queries of the tenant mailer (tenant-mail.ts): the shared mail counters, and who of a tenant has
 * proved an address. `tenantId` first and in every WHERE.
 */
export function createMailRepository(db: Db) {
  const counted = (tenantId: string, counter: MailCounterName, period: string) =>
    and(
      eq(tenantMailCounts.tenantId, tenantId),
      eq(tenantMailCounts.counter, counter),
      eq(tenantMailCounts.period, period),
    )

  return {
    /**
     * Counts one mail in the period unless `limit` were counted already, in one statement (a
     * conditional upsert: concurrent sends on any instance never pass the limit). Returns the new
     * count, or undefined when the limit was reached (nothing counted).
     */
    async reserve(
      tenantId: string,
      counter: MailCounterName,
      period: string,
      limit: number | null,
    ): Promise<number | undefined> {
      if (limit !== null && limit <= 0) return undefined
      const [row] = await db
        .insert(tenantMailCounts)
        .values({ tenantId, counter, period, count: 1 })
        .onConflictDoUpdate({
          target: [tenantMailCounts.tenantId, tenantMailCounts.counter, tenantMailCounts.period],
          set: { count: sql`${tenantMailCounts.count} + 1` },
          ...(limit === null ? {} : { setWhere: sql`${tenantMailCounts.count} < ${limit}` }),
        })
        .returning({ count: tenantMailCounts.count })
      return row?.count
    },

    /** Takes back one mail counted in the period (a send that failed). */
    async release(tenantId: string, counter: MailCounterName, period: string): Promise<void> {
      await db
        .update(tenantMailCounts)
        .set({ count: sql`greatest(${tenantMailCounts.count} - 1, 0)` })
        .where(counted(tenantId, counter, period))
    },

    /** Mails counted in the period. */
    async usage(tenantId: string, counter: MailCounterName, period: string): Promise<number> {
      const [row] = await db
        .select({ count: tenantMailCounts.count })
        .from(tenantMailCounts)
        .where(counted(tenantId, counter, period))
      return row?.count ?? 0
    },

    /** Whether an active owner of the tenant, with an active account, has verified their address. */
    async hasVerifiedOwner(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.role, 'owner'),
            eq(memberships.status, 'active'),
            eq(users.status, 'active'),
            isNotNull(users.emailVerifiedAt),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /**
     * The addresses among `emails` (lower-cased) of the tenant's active members with an active
     * account and a verified address, lower-cased.
     */
    async verifiedMemberAddresses(tenantId: string, emails: readonly string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set()
      const rows = await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.status, 'active'),
            eq(users.status, 'active'),
            isNotNull(users.emailVerifiedAt),
            inArray(sql`lower(${users.email})`, [...emails]),
          ),
        )
      return new Set(rows.map((row) => row.email))
    },
  }
}

/** The daily job removing mail counts of periods past (a month counter lives two months). */
export const MAIL_COUNTS_PRUNE_JOB = 'tenant-settings.mail-counts-prune'

/** Removes every tenant's mail counts of periods before `before` (`YYYY-MM-DD`); returns how many. */
export async function pruneMailCounts(db: Db, before: string): Promise<number> {
  const rows = await db
    .delete(tenantMailCounts)
    .where(lt(tenantMailCounts.period, before))
    .returning({ tenantId: tenantMailCounts.tenantId })
  return rows.length
}
