import { LRUCache } from 'lru-cache'
import { entriesBound } from './lru.js'

/**
 * Generation counters per key (a tenant, a tenant's resource), bounded to `max` keys
 * (docs/decisions/configuration.md "What grows with tenants and clients is bounded"). A cache keys
 * its entries by the generation it read, so a key's generation must never go back: every bump takes
 * the next value of one counter shared by all keys, and a key that was evicted (or never bumped)
 * reads the highest value evicted so far. Reading a higher value than before only costs misses.
 */
export function createGenerations(max = 10_000) {
  let counter = 0
  let floor = 0
  const values = new LRUCache<string, number>({
    ...entriesBound(max),
    dispose: (value, _key, reason) => {
      if (reason === 'evict' && value > floor) floor = value
    },
  })
  return {
    get: (key: string): number => values.get(key) ?? floor,
    bump(key: string): void {
      counter = Math.max(counter, floor) + 1
      values.set(key, counter)
    },
    /** Keys held now (for tests). */
    get size() {
      return values.size
    },
  }
}
