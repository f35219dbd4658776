import type { FormVersionRow } from './repository.js'

type Text = string | Record<string, string>

/**
 * The languages a client asks for, best first: `?locale=` alone when given, else the tags of
 * `Accept-Language` by quality (RFC 9110 §12.5.4), `*` and malformed entries ignored; at most 10.
 */
export function requestedLocales(locale: string | undefined, acceptLanguage: string | undefined): string[] {
  if (locale !== undefined && locale !== '') return [locale]
  if (acceptLanguage === undefined) return []
  return acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .slice(0, 10)
    .map((entry) => entry.tag)
}

/**
 * The text of `value` for the first requested locale it has (exact tag, then the language alone,
 * case-insensitively), else in `fallback`, else its first text.
 */
export function pick(
  value: Text | null | undefined,
  locales: readonly string[],
  fallback: string,
): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  const keys = Object.keys(value)
  const find = (tag: string) => {
    const lower = tag.toLowerCase()
    return (
      keys.find((key) => key.toLowerCase() === lower) ??
      keys.find((key) => key.toLowerCase() === lower.split('-')[0])
    )
  }
  for (const tag of [...locales, fallback]) {
    const key = find(tag)
    if (key !== undefined) return value[key]
  }
  return keys.length === 0 ? undefined : value[keys[0]!]
}

/** The locale the answer was given in: the first requested one the title has, else the fallback. */
export function chosenLocale(
  title: Record<string, string>,
  locales: readonly string[],
  fallback: string,
): string {
  const keys = Object.keys(title).map((key) => key.toLowerCase())
  return (
    locales.find(
      (tag) => keys.includes(tag.toLowerCase()) || keys.includes(tag.toLowerCase().split('-')[0]!),
    ) ?? fallback
  )
}

const isTextMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const FIELD_TEXTS = ['label', 'placeholder', 'helpText'] as const
/** Settings a renderer needs; notification recipients and anti-spam numbers stay private. */
const PUBLIC_SETTINGS = ['submitButtonText', 'successMessage', 'captcha'] as const

/**
 * A published version as the public read shows it: every multilingual member as the text for the
 * client's locale, with the maps kept beside it in `i18n` (so a page can switch language without
 * another request). Only the settings a renderer needs are shown.
 */
export function localizeVersion(version: FormVersionRow, locales: readonly string[], fallback: string) {
  const texts = (source: Record<string, unknown>, members: readonly string[]) => {
    const shown: Record<string, unknown> = {}
    const maps: Record<string, unknown> = {}
    for (const member of members) {
      const value = source[member]
      if (value === undefined) continue
      shown[member] = typeof value === 'string' || isTextMap(value) ? pick(value, locales, fallback) : value
      if (isTextMap(value)) maps[member] = value
    }
    return Object.keys(maps).length === 0 ? shown : { ...shown, i18n: maps }
  }
  const fields = version.fields.map((field) => ({
    ...field,
    ...texts(field, FIELD_TEXTS),
    ...(Array.isArray(field.options)
      ? {
          options: (field.options as Record<string, unknown>[]).map((option) => ({
            ...option,
            ...texts(option, ['label']),
          })),
        }
      : {}),
  }))
  const top = texts({ title: version.title, description: version.description }, ['title', 'description']) as {
    title: string
    description: string
    i18n?: Record<string, unknown>
  }
  return {
    ...top,
    // An empty map (a description written in no language) has no text to show: the read says ''.
    description: top.description ?? '',
    fields,
    settings: texts(version.settings, PUBLIC_SETTINGS),
  }
}
