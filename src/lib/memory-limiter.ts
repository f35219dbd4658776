import { type IRateLimiterOptions, RateLimiterMemory } from 'rate-limiter-flexible'

/**
 * Keys one in-memory throttle holds at most (each a counter with its timer, a few hundred bytes):
 * past it the oldest windows are forgotten first.
 */
export const MAX_THROTTLE_KEYS = 50_000

/** What the limiter keeps its counters in (rate-limiter-flexible's MemoryStorage). */
interface MemoryStorage {
  _storage: Map<string, unknown>
  set(key: string, value: number, durationSec: number): unknown
  delete(key: string): boolean
}

/**
 * rate-limiter-flexible's in-memory limiter holding at most `maxKeys` keys: the library removes a
 * key when its window ends, but nothing bounds how many windows are open at once, so a flood of
 * client addresses (or account names) would grow the process without limit. Past `maxKeys` the key
 * whose window opened first is forgotten (its count starts over), which frees the oldest counters,
 * those closest to expiring anyway. Used wherever a throttle counts in memory (without Redis, and
 * as Redis's insurance limiter). It reaches into the limiter's storage (`_memoryStorage`, a Map in
 * insertion order whose `set` opens a window): `memory-limiter.test.ts` pins that behaviour.
 */
export class BoundedMemoryLimiter extends RateLimiterMemory {
  readonly #storage: MemoryStorage

  constructor(options: IRateLimiterOptions, maxKeys = MAX_THROTTLE_KEYS) {
    super(options)
    const storage = (this as unknown as { _memoryStorage: MemoryStorage })._memoryStorage
    const open = storage.set.bind(storage)
    storage.set = (key, value, durationSec) => {
      const opened = open(key, value, durationSec)
      for (const oldest of storage._storage.keys()) {
        if (storage._storage.size <= maxKeys) break
        storage.delete(oldest)
      }
      return opened
    }
    this.#storage = storage
  }

  /** Keys held now. */
  get size(): number {
    return this.#storage._storage.size
  }
}
