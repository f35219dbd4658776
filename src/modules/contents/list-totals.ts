import { LRUCache } from 'lru-cache'
import type { SharedStore } from '../../store/shared-store.js'

/** The shared-store key prefix `changed(tenantId)` broadcasts; other per-tenant read caches hear it too. */
export const CONTENTS_CHANGED = 'contents-changed:'

/**
 * `pagination.total` of content lists, cached per tenant and filter. Counting every matching row
 * costs more than fetching the page itself, and delivery traffic asks the same lists over and
 * over. Every write that can change a list (contents, category links and names) calls
 * `changed(tenantId)`, which every instance hears through the shared store, so totals are fresh
 * after this deployment's writes; `ttlMs` bounds how long a write made outside it (for example a
 * command-line import on a database without Redis) can go unseen.
 */
export function createListTotals(store: SharedStore, ttlMs = 10_000) {
  const totals = new LRUCache<string, number>({ max: 20_000, ttl: ttlMs })
  // A tenant's generation moves on each change; totals are keyed by it, so older ones are never read again.
  const generations = new Map<string, number>()
  store.onInvalidate((key) => {
    if (!key.startsWith(CONTENTS_CHANGED)) return
    const tenantId = key.slice(CONTENTS_CHANGED.length)
    generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1)
  })

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

    /** Call after a committed write that may change which contents a list holds. */
    changed(tenantId: string): Promise<void> {
      return store.invalidate(`${CONTENTS_CHANGED}${tenantId}`)
    },
  }
}

export type ListTotals = ReturnType<typeof createListTotals>
