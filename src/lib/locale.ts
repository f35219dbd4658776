import Negotiator from 'negotiator'
import { catalogPhrase, expectation, type Phrase, translate } from '../i18n/index.js'

/**
 * Locales (docs/decisions/localization.md): the tags Folio takes, a tenant's locales, fallback
 * chains and `Accept-Language` negotiation. Pure functions; the tenant's locales come from its
 * settings (`locales`).
 */

/** The most locales a tenant may have. */
export const MAX_LOCALES = 30
/** The locale of a tenant that has not set its own, and of every record written before locales. */
export const DEFAULT_LOCALE = 'en'

/** A tenant's locales (tenant settings `locales`). */
export interface TenantLocales {
  /** The locale whose values are required, and the last step of every fallback chain. */
  default: string
  /** Every locale the tenant serves, the default included, in the tenant's order (≤ 30). */
  available: string[]
  /** The next locale to try for a locale with no value of its own: `{ "de-AT": "de", "de": "en" }`. */
  fallbacks: Record<string, string>
}

/** One locale, `en`: a tenant without the setting behaves as before locales existed. */
export const SINGLE_LOCALE: TenantLocales = {
  default: DEFAULT_LOCALE,
  available: [DEFAULT_LOCALE],
  fallbacks: {},
}

/**
 * The subset of BCP 47 (RFC 5646) Folio takes: a language (2–3 letters), an optional script (4
 * letters) and an optional region (2 letters or 3 digits) — `en`, `tr`, `de-AT`, `zh-Hant-TW`,
 * `es-419`. Variants, extensions and private use are refused: no site needs them to pick a text.
 */
const TAG_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-(?:[A-Za-z]{2}|[0-9]{3}))?$/
/** The words a refusal uses for what a locale must be. */
export const LOCALE_EXPECT =
  'a BCP 47 language tag: a language, an optional script and an optional region (en, tr, de-AT, zh-Hant-TW)'

/**
 * `tag` in canonical case (`DE-at` → `de-AT`, `zh-hant-tw` → `zh-Hant-TW`, RFC 5646 §2.1.1), by
 * `Intl.getCanonicalLocales`; undefined when it is not a tag of the subset above.
 */
export function canonicalLocale(tag: string): string | undefined {
  if (!TAG_PATTERN.test(tag)) return undefined
  try {
    const [canonical] = Intl.getCanonicalLocales(tag)
    return canonical !== undefined && TAG_PATTERN.test(canonical) ? canonical : undefined
  } catch {
    return undefined
  }
}

/**
 * Why a `locales` value is refused: the member (`locales.fallbacks.de-AT`) and a predicate, as a
 * phrase of the catalogs (`message` is its English text).
 */
export class LocalesError extends Error {
  constructor(
    readonly member: string,
    readonly phrase: Phrase,
  ) {
    super(translate(phrase, 'en'))
  }
}

/**
 * `value` checked and canonical: tags canonical and once each, 1..30 of them, the default among
 * them, each fallback from and to an available locale, never to itself, and no cycle.
 * @throws LocalesError naming the first member at fault.
 */
