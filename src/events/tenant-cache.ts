import { LRUCache } from 'lru-cache'
import { createGenerations } from '../lib/generations.js'
import { entriesBound } from '../lib/lru.js'
import type { EventBus } from './bus.js'

export interface TenantCacheOptions<V> {
  /** Event type prefixes after which a tenant's entries are read again (`'settings.'`, `'role.'`). */
  dropOn: readonly string[]
  /** Event type prefixes after which every tenant's entries are read again (platform-wide changes). */
  clearOn?: readonly string[]
  /** Longest life of an entry (ms): bounds how long a broadcast delayed by an outage leaves one stale. */
  ttlMs: number
  /** Most entries kept (least recently used go first), unless `sizeOf` sizes them. */
  max?: number
  /** Size of an entry (for example the ids it holds); with it, `max` bounds the total size. */
  sizeOf?: (value: V) => number
}

/**
 * The one way Folio caches per-tenant reads on the request path (docs/architecture.md "Caches"):
 * an in-process LRU whose entries are dropped when a domain event of the tenant commits, heard on
 * every instance through the event bus (docs/decisions/jobs-and-events.md). Each change moves the
 * tenant's generation on; entries are keyed by it, so an older one is never read again, and a load
 * that raced a change is not kept. Within a tenant, entries are keyed freely (`''` for the one value
 * of a tenant). An `undefined` load (nothing found) is not cached, so a record made a moment ago is
 * found at once.
 */
export function createTenantCache<V extends {}>(
  bus: Pick<EventBus, 'on' | 'onResync'>,
  options: TenantCacheOptions<V>,
) {
  const max = options.max ?? 10_000
  // Bounded by size, each entry counting 1 unless sized, so nothing is allocated for `max` entries
  // up front (lib/lru.ts).
  const sizeOf = options.sizeOf
  const cache = new LRUCache<string, V>({
    ...(sizeOf === undefined
      ? entriesBound(max)
      : { maxSize: max, sizeCalculation: (value: V) => sizeOf(value) + 1 }),
    ttl: options.ttlMs,
  })
  // As many tenants as the cache holds entries: a tenant past that has no entry left to reach.
  const generations = createGenerations(max)
  let epoch = 0
  for (const prefix of options.dropOn) {
    bus.on(prefix, ({ tenantId }) => {
      if (tenantId !== null) generations.bump(tenantId)
    })
  }
  const clear = () => {
    epoch += 1
    cache.clear()
  }
  for (const prefix of options.clearOn ?? []) bus.on(prefix, clear)
  bus.onResync(clear)
  const keyOf = (tenantId: string, key: string) => `${epoch}:${tenantId}:${generations.get(tenantId)}:${key}`

  return {
    /** The cached value, without loading: for a hot path that must not wait on a promise. */
    peek(tenantId: string, key = ''): V | undefined {
      return cache.get(keyOf(tenantId, key))
    },

    /** The cached value, or `load()`'s answer, kept unless a change committed while it loaded. */
    async get<L extends V | undefined>(
      tenantId: string,
      key: string,
      load: () => Promise<L>,
    ): Promise<L | V> {
      const slot = keyOf(tenantId, key)
      const cached = cache.get(slot)
      if (cached !== undefined) return cached
      const value = await load()
      if (value !== undefined && keyOf(tenantId, key) === slot) cache.set(slot, value)
      return value
    },
  }
}

export type TenantCache<V extends {}> = ReturnType<typeof createTenantCache<V>>
