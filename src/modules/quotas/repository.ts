import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiUsage } from '../../db/schema/index.js'
import type { Budget } from './periods.js'

/** One hour's count for a tenant's budget, as folded from memory. */
export interface HourCount {
  tenantId: string
  budget: Budget
  /** Start of the UTC hour (epoch ms). */
  hour: number
  requests: number
}

/** Requests per budget; a budget absent has no count stored. */
export type BudgetTotals = Partial<Record<Budget, number>>

/** Reads and folds `api_usage` (hourly request counts per tenant and budget). */
export function createUsageRepository(db: Db) {
  return {
    /**
     * Adds `counts` to their hourly buckets in one statement. Counts of tenants that no longer
     * exist (purged since the request) are dropped rather than failing the batch.
     */
    async add(counts: readonly HourCount[]): Promise<void> {
      if (counts.length === 0) return
      const rows = sql.join(
        counts.map(
          (c) =>
            sql`(${c.tenantId}, ${c.budget}, ${new Date(c.hour).toISOString()}::timestamptz, ${c.requests}::bigint)`,
        ),
        sql`, `,
      )
      await db.execute(sql`
        insert into api_usage (tenant_id, budget, hour, requests)
        select v.tenant_id, v.budget, v.hour, v.requests
        from (values ${rows}) as v(tenant_id, budget, hour, requests)
        join tenants t on t.id = v.tenant_id
        on conflict (tenant_id, hour, budget) do update set requests = api_usage.requests + excluded.requests`)
    },

    /** Requests counted since `from` per tenant and budget, for the tenants given (absent: none counted). */
    async totalsSince(tenantIds: readonly string[], from: Date): Promise<Map<string, BudgetTotals>> {
      if (tenantIds.length === 0) return new Map()
      const rows = await db
        .select({
          tenantId: apiUsage.tenantId,
          budget: apiUsage.budget,
          total: sql<string>`sum(${apiUsage.requests})`,
        })
        .from(apiUsage)
        .where(and(inArray(apiUsage.tenantId, [...tenantIds]), gte(apiUsage.hour, from)))
        .groupBy(apiUsage.tenantId, apiUsage.budget)
      const totals = new Map<string, BudgetTotals>()
      for (const row of rows) {
        const tenant = totals.get(row.tenantId) ?? {}
        tenant[row.budget] = Number(row.total)
        totals.set(row.tenantId, tenant)
      }
      return totals
    },

    /**
     * One tenant's request totals per budget since each of `windows`' starts (one scan from the
     * earliest); a budget with no count answers zeros.
     */
    async windowTotals<K extends string>(
      tenantId: string,
      windows: Record<K, Date>,
    ): Promise<Record<Budget, Record<K, number>>> {
      const keys = Object.keys(windows) as K[]
      const earliest = new Date(Math.min(...keys.map((key) => windows[key].getTime())))
      const columns = Object.fromEntries(
        keys.map((key) => [
          key,
          sql<string>`coalesce(sum(${apiUsage.requests}) filter (where ${apiUsage.hour} >= ${windows[key].toISOString()}::timestamptz), 0)`,
        ]),
      ) as Record<string, SQL<string>>
      const rows = (await db
        .select({ ...columns, budget: apiUsage.budget })
        .from(apiUsage)
        .where(and(eq(apiUsage.tenantId, tenantId), gte(apiUsage.hour, earliest)))
        .groupBy(apiUsage.budget)) as ({ budget: Budget } & Record<string, string>)[]
      const totalsOf = (budget: Budget) => {
        const row = rows.find((candidate) => candidate.budget === budget)
        return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>
      }
      return { admin: totalsOf('admin'), public: totalsOf('public') }
    },

    /**
     * One tenant's requests per UTC day and budget from `from` on, for the days that counted any:
     * `YYYY-MM-DD` → totals (the caller fills the days without requests).
     */
    async dailyTotals(tenantId: string, from: Date): Promise<Map<string, BudgetTotals>> {
      const day = sql<string>`to_char(${apiUsage.hour} at time zone 'UTC', 'YYYY-MM-DD')`
      const rows = await db
        .select({ day, budget: apiUsage.budget, total: sql<string>`sum(${apiUsage.requests})` })
        .from(apiUsage)
        .where(and(eq(apiUsage.tenantId, tenantId), gte(apiUsage.hour, from)))
        .groupBy(day, apiUsage.budget)
      const days = new Map<string, BudgetTotals>()
      for (const row of rows) {
        const totals = days.get(row.day) ?? {}
        totals[row.budget] = Number(row.total)
        days.set(row.day, totals)
      }
      return days
    },
  }
}

export type UsageRepository = ReturnType<typeof createUsageRepository>
