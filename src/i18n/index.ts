import i18next from 'i18next'
import type { CatalogParams, NoParams } from './keys.js'
import en from './locales/en.json' with { type: 'json' }
import tr from './locales/tr.json' with { type: 'json' }
import { type Param, Phrase } from './phrase.js'

/**
 * The languages Folio itself speaks: the messages of its answers and its mails (docs/decisions/
 * http.md "Messages in the reader's language"). One catalog per language in `locales/` (groups
 * `errors`, `validation`, `mail`, `expect`), loaded at start, English the fallback; every key is in
 * both (`i18n.test.ts`), and `keys.ts` types each key's placeholders (`npm run generate:i18n`).
 */
export const LANGUAGES = ['en', 'tr'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export { type Param, Phrase } from './phrase.js'

const catalogs = i18next.createInstance()
void catalogs.init({
  resources: { en, tr },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(en),
  defaultNS: 'errors',
  initAsync: false,
  // Mail bodies are lists of lines.
  joinArrays: '\n',
  // Plain text, never HTML; a value's own `{{…}}` or `$t(…)` is never expanded (`skipOnVariables`).
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false,
})

/** `value` (a stored `users.language`, a header's pick) when it is one of Folio's languages. */
export function languageOf(value: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language === value)
}

export type CatalogKey = keyof CatalogParams
type ParamsArgs<K extends CatalogKey> = CatalogParams[K] extends NoParams ? [] : [params: CatalogParams[K]]

/** A key of the `errors` group, without the group: `media.emptyFile`. */
export type ErrorKey = CatalogKey extends infer K ? (K extends `errors.${infer Key}` ? Key : never) : never
/** An error key whose text takes no placeholder: what a thrower may pass as it is. */
export type PlainErrorKey = {
  [K in ErrorKey]: CatalogParams[`errors.${K}`] extends NoParams ? K : never
}[ErrorKey]
/** An error's message: a plain key, or a `phrase(key, params)`. */
export type ErrorText = PlainErrorKey | Phrase
/** The names `errors.notFound` takes: the keys of the `errors.resources` group. */
export type ResourceName = ErrorKey extends infer K
  ? K extends `resources.${infer Name}`
    ? Name
    : never
  : never

/** The phrase of the `errors` group's `key` with `params`: `phrase('media.typeRefused', { type })`. */
export function phrase<K extends ErrorKey>(key: K, ...params: ParamsArgs<`errors.${K}`>): Phrase {
  return new Phrase(`errors.${key}`, params[0] ?? {})
}

/** The phrase of any catalog key (validation sentences, mails). */
export function catalogPhrase<K extends CatalogKey>(key: K, ...params: ParamsArgs<K>): Phrase {
  return new Phrase(key, params[0] ?? {})
}

/**
 * An English wording a route schema declares (`x-expect`, a pattern's description), as a phrase of
 * the `expect` group, whose keys are those wordings; a wording the catalogs lack reads as written.
 */
export function expectation(wording: string): Phrase {
  return new Phrase(`expect.${wording}`)
}

/** `items` joined by "; " (several problems in one sentence), in whatever language they are put. */
export function semicolonList(items: readonly Param[]): Param {
  if (items.length === 0) return ''
  return items.reduce((first, second) => new Phrase('errors.common.semicolonList', { first, second }))
}

/** `text` as a phrase (a plain key of the `errors` group, or already a phrase). */
export function toPhrase(text: ErrorText): Phrase {
  return typeof text === 'string' ? new Phrase(`errors.${text}`) : text
}

/** `text` in `language`, phrases among its values first. */
export function translate(text: Phrase, language: Language): string {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(text.params)) {
    values[name] = value instanceof Phrase ? translate(value, language) : value
  }
  const dot = text.key.indexOf('.')
  const ns = text.key.slice(0, dot)
  const key = text.key.slice(dot + 1)
  return catalogs.t(key, {
    ns,
    lng: language,
    replace: values,
    ...(typeof values.count === 'number' ? { count: values.count } : {}),
    ...(text.context === undefined ? {} : { context: text.context }),
    // The `expect` group's keys are English sentences, dots and colons included.
    ...(ns === 'expect' ? { keySeparator: false, nsSeparator: false } : {}),
  })
}

/**
 * A formatter the catalogs name as `{{value, name}}` (validation's member names, which English puts
 * in words and Turkish quotes as sent).
 */
export function addFormatter(name: string, format: (value: unknown, language: Language) => string): void {
  catalogs.services.formatter?.add(name, (value, language) =>
    format(value, languageOf(language) ?? DEFAULT_LANGUAGE),
  )
}

/** The mails of the `mail` group: each has a `subject` and a `body` (a list of lines). */
export type MailName = CatalogKey extends infer K
  ? K extends `mail.${infer Name}.subject`
    ? Name
    : never
  : never
/** The placeholders of `key`, none as an empty object (so two texts' placeholders can be merged). */
type Values<K extends CatalogKey> = CatalogParams[K] extends NoParams
  ? Record<never, never>
  : CatalogParams[K]
type MailParams<N extends MailName> = Values<`mail.${N}.subject`> & Values<`mail.${N}.body`>

/** The subject and text of the mail `name` in `language`. */
export function renderMail<N extends MailName>(
  name: N,
  language: Language,
  params: MailParams<N>,
): { subject: string; text: string } {
  const values = params as Record<string, Param>
  return {
    subject: translate(new Phrase(`mail.${name}.subject`, values), language),
    text: translate(new Phrase(`mail.${name}.body`, values), language),
  }
}
