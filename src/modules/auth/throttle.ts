import ipaddr from 'ipaddr.js'
import { RateLimiterRes } from 'rate-limiter-flexible'
import { errors } from '../../errors.js'
import type { PlainErrorKey } from '../../i18n/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { createRateLimiter } from '../../store/rate-limiter.js'
import type { SharedStore } from '../../store/shared-store.js'
import type { AuthThrottleLimits } from './declarations.js'

/** Where a request came from (`request.ip`: the socket address unless a trusted proxy says otherwise). */
export interface ClientInfo {
  ip: string
}

/**
 * The auth family's short-window throttles (docs/decisions/auth.md "Login throttling"; values from
 * config, `AUTH_*` variables, one window for all; `AUTH_THROTTLES=off` consults none of them).
 *
 * Login follows the OWASP Authentication Cheat Sheet ("Account Lockout": lockout lets anyone deny
 * service to a victim) without locking accounts. Failures count in three places:
 * - per client network (`loginIp`: an IPv4 address or an IPv6 /64): refuses before the password is
 *   checked. Only that network's own failures fill it; it stops password spraying across accounts.
 * - per account and network (`loginAccountIp`): refuses before the check, for that pair only, so a
 *   guesser is stopped on one account while its owner, elsewhere, logs in as usual.
 * - per account from everywhere (`loginAccount`, a much higher ceiling): never refuses by itself, so
 *   a correct password is never refused because someone else failed. Past it the account is under
 *   distributed attack, and each further failure uses up its network's whole `loginAccountIp`
 *   allowance: every guessing address gets one guess per window instead of several.
 * A success resets its pair and gives its attempt back to the network; the account count stays,
 * since the owner logging in does not end an attack.
 *
 * Current-password checks of a signed-in user (password or e-mail change) count per account in a
 * counter of their own (`currentPassword`), so they neither feed nor suffer the login counters.
 *
 * Keys are decided by the server (a user id or a hash of the normalised e-mail, the client
 * address), never raw client text (Strapi CVE-2025-64526). Counts live in Redis when configured, so
 * every instance sees the same numbers.
 */
