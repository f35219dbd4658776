import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { pickLanguage } from '../lib/language'
import en from '../locales/en.json'
import tr from '../locales/tr.json'

/** i18next with the app's two languages; before sign-in the browser's languages pick one. */
export function setUpI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, tr: { translation: tr } },
    lng: pickLanguage(undefined, navigator.languages),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language
  })
  return i18n
}
