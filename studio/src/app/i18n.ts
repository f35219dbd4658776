import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { type Language, pickLanguage } from '../lib/language'

/**
 * Each language's strings load with their first use, as their own chunk: the first screen carries
 * neither (together about 30 KB compressed, held under test/studio-budget.test.ts).
 */
const BUNDLES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json'),
  tr: () => import('../locales/tr.json'),
}

/** Loads `language`'s strings when not loaded yet, then shows the app in it. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await BUNDLES[language]()).default)
  }
  if (i18n.language !== language) await i18n.changeLanguage(language)
}

/**
 * i18next with the app's two languages, resolved once the first language's strings are loaded;
 * before sign-in the browser's languages pick it. Every key exists in both languages
 * (test/studio-locales.test.ts), so there is no fallback to load besides.
 */
export async function setUpI18n(): Promise<typeof i18n> {
  const language = pickLanguage(undefined, navigator.languages)
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation: (await BUNDLES[language]()).default } },
    lng: language,
    fallbackLng: false,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (changed) => {
    document.documentElement.lang = changed
  })
  return i18n
}
