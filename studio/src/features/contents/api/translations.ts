import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { TenantLocales } from '../../../lib/locales'

/** One translation of a content's document (`GET /api/contents/{id}/translations`). */
export type Translation = AnswerOf<'listContentTranslations'>['translations'][number]

/** The translations of `id`'s document, itself included, by locale (docs/decisions/localization.md). */
export const translationsQuery = (tenantId: string, id: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['contents', 'translations', id],
      async (api) =>
        (await unwrap(api.GET('/api/contents/{id}/translations', { params: { path: { id } } }))).translations,
    ),
  )

/**
 * A draft translation of `id` in `locale`, prefilled from it (`POST /api/contents/{id}/translations`);
 * 409 when the document has that locale already, 400 when the tenant has not.
 */
export function createTranslation(tenantId: string, id: string, locale: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/contents/{id}/translations', {
      params: { path: { id } },
      body: { locale },
    }),
  )
}

/** A locale of the tenant and its document's translation in it, when there is one. */
export interface LocaleSlot {
  locale: string
  translation: Translation | undefined
}

/**
 * Every locale of the tenant in its order, each with the document's translation in it, then the
 * translations in locales the tenant no longer lists (so none is hidden): what the list's badges
 * and the editor's switcher show.
 */
export function localeSlots(locales: TenantLocales, translations: readonly Translation[]): LocaleSlot[] {
  const byLocale = new Map(translations.map((translation) => [translation.locale, translation]))
  return [
    ...locales.available.map((locale) => ({ locale, translation: byLocale.get(locale) })),
    ...translations
      .filter((translation) => !locales.available.includes(translation.locale))
      .map((translation) => ({ locale: translation.locale, translation })),
  ]
}
