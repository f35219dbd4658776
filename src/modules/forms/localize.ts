import { type Phrase, phrase } from '../../i18n/index.js'
import { fallbackChain, negotiateLocale, SINGLE_LOCALE, type TenantLocales } from '../../lib/locale.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { FormVersionRow } from './repository.js'

/**
 * A form's texts in the reader's language (docs/decisions/forms.md "Texts in every tenant
 * locale"): a text is a string (the same in every locale) or a map of locale to text.
 */
type Text = string | Record<string, string>

/** Which locales a tenant's form texts are written and served in. */
export interface FormLocales {
  /**
   * The tenant's locales; undefined for a tenant without the setting (one locale, `en`), whose
   * forms keep taking any language tag and serving the languages they have.
   */
  tenant: TenantLocales | undefined
  /** The locale of a plain-string title, and the last one texts fall back to. */
  default: string
}

const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/**
 * The tenant's form locales. A tenant whose locales are those of a tenant without the setting
 * (one locale, `en`, no fallbacks) keeps the rules forms had before locales: its default language
 * is `metadata.defaultLanguage` when that is a language tag, else `en`.
 */
export async function formLocalesOf(settings: TenantSettingsReader, tenantId: string): Promise<FormLocales> {
  const { locales, metadata } = await settings.get(tenantId)
  const unset =
    locales.default === SINGLE_LOCALE.default &&
    locales.available.length === 1 &&
    Object.keys(locales.fallbacks).length === 0
  if (!unset) return { tenant: locales, default: locales.default }
  const language = metadata.defaultLanguage
  return {
    tenant: undefined,
    default: typeof language === 'string' && LANGUAGE_TAG.test(language) ? language : SINGLE_LOCALE.default,
  }
}

/**
 * Why a text map's key is refused, or undefined: for a tenant with locales, a key that is not one
 * of them; without, a key that is not a language tag.
 */
export function localeKeyProblem(key: string, locales: FormLocales): Phrase | undefined {
  if (locales.tenant === undefined) {
    return LANGUAGE_TAG.test(key) ? undefined : phrase('forms.keyNotALanguageTag', { key })
  }
  return locales.tenant.available.includes(key)
    ? undefined
    : phrase('forms.keyNotTenantLocale', { key, locales: locales.tenant.available.join(', ') })
}

/** How a form answer picks its texts. */
export interface TextChoice {
  /** The locale the answer is for (`locale`, Content-Language). */
  locale: string
  /** The locales a text is looked for in, best first. */
  chain: readonly string[]
  /** `fallback=false`: a text the chain does not have is left out. */
  exact: boolean
  /** The locales an answer may show (tenant's, in its order); undefined: every key a map has. */
  served: readonly string[] | undefined
}

/** What a reader said of its languages. */
export interface FormReader {
  /** The public-route plugin's negotiation (`PublicContext.locale`, `.localeChain`). */
  locale: string
  localeChain: readonly string[]
  /** The `locale` query parameter, which a tenant without locales matches against the form's own languages. */
  requested?: string | undefined
  /** `fallback=false`. */
  exact: boolean
  /** A submission's own `locale` (in Accept-Language syntax: `tr-TR`), which comes first. */
  preferred?: string | undefined
  /** The `Accept-Language` header, for a tenant without locales only. */
  acceptLanguage?: string | undefined
}

/**
 * The texts a reader gets. For a tenant with locales: the plugin's negotiation, or a submission's
 * `locale` negotiated against the tenant's locales. Without: the same negotiation (lib/locale.ts)
 * against the languages the form's texts are written in (`keys`), so the forms written before
 * locales keep answering each reader in the language it has.
 */
export function textChoice(locales: FormLocales, reader: FormReader, keys: () => string[]): TextChoice {
  const tenant = locales.tenant
  if (tenant !== undefined) {
    if (reader.preferred === undefined) {
      return {
        locale: reader.locale,
        chain: reader.localeChain,
        exact: reader.exact,
        served: tenant.available,
      }
    }
    const locale = negotiateLocale(tenant, undefined, reader.preferred)
    const chain = reader.exact ? [locale] : fallbackChain(tenant, locale)
    return { locale, chain, exact: reader.exact, served: tenant.available }
  }
  const own: TenantLocales = {
    default: locales.default,
    available: [...new Set([locales.default, ...keys()])],
    fallbacks: {},
  }
  const locale = negotiateLocale(
    own,
    undefined,
    reader.preferred ?? reader.requested ?? reader.acceptLanguage,
  )
  const chain = reader.exact ? [locale] : fallbackChain(own, locale)
  return { locale, chain, exact: reader.exact, served: undefined }
}

