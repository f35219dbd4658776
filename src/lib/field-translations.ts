import { errors } from '../errors.js'
import { expectation, type Phrase, phrase } from '../i18n/index.js'
import { canonicalLocale, LOCALE_EXPECT, type TenantLocales } from './locale.js'
import { toSlug } from './slug.js'

/**
 * Field-level localization (docs/decisions/localization.md "Field-level localization"): a record's
 * own members are the default locale's values, and its translations hold the other locales' values,
 * each member optional. Pure rules shared by the families that localize this way (categories, tags,
 * menu items): checking a written map, and answering each member from a locale chain.
 */

/** One locale's values of a record: member → text (`{ name: 'Haberler', slug: 'haberler' }`). */
export type TranslationEntry<M extends string = string> = Partial<Record<M, string>>
/** A record's translations: locale → its values (`{ tr: { name: 'Haberler' } }`). */
export type Translations<M extends string = string> = Record<string, TranslationEntry<M>>

/**
 * `input` checked and normalized for `locales`: each key a canonical tag (`DE-at` → `de-AT`) of an
 * available locale other than the default, once; each member through `clean` (given its value and
 * its path, `translations.tr.slug`; undefined drops it); a locale left with no member is dropped.
 * @throws ValidationFailed naming `translations.<locale>` (details path `body/translations/<locale>`)
 *   for a key that is no tag, not the tenant's, the default, or twice; whatever `clean` throws.
 */
export function checkTranslations<M extends string>(
  input: Readonly<Record<string, TranslationEntry<M>>>,
  locales: TenantLocales,
  clean: (member: M, value: string, path: string) => string | undefined,
): Translations<M> {
  const checked: Translations<M> = {}
  for (const [key, entry] of Object.entries(input)) {
    const shown = key.slice(0, 40)
    const refuse = (problem: Phrase) =>
      errors.validation(phrase('common.memberProblem', { member: `translations.${shown}`, problem }), [
        { path: `body/translations/${shown}`, message: problem },
      ])
    const locale = canonicalLocale(key)
    if (locale === undefined) {
      throw refuse(phrase('locales.translationsNotKeyed', { expected: expectation(LOCALE_EXPECT) }))
    }
    if (locale === locales.default) throw refuse(phrase('locales.translationsDefault'))
    if (!locales.available.includes(locale)) {
      throw refuse(
        phrase('locales.translationsNotAvailable', { locale, locales: locales.available.join(', ') }),
      )
    }
    if (Object.hasOwn(checked, locale)) throw refuse(phrase('locales.translationsTwice', { locale }))
    const values: TranslationEntry<M> = {}
    for (const [member, value] of Object.entries(entry) as [M, string | undefined][]) {
      if (value === undefined) continue
      const cleaned = clean(member, value, `translations.${locale}.${member}`)
      if (cleaned !== undefined) values[member] = cleaned
    }
    if (Object.keys(values).length > 0) checked[locale] = values
  }
  return checked
}

/**
 * The translations an admin reads and writes back: those of the tenant's available locales other
 * than the default, in the tenant's order. A translation kept for a locale the tenant no longer
 * serves (or for the locale that became the default) is never answered, so it is not shown either:
 * a read-modify-write of the map drops it instead of being refused.
 */
export function servedTranslations<M extends string>(
  translations: Readonly<Translations<M>>,
  locales: TenantLocales,
): Translations<M> {
  const served: Translations<M> = {}
  for (const locale of locales.available) {
    const entry = translations[locale]
    if (locale !== locales.default && entry !== undefined) served[locale] = entry
  }
  return served
}

/** A record as field-level localization sees it: its own (default) values and its translations. */
export interface LocalizedRecord<M extends string> {
  own: Readonly<Record<M, string>>
  translations: Readonly<Translations<M>>
}

/** The value of `member` in `locale` of its own (the default's: the record's own member), or undefined. */
function valueIn<M extends string>(
  record: LocalizedRecord<M>,
  locales: TenantLocales,
  locale: string,
  member: M,
): string | undefined {
  return locale === locales.default ? record.own[member] : record.translations[locale]?.[member]
}

/** Whether the record has `locale` itself: the default always, another while it has a translation there. */
export function hasLocale<M extends string>(
  record: LocalizedRecord<M>,
  locales: TenantLocales,
  locale: string,
): boolean {
  return locale === locales.default || record.translations[locale] !== undefined
}

/** A record answered in a reader's locale: each member's value (null: no locale of the chain has one). */
export interface Answered<M extends string> {
  values: Record<M, string | null>
  /** The locale `primary` was answered from; without a value, the first locale of the chain the record has. */
  locale: string
}

/**
 * Each of `members` from the first locale of `chain` that has a value for it (docs/decisions/
 * localization.md "Field-level localization"), the chain being the reader's (`PublicContext
 * .localeChain`, the default last unless `fallback=false`). Undefined when the record has no locale
 * of the chain: with `fallback=false`, a record without the asked locale is not answered.
 */
export function answerIn<M extends string>(
  record: LocalizedRecord<M>,
  locales: TenantLocales,
  chain: readonly string[],
  members: readonly M[],
  primary: M,
): Answered<M> | undefined {
  const first = chain.find((locale) => hasLocale(record, locales, locale))
  if (first === undefined) return undefined
  const values = {} as Record<M, string | null>
  let locale = first
  for (const member of members) {
    const from = chain.find((candidate) => valueIn(record, locales, candidate, member) !== undefined)
    values[member] = from === undefined ? null : (valueIn(record, locales, from, member) ?? null)
    if (member === primary && from !== undefined) locale = from
  }
  return { values, locale }
}

/**
 * The record's slugs in the tenant's other locales, for `hreflang` links: `{ locale, slug }` for each
 * available locale but `except` (the locale answered) in which the record has a slug of its own
 * (the default's: its own slug), in the tenant's order.
 */
export function alternatesOf<M extends string>(
  record: LocalizedRecord<M | 'slug'>,
  locales: TenantLocales,
  except: string,
): { locale: string; slug: string }[] {
  return locales.available.flatMap((locale) => {
    const slug = locale === except ? undefined : valueIn(record, locales, locale, 'slug')
    return slug === undefined ? [] : [{ locale, slug }]
  })
}

/**
 * Which record a slug read names, from the records that have the slug in some locale (`matches`,
 * at most one per locale: slugs are unique per tenant and locale): the one holding it in the first
 * locale of `chain` that has a match, else in the first of the tenant's locales (so a reader who
 * followed another language's link still finds the record). Undefined without a match in a served
 * locale.
 */
export function slugOwner(
  matches: readonly { id: string; locale: string }[],
  locales: TenantLocales,
  chain: readonly string[],
): string | undefined {
  for (const locale of [...chain, ...locales.available]) {
    const match = matches.find((candidate) => candidate.locale === locale)
    if (match !== undefined) return match.id
  }
  return undefined
}

/**
 * A translated slug as stored: normalized like every slug (lib/slug.ts `toSlug`).
 * @throws ValidationFailed naming `path` (`translations.tr.slug`) when nothing of it is sluggable.
 */
export function translatedSlug(value: string, path: string): string {
  const slug = toSlug(value)
  if (slug === '') {
    throw errors.validation(phrase('common.noLetterOrDigit', { member: path }), [
      { path: `body/${path.replaceAll('.', '/')}`, message: phrase('common.hasNoLetterOrDigit') },
    ])
  }
  return slug
}
