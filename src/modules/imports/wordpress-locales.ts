import { canonicalLocale, MAX_LOCALES, SINGLE_LOCALE, type TenantLocales } from '../../lib/locale.js'
import type { ImportRun } from './wordpress-run.js'
import type { WxrLanguage } from './wxr-languages.js'

/**
 * The locales of a Polylang export (docs/decisions/imports.md "Polylang sites keep their
 * languages"): each language becomes a tenant locale, added to the tenant's settings before the
 * contents are imported in them.
 */

/** What an import does to the tenant's locales, and where each language's contents go. */
export interface LocalePlan {
  /** The tenant's locales after the import (the current ones when nothing changes). */
  locales: TenantLocales
  /** Locales added to `available`, in the order added. */
  added: string[]
  /** Language slug → its Folio locale, for every language that has one. */
  localeOf: Map<string, string>
  /** Languages without a locale, with why: their posts and pages are not imported. */
  left: { language: WxrLanguage; reason: string }[]
}

/**
 * The Folio locale of a Polylang language: its slug as a tag (`pt-br` → `pt-BR`), else its
 * WordPress locale (`en_US` → `en-US`), else that locale's language and region (`de_DE_formal` →
 * `de-DE`: Folio takes no variants); undefined when none is a tag Folio takes (lib/locale.ts).
 */
export function localeOfLanguage(
  language: Pick<WxrLanguage, 'slug' | 'wordpressLocale'>,
): string | undefined {
  const wordpress = language.wordpressLocale.replaceAll('_', '-')
  return (
    canonicalLocale(language.slug) ??
    canonicalLocale(wordpress) ??
    canonicalLocale(wordpress.split('-').slice(0, 2).join('-'))
  )
}

/**
 * The tenant's locales once an export's `languages` are added to `current`. Languages are taken by
 * their number of posts and pages, most first (file order among equals): each one's locale is
 * added to `available` unless the tenant has it, while `available` has fewer than 30
 * (`MAX_LOCALES`); a language past that, or without a tag, is left out. The default moves to the
 * locale of the language with most contents only when the tenant still has the one locale it
 * started with (`en` alone, no fallbacks): a tenant that chose its locales keeps its default.
 * Nothing is removed, and fallbacks stay as they are.
 */
export function planLocales(current: TenantLocales, languages: readonly WxrLanguage[]): LocalePlan {
  const ranked = [...languages].sort((a, b) => b.contents - a.contents)
  const available = [...current.available]
  const added: string[] = []
  const localeOf = new Map<string, string>()
  const left: LocalePlan['left'] = []
  for (const language of ranked) {
    const locale = localeOfLanguage(language)
    if (locale === undefined) {
      const tried = [language.slug, language.wordpressLocale].filter((text) => text !== '').join('" or "')
      left.push({ language, reason: `neither "${tried}" is a language tag Folio takes` })
    } else if (available.includes(locale)) {
      localeOf.set(language.slug, locale)
    } else if (available.length >= MAX_LOCALES) {
      left.push({
        language,
        reason: `the tenant has ${MAX_LOCALES} locales, the most it may have, and "${locale}" is not one of them`,
      })
    } else {
      available.push(locale)
      added.push(locale)
      localeOf.set(language.slug, locale)
    }
  }
  const untouched = JSON.stringify(current) === JSON.stringify(SINGLE_LOCALE)
  const first = ranked.find((language) => localeOf.has(language.slug))
  const defaultLocale =
    untouched && first !== undefined ? (localeOf.get(first.slug) as string) : current.default
  return {
    locales: { default: defaultLocale, available, fallbacks: current.fallbacks },
    added,
    localeOf,
    left,
  }
}

/** Where the contents of each language go (see `importLocales`). */
export interface ImportLocales {
  /** Language slug → the Folio locale its posts and pages are created in. */
  localeOf: ReadonlyMap<string, string>
  /** Language slugs left without a locale: their posts and pages are passed over. */
  left: ReadonlySet<string>
}

/**
 * Gives the tenant the locales of the export's Polylang `languages` (`planLocales`), through the
 * tenant settings service (a `settings.updated` like any change; nothing in a dry run), and
 * reports each language left out as a problem under `language:<slug>`. Undefined for an export
 * without Polylang, which changes no locale.
 */
export async function importLocales(
  run: ImportRun,
  languages: readonly WxrLanguage[],
): Promise<ImportLocales | undefined> {
  if (languages.length === 0) return undefined
  const settings = await run.read((context) => run.writers.tenantSettings.get(context))
  // A dry run for a tenant still to be created: it will start with one locale.
  const current = settings?.locales ?? SINGLE_LOCALE
  const plan = planLocales(current, languages)
  for (const { language, reason } of plan.left) {
    run.report(
      `language:${language.slug}`,
      `Not imported: the ${language.contents} posts and pages in ${language.name} (${language.slug}): ${reason}.`,
    )
  }
  const moved = plan.locales.default !== current.default
  if (plan.added.length > 0 || moved) {
    const verb = run.target === undefined ? 'would add' : 'adding'
    run.log(
      `Locales: ${verb} ${plan.added.join(', ') || 'none'}; default ${plan.locales.default}${moved ? ` (was ${current.default})` : ''}`,
    )
    await run.change('locales', (context) =>
      run.writers.tenantSettings.update(context, {
        locales: { default: plan.locales.default, available: plan.locales.available },
      }),
    )
  }
  return { localeOf: plan.localeOf, left: new Set(plan.left.map(({ language }) => language.slug)) }
}
