import { type RateLimiterAbstract, RateLimiterRedis } from 'rate-limiter-flexible'
import { BoundedMemoryLimiter } from '../lib/memory-limiter.js'
import type { SharedStore } from './shared-store.js'

/**
 * A rate-limiter-flexible limiter of `points` per `duration` seconds per key, under `keyPrefix`:
 * in Redis when the store has it, so every instance counts together, else in this process (a
 * `BoundedMemoryLimiter`: a flood of keys cannot grow it without limit). While
 * Redis cannot be reached each call is decided at once by an in-process limiter of the same
 * numbers (`rejectIfRedisNotReady` hands it over without sending anything), so a throttle never
 * waits for Redis and never refuses because of it; its counts stay on the instance
 * (docs/decisions/configuration.md "Redis outages").
 */
export function createRateLimiter(
  store: Pick<SharedStore, 'redis'>,
  options: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  if (store.redis === undefined) return new BoundedMemoryLimiter(options)
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new BoundedMemoryLimiter(options),
  })
}
