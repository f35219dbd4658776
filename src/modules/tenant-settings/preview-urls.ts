import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
import type { EffectiveSettings } from './effective.js'
import { originAllowed } from './origin-policy.js'

/** The placeholders a preview URL template may hold (docs/decisions/preview.md "Preview URLs"). */
export const PREVIEW_PLACEHOLDERS = ['token', 'slug', 'locale', 'id', 'type'] as const
export type PreviewPlaceholder = (typeof PREVIEW_PLACEHOLDERS)[number]
/** Templates per tenant, and characters per template. */
export const MAX_PREVIEW_URLS = 50
export const PREVIEW_URL_MAX_LENGTH = 2048
/** A key of `preview.urls`: a content type (contents' `type` rule) or `*` for every other type. */
export const PREVIEW_TYPE_PATTERN = '^([a-z0-9-]{1,40}|\\*)$'

const PLACEHOLDER = /\{([^{}]*)\}/g
const KNOWN = new Set<string>(PREVIEW_PLACEHOLDERS)

/** A 400 naming `member` (`preview.urls.post`) and what is wrong with it. */
function invalid(member: string, problem: ReturnType<typeof phrase>) {
  return errors.validation(phrase('common.memberSentence', { member, problem }), [
    { path: `body/${member.replaceAll('.', '/')}`, message: problem },
  ])
}

/**
 * Checks the templates of a `preview.urls` update against the edge policy they will be saved with:
 * each key a content type or `*`, each value an absolute http(s) URL without user name or password,
 * placeholders only from `PREVIEW_PLACEHOLDERS` and only after the host, and its origin one the
 * policy allows (`allowedOrigins`, or localhost with `allowLocalhost`): the site the token is
 * handed to must be one the tenant already lets read its content (docs/decisions/preview.md).
 * @throws ValidationFailed naming the member (`preview.urls.post`).
 */
export function checkPreviewUrls(urls: Record<string, string>, policy: EffectiveSettings['edgeGateway']) {
  const keyPattern = new RegExp(PREVIEW_TYPE_PATTERN)
  for (const [type, template] of Object.entries(urls)) {
    const member = `preview.urls.${type.slice(0, 80)}`
    if (!keyPattern.test(type))
      throw invalid('preview.urls', phrase('settings.previewType', { type: type.slice(0, 80) }))
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0]
    let url: URL | undefined
    try {
      url = origin === undefined ? undefined : new URL(template)
    } catch {
      url = undefined
    }
    if (
      url === undefined ||
      origin === undefined ||
      (url.protocol !== 'http:' && url.protocol !== 'https:')
    ) {
      throw invalid(member, phrase('settings.absoluteUrl'))
    }
    if (url.username !== '' || url.password !== '') throw invalid(member, phrase('settings.urlCredentials'))
    if (/[{}]/.test(origin)) throw invalid(member, phrase('settings.previewPlaceholderInOrigin'))
    for (const [, name] of template.matchAll(PLACEHOLDER)) {
      if (!KNOWN.has(name ?? '')) {
        throw invalid(member, phrase('settings.previewPlaceholder', { name: (name ?? '').slice(0, 40) }))
      }
    }
    if (/[{}]/.test(template.replaceAll(PLACEHOLDER, ''))) {
      throw invalid(member, phrase('settings.previewBrace'))
    }
    if (!originAllowed(policy, url.origin)) {
      throw invalid(member, phrase('settings.previewOrigin', { origin: url.origin }))
    }
  }
}

/**
 * The preview URL of a content: the template of its type (else `*`) with each placeholder replaced
 * by its value, URL-encoded (`encodeURIComponent`); null when the tenant has no template for it.
 */
export function previewUrlOf(
  urls: Readonly<Record<string, string>>,
  values: Readonly<Record<PreviewPlaceholder, string>>,
): string | null {
  // Own members only: a type named like an Object member (`constructor`) is no template.
  const key = Object.hasOwn(urls, values.type) ? values.type : Object.hasOwn(urls, '*') ? '*' : undefined
  if (key === undefined) return null
  const template = urls[key] as string
  return template.replaceAll(PLACEHOLDER, (whole, name: string) =>
    KNOWN.has(name) ? encodeURIComponent(values[name as PreviewPlaceholder]) : whole,
  )
}
