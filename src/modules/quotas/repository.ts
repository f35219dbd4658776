import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiUsage } from '../../db/schema/index.js'

/** One hour's count for a tenant, as folded from memory. */
export interface HourCount {
  tenantId: string
  /** Start of the UTC hour (epoch ms). */
  hour: number
  requests: number
}

/** Reads and folds `api_usage` (hourly request counts per tenant). */
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
          (c) => sql`(${c.tenantId}, ${new Date(c.hour).toISOString()}::timestamptz, ${c.requests}::bigint)`,
        ),
        sql`, `,
      )
      await db.execute(sql`
        insert into api_usage (tenant_id, hour, requests)
        select v.tenant_id, v.hour, v.requests
        from (values ${rows}) as v(tenant_id, hour, requests)
        join tenants t on t.id = v.tenant_id
        on conflict (tenant_id, hour) do update set requests = api_usage.requests + excluded.requests`)
    },

    /** Requests counted since `from` per tenant, for the tenants given (absent: none counted). */
    async totalsSince(tenantIds: readonly string[], from: Date): Promise<Map<string, number>> {
      if (tenantIds.length === 0) return new Map()
      const rows = await db
        .select({ tenantId: apiUsage.tenantId, total: sql<string>`sum(${apiUsage.requests})` })
        .from(apiUsage)
        .where(and(inArray(apiUsage.tenantId, [...tenantIds]), gte(apiUsage.hour, from)))
        .groupBy(apiUsage.tenantId)
      return new Map(rows.map((row) => [row.tenantId, Number(row.total)]))
    },

    /** One tenant's request totals since each of `windows`' starts (one scan from the earliest). */
    async windowTotals<K extends string>(
      tenantId: string,
      windows: Record<K, Date>,
    ): Promise<Record<K, number>> {
      const keys = Object.keys(windows) as K[]
      const earliest = new Date(Math.min(...keys.map((key) => windows[key].getTime())))
      const columns = Object.fromEntries(
        keys.map((key) => [
          key,
          sql<string>`coalesce(sum(${apiUsage.requests}) filter (where ${apiUsage.hour} >= ${windows[key].toISOString()}::timestamptz), 0)`,
        ]),
      ) as Record<string, SQL<string>>
      const [row] = (await db
        .select(columns)
        .from(apiUsage)
        .where(and(eq(apiUsage.tenantId, tenantId), gte(apiUsage.hour, earliest)))) as Record<
        string,
        string
      >[]
      return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>
    },
  }
}

export type UsageRepository = ReturnType<typeof createUsageRepository>
