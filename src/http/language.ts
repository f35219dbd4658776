import type { FastifyRequest } from 'fastify'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageOf } from '../i18n/index.js'
import { negotiateLocale, type TenantLocales } from '../lib/locale.js'

/** Folio's own languages as locales to negotiate among: English first, the default. */
const PLATFORM_LOCALES: TenantLocales = {
  default: DEFAULT_LANGUAGE,
  available: [...LANGUAGES],
  fallbacks: {},
}

/**
 * The language an `Accept-Language` header (RFC 9110 §12.5.4) asks for most among Folio's, through
 * `negotiateLocale` (`tr-TR` finds `tr`); English without a header or a match.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  return languageOf(negotiateLocale(PLATFORM_LOCALES, undefined, acceptLanguage)) ?? DEFAULT_LANGUAGE
}

/**
 * The language a request's messages are written in (docs/decisions/http.md "Messages in the
 * reader's language"): the signed-in account's own (`users.language`) when it has one, else what
 * `Accept-Language` asks for among Folio's languages, else English. A request that fails before its
 * credential is checked (an unknown session) has no account yet: the header decides.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const principal = request.principal
  const own = principal?.kind === 'user' ? languageOf(principal.language) : undefined
  return own ?? negotiateLanguage(request.headers['accept-language'])
}
