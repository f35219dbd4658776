import type { CacheBus } from './bus.js'
import { createTenantCache } from './tenant-cache.js'

/**
 * `pagination.total` of a family's lists, cached per tenant and filter (docs/architecture.md
 * "Caches"). Counting every matching row costs more than fetching the page itself, and delivery
 * traffic asks the same lists over and over. Every write that can change a list emits an event of
 * one of `dropOn`'s prefixes, which this instance hears on commit and the others through the outbox
 * relay's broadcast, so totals are fresh after this deployment's writes; `ttlMs` bounds how long a
 * broadcast delayed by an outage can leave a total stale.
 *
 * `enabled: false` counts every time. Deployments whose delivery cache lives in Redis pass it: an
 * instance there may answer a read before the broadcast of another instance's write reaches it, and
 * the answer it keeps would carry the old total until the next write (docs/decisions/delivery.md
 * "The delivery cache"); a count on each cache miss keeps that answer exact.
 */
export function createListTotals(
  bus: CacheBus,
  options: { dropOn: readonly string[]; enabled?: boolean; ttlMs?: number },
) {
  const totals = createTenantCache<number>(bus, {
    dropOn: options.dropOn,
    ttlMs: options.ttlMs ?? 10_000,
    max: 20_000,
  })
  const enabled = options.enabled ?? true

  return {
    /** The cached total for `filterKey`, or `count()`'s answer, kept unless a change raced it. */
    get(tenantId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
      return enabled ? totals.get(tenantId, filterKey, count) : count()
    },
  }
}

export type ListTotals = ReturnType<typeof createListTotals>
