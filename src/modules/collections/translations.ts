import type { StoredField } from '../../db/schema/index.js'
import type { Translations } from './schemas.js'

/**
 * Localized fields (docs/decisions/content.md "Localized fields"): an entry's `data` holds the
 * default locale's values, `translations` the other locales'. Pure rules of how they are merged on
 * a write and chosen for a reader.
 */

/**
 * Where the entry's own values (`data`) stand in a storage chain and in the search values'
 * `locale`: not under the default's tag, so a tenant that changes its default moves no text
 * (docs/decisions/localization.md "Field-level localization").
 */
export const OWN_VALUES = ''

/**
 * The locales a reader's `chain` reads stored values from, best first: the default locale's are
 * the entry's own (`OWN_VALUES`). `["de-AT", "de", "en"]` with default `en`: `["de-AT", "de", ""]`.
 */
export function storageChain(chain: readonly string[], defaultLocale: string): string[] {
  return chain.map((locale) => (locale === defaultLocale ? OWN_VALUES : locale))
}

const localizedKeys = (fields: readonly StoredField[]) =>
  new Set(fields.filter((field) => field.localized === true).map((field) => field.key))

/**
 * The stored translations of the localized fields `fields` still declares (the others are not
 * shown, as `data` of a removed field), locales with none left out.
 */
export function declaredTranslations(stored: Translations, fields: readonly StoredField[]): Translations {
  const keys = localizedKeys(fields)
  const kept: Translations = {}
  for (const [locale, values] of Object.entries(stored)) {
    const members = Object.entries(values).filter(([key]) => keys.has(key))
    if (members.length > 0) kept[locale] = Object.fromEntries(members)
  }
  return kept
}

/**
 * The translations after a write: `changes` (normalized) merged over the declared stored ones per
 * locale: a value replaces, a field null clears, a locale null removes the locale. Locales the
 * write does not name stay as stored, those of a locale the tenant no longer has included.
 */
export function mergeTranslations(
  stored: Translations,
  changes: Record<string, Record<string, unknown> | null> | undefined,
  fields: readonly StoredField[],
): Translations {
  const merged = declaredTranslations(stored, fields)
  for (const [locale, values] of Object.entries(changes ?? {})) {
    if (values === null) {
      delete merged[locale]
      continue
    }
    const next = { ...merged[locale], ...values }
    const kept = Object.entries(next).filter(([, value]) => value !== null)
    if (kept.length > 0) merged[locale] = Object.fromEntries(kept)
    else delete merged[locale]
  }
  return merged
}

/**
 * The data a reader of `chain` (a storage chain) sees: a shared field's value, and each localized
 * field's from the first locale of the chain that has one (none: left out).
 */
export function localizedData(
  data: Record<string, unknown>,
  translations: Translations,
  fields: readonly StoredField[],
  chain: readonly string[],
): Record<string, unknown> {
  const seen: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.localized !== true) {
      if (data[field.key] !== undefined) seen[field.key] = data[field.key]
      continue
    }
    for (const locale of chain) {
      const value = locale === OWN_VALUES ? data[field.key] : translations[locale]?.[field.key]
      if (value !== undefined && value !== null) {
        seen[field.key] = value
        break
      }
    }
  }
  return seen
}
