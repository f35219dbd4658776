import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { errors } from '../../http/errors.js'
import type { SharedStore } from '../../store/shared-store.js'

/**
 * A short-window counter keyed by something the server decided (a user id, a hash of a normalised
 * e-mail, the client IP), never by raw client-chosen text (security-checklist.md: Strapi
 * CVE-2025-64526). Shared through Redis when configured so every instance sees the same counts.
 */
export interface Throttle {
  /** Counts one attempt for `key`; throws 429 `RateLimitExceeded` (with Retry-After) past the limit. */
  consume(key: string): Promise<void>
  /** Gives back one attempt (a login that turned out to be legitimate). */
  reward(key: string): Promise<void>
  /** Forgets every attempt of `key` (a successful login clears its account's failures). */
  reset(key: string): Promise<void>
}

/** Where a request came from (`request.ip`: the socket address unless a trusted proxy says otherwise). */
export interface ClientInfo {
  ip: string
}

const FIFTEEN_MINUTES = 15 * 60

/**
 * The auth family's throttles (decisions.md "Login throttling"; prior-art.md §2.7, §12.5, here with
 * a 15-minute window): login failures per account (5) and per client IP (20), registration (20) and
 * verification re-sends (5) per IP.
 */
export function createAuthThrottles(store: SharedStore) {
  return {
    loginAccount: createThrottle(store, 'login-account', 5, FIFTEEN_MINUTES),
    loginIp: createThrottle(store, 'login-ip', 20, FIFTEEN_MINUTES),
    registerIp: createThrottle(store, 'register-ip', 20, FIFTEEN_MINUTES),
    resendIp: createThrottle(store, 'resend-ip', 5, FIFTEEN_MINUTES),
  }
}

export type AuthThrottles = ReturnType<typeof createAuthThrottles>

/** `points` attempts per `durationSeconds` per key. */
export function createThrottle(
  store: SharedStore,
  name: string,
  points: number,
  durationSeconds: number,
): Throttle {
  const options = { keyPrefix: `${store.prefix}throttle:${name}`, points, duration: durationSeconds }
  const limiter =
    store.redis === undefined
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({
          ...options,
          storeClient: store.redis,
          // A Redis outage degrades to per-instance counting instead of refusing every login.
          insuranceLimiter: new RateLimiterMemory(options),
        })

  return {
    async consume(key) {
      try {
        await limiter.consume(key)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        throw errors.rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)))
      }
    },
    async reward(key) {
      await limiter.reward(key)
    },
    async reset(key) {
      await limiter.delete(key)
    },
  }
}
