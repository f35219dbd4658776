import type { Redis } from 'ioredis'
import { errors } from '../../errors.js'
import type { Outbound } from '../../lib/outbound.js'
import type { Mailer, MailMessage } from '../../mail/mailer.js'
import { isRedisUnavailable, type SharedStore } from '../../store/shared-store.js'
import type { TenantSettingsReader } from './effective.js'
import { UNREADABLE_PASSWORD } from './service.js'
import { smtpReason, smtpTransport } from './smtp.js'

/** Counters live a little longer than their month, so the last day's count is still there. */
const COUNTER_TTL_SECONDS = 35 * 24 * 60 * 60

/** `YYYY-MM` of `now` in UTC: the month `limits.emailPerMonth` counts in. */
export const monthKey = (now: Date) => now.toISOString().slice(0, 7)

/**
 * Mails sent per tenant per UTC month, in the shared store (Redis `INCR` when `REDIS_URL` is set,
 * so every instance counts together; this process otherwise). A send reserves first and gives the
 * reservation back when it fails, so concurrent sends never pass the limit.
 *
 * While Redis cannot be reached (docs/decisions/configuration.md "Redis outages") the instance
 * counts on from the last value Redis gave it for the month, plus what it counted since, and pushes
 * what it counted to Redis once Redis answers again: a send never waits for Redis or fails because
 * of it, and instances together may pass the limit by what the others sent during the outage.
 */
export function createMailCounter(store: SharedStore) {
  const local = new Map<string, number>()
  /** With Redis: the last value read per key, and what was counted here without Redis. */
  const known = new Map<string, number>()
  const unpushed = new Map<string, number>()
  const keyOf = (tenantId: string, now: Date) => `${store.prefix}mail-count:${tenantId}:${monthKey(now)}`
  const redis = store.redis

  function addHere(counts: Map<string, number>, key: string, by: number): number {
    const value = (counts.get(key) ?? 0) + by
    counts.set(key, value)
    return value
  }

  async function addShared(client: Redis, key: string, by: number): Promise<number> {
    const value = await client.incrby(key, by)
    if (by > 0 && value === by) await client.expire(key, COUNTER_TTL_SECONDS)
    known.set(key, value)
    return value
  }

  async function add(key: string, by: number): Promise<number> {
    if (redis === undefined) return addHere(local, key, by)
    if (store.available()) {
      try {
        return await addShared(redis, key, by)
      } catch (err) {
        if (!isRedisUnavailable(err)) throw err
      }
    }
    if (by !== 0) addHere(unpushed, key, by)
    return (known.get(key) ?? 0) + (unpushed.get(key) ?? 0)
  }

  store.onAvailabilityChange(async (available) => {
    if (!available || redis === undefined) return
    for (const [key, by] of unpushed) {
      unpushed.delete(key)
      await addShared(redis, key, by).catch(() => addHere(unpushed, key, by))
    }
  })

  return {
    /**
     * Counts one mail for the tenant this month. Returns the function that takes it back.
     * @throws LimitExceeded (`emailPerMonth`) when `limit` mails were already counted.
     */
    async reserve(tenantId: string, limit: number | null, now = new Date()): Promise<() => Promise<void>> {
      const key = keyOf(tenantId, now)
      const usage = await add(key, 1)
      if (limit !== null && usage > limit) {
        await add(key, -1)
        throw errors.limitExceeded('emailPerMonth', limit, usage - 1)
      }
      return async () => {
        await add(key, -1)
      }
    },
    /** Mails counted for the tenant in the month of `now`. */
    async usage(tenantId: string, now = new Date()): Promise<number> {
      return add(keyOf(tenantId, now), 0)
    },
  }
}

export type MailCounter = ReturnType<typeof createMailCounter>

export interface TenantMailer {
  /**
   * Sends a tenant's mail (invitations to it, form notifications, tests): through the tenant's SMTP
   * server when `smtp.enabled`, from `fromName <fromEmail>`; else through the platform mailer.
   * Counted against `limits.emailPerMonth`. Returns which way it went.
   *
   * `proofOfAddress`: the mail carries a secret whose use proves control of the address (an
   * invitation that creates an account). It always goes through the platform mailer, so a tenant
   * that points its SMTP settings at its own server never receives it (docs/decisions/accounts.md).
   * @throws LimitExceeded (emailPerMonth), BadRequest when the tenant's server refuses or fails.
   */
  send(
    tenantId: string,
    message: MailMessage,
    options?: { proofOfAddress?: boolean },
  ): Promise<'tenant' | 'platform'>
}

/**
 * The tenant mailer (docs/decisions/jobs-and-events.md "Whose mail server"), on the settings reader
 * (the only way to read settings).
 */
export function createTenantMailer(deps: {
  settings: TenantSettingsReader
  platformMailer: Mailer
  outbound: Pick<Outbound, 'pinnedAddress'>
  counter: MailCounter
}): TenantMailer {
  const { settings, platformMailer, outbound, counter } = deps
  return {
    async send(tenantId, message, options = {}) {
      const current = await settings.get(tenantId)
      const release = await counter.reserve(tenantId, current.limits.emailPerMonth)
      try {
        if (!current.smtp.enabled || options.proofOfAddress === true) {
          await platformMailer.send(message)
          return 'platform'
        }
        const { smtp } = current
        const password = await settings.smtpPassword(tenantId).catch(() => {
          throw errors.badRequest(UNREADABLE_PASSWORD)
        })
        try {
          const transport = await smtpTransport(outbound, smtp, password)
          try {
            await transport.sendMail({
              from: { name: smtp.fromName, address: smtp.fromEmail },
              to: message.to,
              subject: message.subject,
              text: message.text.replace(/\r?\n/g, '\r\n'),
            })
          } finally {
            transport.close()
          }
        } catch (err) {
          throw errors.badRequest(
            `The tenant's SMTP server ${smtp.host} did not take the mail: ${smtpReason(err)}`,
          )
        }
        return 'tenant'
      } catch (err) {
        await release()
        throw err
      }
    },
  }
}
