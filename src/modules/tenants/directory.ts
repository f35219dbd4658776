import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { tenants } from '../../db/schema/index.js'
import type { EventBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'

/** What the request path needs of a tenant: identity, plan and whether it is live. */
export interface TenantEntry {
  id: string
  name: string
  slug: string
  plan: string
  /** `active`, `suspended`, … ; `live` is the one to test. */
  status: string
  /** Active and not deleted: public routes serve it, others answer 404. */
  live: boolean
}

const CACHE_TTL_MS = 30_000
const MAX_CACHED_TENANTS = 10_000

/**
 * Tenants by id for the request path (quota limits, public routes): cached for 30 seconds and
 * dropped on every instance when a `tenant.*` event commits (plan change, suspension, deletion).
 * Unknown ids are not cached, so a tenant created a moment ago is found at once.
 */
export function createTenantDirectory(deps: { db: Db; bus: EventBus }) {
  const { db, bus } = deps
  const cache = createTenantCache<TenantEntry>(bus, {
    dropOn: ['tenant.'],
    ttlMs: CACHE_TTL_MS,
    max: MAX_CACHED_TENANTS,
  })

  return {
    /** The tenant, or undefined when no tenant has this id. */
    get(tenantId: string): Promise<TenantEntry | undefined> {
      return cache.get(tenantId, '', async () => {
        const [row] = await db
          .select({
            id: tenants.id,
            name: tenants.name,
            slug: tenants.slug,
            plan: tenants.plan,
            status: tenants.status,
            deletedAt: tenants.deletedAt,
          })
          .from(tenants)
          .where(eq(tenants.id, tenantId))
        if (row === undefined) return undefined
        const { deletedAt, ...rest } = row
        const entry: TenantEntry = { ...rest, live: row.status === 'active' && deletedAt === null }
        return entry
      })
    },
  }
}

export type TenantDirectory = ReturnType<typeof createTenantDirectory>
