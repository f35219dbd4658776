import { createHmac } from 'node:crypto'
import { errors } from '../../errors.js'
import type { PlainErrorKey } from '../../i18n/index.js'
import { randomToken, safeEqual } from '../../lib/hash.js'
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

/**
 * `captchaConfigured`: whether the operator configured a captcha provider. With one, a form that takes
 * browser submissions asks for the captcha unless its settings say `captcha: false`
 * (docs/decisions/forms.md "Anti-spam by default").
 */
export function antiSpamOf(settings: Record<string, unknown>, captchaConfigured: boolean): AntiSpam {
  const given = (settings as FormSettings).antiSpam ?? {}
  const { captcha, browserSubmission } = settings as FormSettings
  return {
    honeypot: given.honeypot ?? true,
    minFillSeconds: given.minFillSeconds ?? 3,
    duplicateWindowSeconds: given.duplicateWindowSeconds ?? 300,
    perIpPerMinute: given.perIpPerMinute ?? 10,
    perFormPerMinute: given.perFormPerMinute ?? 600,
    captcha: captcha ?? (captchaConfigured && browserSubmission === true),
  }
}

/** A form token older than this is no proof of a human filling the form (a day). */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** What a form token shows: why it is no proof (`problem`), and its id when it is genuine. */
export interface TokenCheck {
  problem?: 'missing-token' | 'invalid-token' | 'expired-token' | 'too-fast'
  /** The token's random id, when it is genuine and live: a submission claims it (single use). */
  id?: string
  /** When the token expires: how long its claim must be kept. */
  expiresAt?: Date
}

/**
 * The signed form token handed out by the public read and sent back with a submission:
 * `<issued ms>.<random id>.<HMAC-SHA-256 of tenant, form, issued time, id and client network>`. It
 * proves when the form was shown, so a submission faster than `minFillSeconds` (a script, not a
 * person) is told apart; it is bound to the client network that read the form (`networkOf`: an
 * IPv4 address, an IPv6 /64), and its id makes it single-use (the submission claims it).
 */
export function createFormTokens(appSecret: string) {
  const key = createHmac('sha256', appSecret).update('form-token').digest()
  const sign = (tenantId: string, formId: string, issued: number, id: string, ip: string) =>
    createHmac('sha256', key)
      .update(`${tenantId}:${formId}:${issued}:${id}:${networkOf(ip)}`)
      .digest('base64url')
  return {
    issue(tenantId: string, formId: string, ip: string, now = Date.now()): string {
      const id = randomToken(12)
      return `${now}.${id}.${sign(tenantId, formId, now, id, ip)}`
    },
    /**
     * What `token` shows for a submission from `ip`. A form with `minFillSeconds` 0 takes no token:
     * nothing is checked or claimed. A token from another network reads as `invalid-token`.
     */
    check(
      tenantId: string,
      formId: string,
      token: string | undefined,
      minFillSeconds: number,
      ip: string,
      now = Date.now(),
    ): TokenCheck {
      if (minFillSeconds === 0) return {}
      if (token === undefined) return { problem: 'missing-token' }
      const [issuedText, id, mac] = token.split('.')
      const issued = Number(issuedText)
      if (
        !Number.isSafeInteger(issued) ||
        id === undefined ||
        mac === undefined ||
        !safeEqual(mac, sign(tenantId, formId, issued, id, ip))
      ) {
        return { problem: 'invalid-token' }
      }
      if (now - issued > TOKEN_MAX_AGE_MS) return { problem: 'expired-token' }
      const claim = { id, expiresAt: new Date(issued + TOKEN_MAX_AGE_MS) }
      return now - issued < minFillSeconds * 1000 ? { problem: 'too-fast', ...claim } : claim
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

  async function count(key: string, limit: number, what: PlainErrorKey) {
    const result = await limiter.consume(key)
    if (result.consumedPoints > limit) throw errors.rateLimited(what, result.msBeforeNext / 1000)
  }

  return {
    /** Counts one submission; 429 RateLimitExceeded past either limit. */
    async consume(tenantId: string, formId: string, ip: string, limits: AntiSpam) {
      await count(`${tenantId}:${formId}:${networkOf(ip)}`, limits.perIpPerMinute, 'forms.tooManyFromNetwork')
      await count(`${tenantId}:${formId}`, limits.perFormPerMinute, 'forms.tooManySubmissions')
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
