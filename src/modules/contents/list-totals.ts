import { LRUCache } from 'lru-cache'
import type { EventBus } from '../../events/bus.js'

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
  const totals = new LRUCache<string, number>({ max: 20_000, ttl: ttlMs })
  // A tenant's generation moves on each change; totals are keyed by it, so older ones are never read again.
  const generations = new Map<string, number>()
  for (const prefix of CONTENTS_CHANGING_EVENTS) {
    bus.on(prefix, ({ tenantId }) => generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1))
  }

  return {
    /** The cached total for `filterKey`, or `count()`'s answer, kept unless a change raced it. */
    async get(tenantId: string, filterKey: string, count: () => Promise<number>): Promise<number> {
      const generation = generations.get(tenantId) ?? 0
      const key = `${tenantId}:${generation}:${filterKey}`
      const cached = totals.get(key)
      if (cached !== undefined) return cached
      const total = await count()
      if ((generations.get(tenantId) ?? 0) === generation) totals.set(key, total)
      return total
    },
  }
}

export type ListTotals = ReturnType<typeof createListTotals>
