import type { EventBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'

/** Events that can change which contents a list holds: content writes, category and tag names and links. */
export const CONTENTS_CHANGING_EVENTS = ['content.', 'category.', 'tag.']

/**
 * `pagination.total` of content lists, cached per tenant and filter. Counting every matching row
 * costs more than fetching the page itself, and delivery traffic asks the same lists over and
 * over. Every write that can change a list emits a `content.*`, `category.*` or `tag.*` event, which
 * this instance hears on commit and the others through the outbox relay's broadcast, so totals are
 * fresh after this deployment's writes; `ttlMs` bounds how long a broadcast delayed by an outage
 * can leave a total stale.
 */
export function createListTotals(bus: Pick<EventBus, 'on'>, ttlMs = 10_000) {
  const totals = createTenantCache<number>(bus, { dropOn: CONTENTS_CHANGING_EVENTS, ttlMs, max: 20_000 })

  return {
    /** The cached total for `filterKey`, or `count()`'s answer, kept unless a change raced it. */
    get(tenantId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
      return totals.get(tenantId, filterKey, count)
    },
  }
}

export type ListTotals = ReturnType<typeof createListTotals>
