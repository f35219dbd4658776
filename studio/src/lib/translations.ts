import { FolioError } from '@folio/client'
import { type FieldErrors, fieldErrors } from './errors'
import type { TenantLocales } from './locales'
import { type FieldOf, memberOf } from './validation'

/**
 * A record's values in the tenant's locales other than the default (docs/decisions/localization.md
 * "Field-level localization"): locale → member → text (`{ tr: { name: 'Haberler' } }`). The
 * record's own members are the default locale's.
 */
export type Translations = Record<string, Record<string, string>>

/** The translations an answer holds (`translations` of a category, a tag, a menu item), its texts only. */
export function translationsOf(value: unknown): Translations {
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(
    Object.entries(value).flatMap(([locale, members]) =>
      typeof members === 'object' && members !== null
        ? [
            [
              locale,
              Object.fromEntries(
                Object.entries(members).filter(
                  (entry): entry is [string, string] => typeof entry[1] === 'string',
                ),
              ),
            ],
          ]
        : [],
    ),
  )
}

/**
 * The translations to send: those of the locales the tenant serves other than the default, each
 * with the members given a text (an empty one falls back, so it is left out), a locale with none
 * left out. A locale the tenant no longer serves is dropped: the API refuses it, and no reader
 * reaches it.
 */
export function translationsBody(value: Translations, locales: TenantLocales): Translations {
  const body: Translations = {}
  for (const locale of locales.available) {
    if (locale === locales.default) continue
    const members = Object.entries(value[locale] ?? {}).filter(([, text]) => text.trim() !== '')
    if (members.length > 0) body[locale] = Object.fromEntries(members)
  }
  return body
}

/** `value` with `member` of `locale` set to `text`. */
export function withTranslation(
  value: Translations,
  locale: string,
  member: string,
  text: string,
): Translations {
  return { ...value, [locale]: { ...value[locale], [member]: text } }
}

/**
 * Where the form's own check places a problem: one in the translations at its locale and member
 * (`/translations/tr/name` → `translations/tr/name`), the rest at the body's member.
 */
export const translationFieldOf: FieldOf = (pointer) =>
  pointer.startsWith('/translations/') ? pointer.slice(1) : memberOf(pointer)

/**
 * The errors of a failed save of a record with translations: `fieldErrors`, except that a detail
 * under `body/translations/` goes to its locale (`translations/tr`) or member
 * (`translations/tr/slug`), and a `SlugConflict` goes to the slug that holds the slug it quotes
 * (the record's own, or a translation's).
 */
export function translationErrors(
  error: unknown,
  values: { slug?: string; translations: Translations },
): FieldErrors {
  if (!(error instanceof FolioError)) return fieldErrors(error)
  if (error.code === 'SlugConflict') {
    const translated = Object.entries(values.translations).find(
      ([, members]) =>
        members.slug !== undefined && members.slug !== '' && error.message.includes(`"${members.slug}"`),
    )
    return { [translated === undefined ? 'slug' : `translations/${translated[0]}/slug`]: error.message }
  }
  const errors = fieldErrors(error)
  const details = error.details ?? []
  const under = (path: unknown): path is string =>
    typeof path === 'string' && path.startsWith('body/translations/')
  if (!details.some((detail) => under(detail.path))) return errors
  // fieldErrors put these at `translations` with the whole map's: each goes where it belongs.
  delete errors.translations
  for (const detail of details) {
    const key = under(detail.path)
      ? detail.path.slice('body/'.length)
      : detail.path === 'body/translations' || detail.member === 'translations'
        ? 'translations'
        : undefined
    if (key === undefined) continue
    const message = typeof detail.message === 'string' ? detail.message : error.message
    errors[key] = errors[key] === undefined ? message : `${errors[key]} ${message}`
  }
  return errors
}
