/**
 * A tenant's locales as Studio shows them (docs/decisions/localization.md "Tenant locales"): the
 * tags typed into the settings, the fallback chain a locale is read through, a locale's name in
 * the app's language. Pure functions.
 */

/** A tenant's locales, as `GET /api/tenant-settings` answers them (`settings.locales`). */
export type TenantLocales = {
  default: string
  available: string[]
  fallbacks: Record<string, string>
}

/**
 * `text` as the tag the API stores (`DE-at` → `de-AT`, `zh-hant-tw` → `zh-Hant-TW`), or undefined
 * when it is not a tag of the kind the API takes: a language of 2 or 3 letters, an optional script
 * and an optional region, nothing more (no variants, extensions or private use). The browser's
 * `Intl.Locale` parses and canonicalizes it, as the API's `Intl.getCanonicalLocales` does, so the
 * tag added is the one saved.
 */
export function canonicalTag(text: string): string | undefined {
  let locale: Intl.Locale
  try {
    locale = new Intl.Locale(text.trim())
  } catch {
    return undefined
  }
  const base = [locale.language, locale.script, locale.region].filter(Boolean).join('-')
  return locale.language.length <= 3 && locale.toString() === base ? base : undefined
}

/**
 * The locales a value of `locale` is read through, best first: itself, its fallbacks in order, then
 * the default, each once (`de-AT` with `{ "de-AT": "de" }` and default `en`: `de-AT → de → en`),
 * the API's own rule (docs/decisions/localization.md), shown beside each locale of the settings.
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

/** `locale`'s name in `language` (`de-AT` in English: "Austrian German"), or the tag when it has none. */
export function localeName(locale: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(locale)
    return name ?? locale
  } catch {
    return locale
  }
}

/** The locales with the default first, then the others in the tenant's order. */
export function defaultFirst(locales: TenantLocales): string[] {
  return [locales.default, ...locales.available.filter((locale) => locale !== locales.default)]
}
