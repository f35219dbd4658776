/** The languages Studio speaks: the user languages of the API (`language` of `GET /api/users/me`). */
export const LANGUAGES = ['en', 'tr'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * The language to show: the signed-in user's own when set, else the first of the browser's
 * languages Studio speaks (`tr-TR` → `tr`), else English.
 */
export function pickLanguage(userLanguage: string | null | undefined, browser: readonly string[]): Language {
  for (const candidate of [userLanguage, ...browser]) {
    const base = candidate?.toLowerCase().split('-')[0]
    if (base !== undefined && (LANGUAGES as readonly string[]).includes(base)) return base as Language
  }
  return 'en'
}