export function createAuthThrottles(store: SharedStore, limits: AuthThrottleLimits | false) {
  if (limits === false) {
    return {
      checkLogin: (_account: string, _client: ClientInfo, verify: () => Promise<boolean>) => verify(),
      checkCurrentPassword: (_userId: string, verify: () => Promise<boolean>) => verify(),
      async register(_client: ClientInfo) {},
      async resend(_client: ClientInfo) {},
      async forgot(_email: string, _client: ClientInfo) {},
      checkReset: (_client: ClientInfo, reset: () => Promise<boolean>) => reset(),
    }
  }
  const window = limits.windowSeconds
  const loginIp = createCounter(store, 'login-ip', limits.loginIp, window)
  const loginAccountIp = createCounter(store, 'login-account-ip', limits.loginAccountIp, window)
  const loginAccount = createCounter(store, 'login-account', limits.loginAccount, window)
  const currentPassword = createCounter(store, 'current-password', limits.currentPassword, window)
  const registerIp = createCounter(store, 'register-ip', limits.registerIp, window)
  const resendIp = createCounter(store, 'resend-ip', limits.resendIp, window)
  const forgotIp = createCounter(store, 'forgot-ip', limits.forgotIp, window)
  const forgotAccount = createCounter(store, 'forgot-account', limits.forgotAccount, window)
  const resetIp = createCounter(store, 'reset-ip', limits.resetIp, window)

  return {
    /**
     * Runs `verify` (the password check) under the login throttles and returns its answer.
     * `account`: the user id, or `email:<sha256 of the normalised e-mail>` for an unknown address.
     * Throws 429 `RateLimitExceeded` before verifying when the client's network or its pair with the
     * account has used its allowance.
     */
    async checkLogin(account: string, client: ClientInfo, verify: () => Promise<boolean>) {
      const network = networkOf(client.ip)
      const pair = `${account}@${network}`
      await loginIp.consume(network, 'auth.tooManyLoginsFromNetwork')
      await loginAccountIp.consume(pair, 'auth.tooManyLoginsForAccount')
      if (await verify()) {
        await Promise.all([loginIp.reward(network), loginAccountIp.reset(pair)])
        return true
      }
      if ((await loginAccount.penalty(account)) > limits.loginAccount) {
        await loginAccountIp.penalty(pair, limits.loginAccountIp)
      }
      return false
    },

    /** Runs `verify` (a signed-in user's current password) under that user's own counter. */
    async checkCurrentPassword(userId: string, verify: () => Promise<boolean>) {
      await currentPassword.consume(userId, 'auth.tooManyWrongPasswords')
      const matches = await verify()
      if (matches) await currentPassword.reset(userId)
      return matches
    },

    /** Counts one registration from the client's network; 429 past the limit. */
    register(client: ClientInfo) {
      return registerIp.consume(networkOf(client.ip), 'auth.tooManyRegistrations')
    },

    /** Counts one verification re-send request from the client's network; 429 past the limit. */
    resend(client: ClientInfo) {
      return resendIp.consume(networkOf(client.ip), 'auth.tooManyVerifications')
    },

    /**
     * Counts one password-reset request from the client's network and one for the address
     * (`email`: normalised; keyed by its SHA-256, known account or not, so the answer never differs
     * between them); 429 past either limit.
     */
    async forgot(email: string, client: ClientInfo) {
      await forgotIp.consume(networkOf(client.ip), 'auth.tooManyResetsFromNetwork')
      await forgotAccount.consume(`email:${sha256Hex(email)}`, 'auth.tooManyResetsForAddress')
    },

    /**
     * Runs `reset` (spending a reset token) under the client network's counter of failed resets:
     * refuses with 429 before trying once the network has failed too often; a success gives its
     * attempt back.
     */
    async checkReset(client: ClientInfo, reset: () => Promise<boolean>) {
      const network = networkOf(client.ip)
      await resetIp.consume(network, 'auth.tooManyInvalidResets')
      const done = await reset()
      if (done) await resetIp.reward(network)
      return done
    },
  }
}

export type AuthThrottles = ReturnType<typeof createAuthThrottles>

/**
 * The key of a client address: an IPv4 address as is (IPv4-mapped IPv6 too), an IPv6 address by
 * its /64, the block one subscriber usually holds, so rotating addresses within it changes nothing.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip
  const address = ipaddr.process(ip)
  if (address.kind() === 'ipv4') return address.toString()
  const groups = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16))
  return `${groups.join(':')}::/64`
}

interface Counter {
  /** Counts one attempt for `key`; past the limit throws 429 saying what was limited and when it clears. */
  consume(key: string, what: PlainErrorKey): Promise<void>
  /** Adds `points` without refusing; returns the key's count in the window. */
  penalty(key: string, points?: number): Promise<number>
  /** Gives one attempt back. */
  reward(key: string): Promise<void>
  /** Forgets every attempt of `key`. */
  reset(key: string): Promise<void>
}

/** `points` per `durationSeconds` per key, in Redis when the store has it. */
function createCounter(store: SharedStore, name: string, points: number, durationSeconds: number): Counter {
  // A Redis outage degrades to per-instance counting instead of refusing every login.
  const limiter = createRateLimiter(store, {
    keyPrefix: `${store.prefix}throttle:${name}`,
    points,
    duration: durationSeconds,
  })

  return {
    async consume(key, what) {
      try {
        await limiter.consume(key)
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection
        throw errors.rateLimited(what, rejection.msBeforeNext / 1000)
      }
    },
    async penalty(key, amount = 1) {
      return (await limiter.penalty(key, amount)).consumedPoints
    },
    async reward(key) {
      await limiter.reward(key)
    },
    async reset(key) {
      await limiter.delete(key)
    },
  }
}
