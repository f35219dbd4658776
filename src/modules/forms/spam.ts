import { createHmac } from 'node:crypto'
import { errors } from '../../errors.js'
import { safeEqual } from '../../lib/hash.js'
import type { Outbound } from '../../lib/outbound.js'
import { createRateLimiter } from '../../store/rate-limiter.js'
import type { SharedStore } from '../../store/shared-store.js'
import { networkOf } from '../auth/index.js'
import type { FormSettings } from './schemas.js'

/** The anti-spam settings of a form with their defaults (docs/decisions/forms.md "Anti-spam by default"). */
export interface AntiSpam {
  honeypot: boolean
  minFillSeconds: number
  duplicateWindowSeconds: number
  perIpPerMinute: number
  perFormPerMinute: number
  captcha: boolean
}

export function antiSpamOf(settings: Record<string, unknown>): AntiSpam {
  const given = (settings as FormSettings).antiSpam ?? {}
  return {
    honeypot: given.honeypot ?? true,
    minFillSeconds: given.minFillSeconds ?? 3,
    duplicateWindowSeconds: given.duplicateWindowSeconds ?? 300,
    perIpPerMinute: given.perIpPerMinute ?? 10,
    perFormPerMinute: given.perFormPerMinute ?? 600,
    captcha: (settings as FormSettings).captcha === true,
  }
}

/** A form token older than this is no proof of a human filling the form (a day). */
const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * The signed form token handed out by the public read and sent back with a submission:
 * `<issued ms>.<HMAC-SHA-256 of tenant, form and issued time>`. It proves when the form was shown,
 * so a submission faster than `minFillSeconds` (a script, not a person) is told apart.
 */
export function createFormTokens(appSecret: string) {
  const key = createHmac('sha256', appSecret).update('form-token').digest()
  const sign = (tenantId: string, formId: string, issued: number) =>
    createHmac('sha256', key).update(`${tenantId}:${formId}:${issued}`).digest('base64url')
  return {
    issue(tenantId: string, formId: string, now = Date.now()): string {
      return `${now}.${sign(tenantId, formId, now)}`
    },
    /** Why the token does not show a human pace, or undefined when it does. */
    problem(
      tenantId: string,
      formId: string,
      token: string | undefined,
      minFillSeconds: number,
      now = Date.now(),
    ) {
      if (minFillSeconds === 0) return undefined
      if (token === undefined) return 'missing-token'
      const [issuedText, mac] = token.split('.')
      const issued = Number(issuedText)
      if (
        !Number.isSafeInteger(issued) ||
        mac === undefined ||
        !safeEqual(mac, sign(tenantId, formId, issued))
      ) {
        return 'invalid-token'
      }
      if (now - issued > TOKEN_MAX_AGE_MS) return 'expired-token'
      return now - issued < minFillSeconds * 1000 ? 'too-fast' : undefined
    },
  }
}

/**
 * Per-minute submission counters of a form: per client network (an IPv4 address or an IPv6 /64)
 * and per form. The limits are the form's own, so one limiter with a ceiling no form reaches counts
 * and the form's number decides. Counts live in Redis when configured (every instance agrees).
 */
export function createSubmissionLimits(store: SharedStore) {
  const limiter = createRateLimiter(store, {
    keyPrefix: `${store.prefix}throttle:form-submit`,
    points: 2 ** 31 - 1,
    duration: 60,
  })

  async function count(key: string, limit: number, what: string) {
    const result = await limiter.consume(key)
    if (result.consumedPoints > limit) throw errors.rateLimited(what, result.msBeforeNext / 1000)
  }

  return {
    /** Counts one submission; 429 RateLimitExceeded past either limit. */
    async consume(tenantId: string, formId: string, ip: string, limits: AntiSpam) {
      await count(
        `${tenantId}:${formId}:${networkOf(ip)}`,
        limits.perIpPerMinute,
        'Too many submissions of this form from this network address',
      )
      await count(`${tenantId}:${formId}`, limits.perFormPerMinute, 'Too many submissions of this form')
    },
  }
}

export interface CaptchaConfig {
  verifyUrl: string
  secret: string
}

/**
 * Verifies a captcha answer with the provider's siteverify endpoint (Cloudflare Turnstile, hCaptcha
 * and reCAPTCHA share the form-encoded `secret`, `response`, `remoteip` request and the
 * `{ success }` answer), through the SSRF guard. Resolves true only for a definite success; a
 * provider failure is not a pass.
 */
export function createCaptchaVerifier(config: CaptchaConfig | undefined, outbound: Pick<Outbound, 'post'>) {
  return async (answer: string | undefined, ip: string): Promise<boolean> => {
    if (config === undefined || answer === undefined || answer === '') return false
    const body = new URLSearchParams({ secret: config.secret, response: answer, remoteip: ip }).toString()
    try {
      const response = await outbound.post(config.verifyUrl, body, {
        'content-type': 'application/x-www-form-urlencoded',
      })
      return response.status === 200 && (JSON.parse(response.body) as { success?: unknown }).success === true
    } catch {
      return false
    }
  }
}