/**
 * The text of `value` for `choice`: the first locale of the chain it has; else, unless exact, its
 * first text of a served locale (a label never disappears because its map lacks the default).
 */
export function textIn(value: Text | null | undefined, choice: TextChoice): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  for (const locale of choice.chain) if (Object.hasOwn(value, locale)) return value[locale]
  if (choice.exact) return undefined
  const first = (choice.served ?? Object.keys(value)).find((locale) => Object.hasOwn(value, locale))
  return first === undefined ? undefined : value[first]
}

/** A map's texts in the served locales (all of them without a tenant's locales); undefined when none. */
function servedMap(value: Record<string, string>, choice: TextChoice): Record<string, string> | undefined {
  const served = choice.served
  if (served === undefined) return value
  const kept = Object.entries(value).filter(([locale]) => served.includes(locale))
  return kept.length === 0 ? undefined : Object.fromEntries(kept)
}

/** The text of `value` for mail and exports: in `locale`, else its first text. */
export function plainText(value: Text | null | undefined, locale: string): string | undefined {
  return textIn(value, { locale, chain: [locale], exact: false, served: undefined })
}

const isTextMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const FIELD_TEXTS = ['label', 'placeholder', 'helpText'] as const
/** Settings a renderer needs; notification recipients and anti-spam numbers stay private. */
const PUBLIC_SETTINGS = ['submitButtonText', 'successMessage', 'captcha'] as const

/** Every locale key of a version's text maps: the languages a form without tenant locales has. */
export function versionLocales(version: FormVersionRow): string[] {
  const keys = new Set<string>()
  const add = (value: unknown) => {
    if (isTextMap(value)) for (const key of Object.keys(value)) keys.add(key)
  }
  add(version.title)
  add(version.description)
  for (const field of version.fields) {
    for (const member of FIELD_TEXTS) add(field[member])
    add((field.validation as Record<string, unknown> | undefined)?.message)
    if (Array.isArray(field.options)) for (const option of field.options) add(option?.label)
  }
  const settings = version.settings as Record<string, unknown>
  for (const member of PUBLIC_SETTINGS) add(settings[member])
  return [...keys]
}

/**
 * A published version as the public read shows it: every multilingual member as its text for
 * `choice`, with the maps kept beside it in `i18n` (their served locales only), so a page can
 * switch language without another request. Only the settings a renderer needs are shown.
 */
export function localizeVersion(version: FormVersionRow, choice: TextChoice) {
  const texts = (source: Record<string, unknown>, members: readonly string[]) => {
    const shown: Record<string, unknown> = {}
    const maps: Record<string, unknown> = {}
    for (const member of members) {
      const value = source[member]
      if (value === undefined) continue
      if (!isTextMap(value)) {
        shown[member] = value
        continue
      }
      // Undefined (no text for the reader) replaces the map the member held: JSON leaves it out.
      shown[member] = textIn(value, choice)
      const map = servedMap(value, choice)
      if (map !== undefined) maps[member] = map
    }
    return Object.keys(maps).length === 0 ? shown : { ...shown, i18n: maps }
  }
  const fields = version.fields.map((field) => {
    const validation = field.validation as Record<string, unknown> | undefined
    return {
      ...field,
      ...texts(field, FIELD_TEXTS),
      ...(validation === undefined
        ? {}
        : { validation: { ...validation, ...texts(validation, ['message']) } }),
      ...(Array.isArray(field.options)
        ? {
            options: (field.options as Record<string, unknown>[]).map((option) => ({
              ...option,
              ...texts(option, ['label']),
            })),
          }
        : {}),
    }
  })
  const top = texts({ title: version.title, description: version.description }, ['title', 'description']) as {
    title?: string
    description?: string
    i18n?: Record<string, unknown>
  }
  return {
    ...top,
    // A title or description with no text for the reader (an empty map, fallback=false) reads ''.
    title: top.title ?? '',
    description: top.description ?? '',
    fields,
    settings: texts(version.settings, PUBLIC_SETTINGS),
  }
}