export function checkLocales(value: TenantLocales): TenantLocales {
  const canonical = (tag: string, member: string) => {
    const found = canonicalLocale(tag)
    if (found === undefined) {
      throw new LocalesError(
        member,
        catalogPhrase('errors.locales.notATag', {
          tag: tag.slice(0, 40),
          expected: expectation(LOCALE_EXPECT),
        }),
      )
    }
    return found
  }
  if (value.available.length === 0) {
    throw new LocalesError('locales.available', catalogPhrase('errors.locales.noLocale'))
  }
  if (value.available.length > MAX_LOCALES) {
    throw new LocalesError(
      'locales.available',
      catalogPhrase('errors.locales.tooMany', { count: value.available.length, most: MAX_LOCALES }),
    )
  }
  const available: string[] = []
  for (const [index, tag] of value.available.entries()) {
    const locale = canonical(tag, `locales.available.${index}`)
    if (available.includes(locale)) {
      throw new LocalesError(`locales.available.${index}`, catalogPhrase('errors.locales.twice', { locale }))
    }
    available.push(locale)
  }
  const defaultLocale = canonical(value.default, 'locales.default')
  if (!available.includes(defaultLocale)) {
    throw new LocalesError(
      'locales.default',
      catalogPhrase('errors.locales.notAvailable', { locale: defaultLocale }),
    )
  }
  const fallbacks: Record<string, string> = {}
  for (const [from, to] of Object.entries(value.fallbacks)) {
    const member = `locales.fallbacks.${from.slice(0, 40)}`
    const source = canonical(from, member)
    const target = canonical(to, member)
    if (!available.includes(source))
      throw new LocalesError(member, catalogPhrase('errors.locales.notAvailable', { locale: source }))
    if (!available.includes(target))
      throw new LocalesError(member, catalogPhrase('errors.locales.fallbackNotAvailable', { locale: target }))
    if (source === target) throw new LocalesError(member, catalogPhrase('errors.locales.fallbackToItself'))
    fallbacks[source] = target
  }
  for (const start of Object.keys(fallbacks)) {
    const seen = [start]
    for (let next = fallbacks[start]; next !== undefined; next = fallbacks[next]) {
      if (seen.includes(next)) {
        throw new LocalesError(
          `locales.fallbacks.${start}`,
          catalogPhrase('errors.locales.cycle', { cycle: [...seen, next].join(' → ') }),
        )
      }
      seen.push(next)
    }
  }
  return { default: defaultLocale, available, fallbacks }
}

/**
 * The locales to try for `locale`, best first: itself, its fallbacks in order, then the tenant's
 * default (each once). `de-AT` with `{ "de-AT": "de", "de": "en" }` and default `en`:
 * `["de-AT", "de", "en"]`.
 */
export function fallbackChain(locales: TenantLocales, locale: string): string[] {
  const chain = [locale]
  for (
    let next = locales.fallbacks[locale];
    next !== undefined && !chain.includes(next);
    next = locales.fallbacks[next]
  ) {
    chain.push(next)
  }
  if (!chain.includes(locales.default)) chain.push(locales.default)
  return chain
}

/**
 * The locale a reader asks for. A tenant with one locale answers in it, whatever is asked (a
 * tenant without the setting behaves as before locales). Else: `requested` (a `locale` query
 * parameter) when given, which must be one of the tenant's; else the available locale
 * `Accept-Language` (RFC 9110 §12.5.4) asks for most, ranges by quality, each matching exactly or
 * by prefix either way (`de-CH` finds `de`, `de` finds `de-AT`) through `negotiator`; else the
 * tenant's default (no header, `*`, no match).
 * @throws LocalesError (member `locale`) when `requested` is not a tag or not the tenant's.
 */
export function negotiateLocale(
  locales: TenantLocales,
  requested: string | undefined,
  acceptLanguage: string | undefined,
): string {
  if (locales.available.length === 1) return locales.default
  if (requested !== undefined) {
    const locale = canonicalLocale(requested)
    if (locale === undefined) {
      throw new LocalesError(
        'locale',
        catalogPhrase('errors.locales.requestedNotATag', {
          expected: expectation(LOCALE_EXPECT),
          tag: requested.slice(0, 40),
        }),
      )
    }
    if (!locales.available.includes(locale)) {
      throw new LocalesError(
        'locale',
        catalogPhrase('errors.locales.notTheTenants', { locales: locales.available.join(', '), locale }),
      )
    }
    return locale
  }
  if (acceptLanguage === undefined || acceptLanguage.trim() === '') {
    return locales.default
  }
  // The default first: a `*` range matches it before the others.
  const candidates = [locales.default, ...locales.available.filter((locale) => locale !== locales.default)]
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(candidates)
  return best ?? locales.default
}
