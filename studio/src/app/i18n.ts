import { first, sections } from 'virtual:studio-strings'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { type Language, pickLanguage } from '../lib/language'
import { FIRST_SECTIONS, type Section } from '../locales/sections'

// Studio's strings load by section, a top-level key of the locale files (docs/decisions/studio.md
// "Languages"): the first screen's sections before the first render, every other section with the
// screen that names it. All go into i18next's one `translation` namespace, merged, so a key reads
// `t('media.title')` whichever chunk brought it.

const FIRST = new Set<string>(FIRST_SECTIONS)
/** Sections the screens shown so far brought: a switch of language loads them in the new one. */
const inUse = new Set<Section>()
/** Chunks loaded or on their way, by `<language>/<section, or first>`. */
const chunks = new Map<string, Promise<void>>()
/** The language shown, and the one a switch is loading (the same when none is under way). */
let shown: Language | undefined
let wanted: Language | undefined

/** Loads one chunk of `language`'s strings into i18next once; a failed one is tried again when asked again. */
function loadChunk(language: Language, part: Section | 'first'): Promise<void> {
  const key = `${language}/${part}`
  const known = chunks.get(key)
  if (known !== undefined) return known
  const chunk = part === 'first' ? first[language] : sections[language]?.[part]
  if (chunk === undefined) return Promise.reject(new Error(`Studio has no strings ${key}`))
  const loading = chunk().then(
    (module) => {
      i18n.addResourceBundle(language, 'translation', module.default, true, true)
    },
    (error: unknown) => {
      chunks.delete(key)
      throw error
    },
  )
  chunks.set(key, loading)
  return loading
}

/** `language`'s strings the app has needed so far: the first screen's and those of the screens shown. */
async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([
    loadChunk(language, 'first'),
    ...[...inUse].map((section) => loadChunk(language, section)),
  ])
}

/**
 * Loads `needed` sections (the first screen's are always there) in the language shown, and in the
 * one a switch is loading, so a screen opened during a switch has its strings in both.
 */
export async function loadSections(needed: readonly Section[]): Promise<void> {
  const later = needed.filter((section) => !FIRST.has(section))
  for (const section of later) inUse.add(section)
  const languages = new Set([shown, wanted].filter((language) => language !== undefined))
  await Promise.all(
    [...languages].flatMap((language) => later.map((section) => loadChunk(language, section))),
  )
}

/**
 * `module` once its `sections` are loaded too: how a lazily imported screen or dialog brings its
 * strings, `lazyRouteComponent(() => withStrings(['media'], import('./routes/media-library')), …)`.
 * The router (or Suspense) renders it once both are here. test/studio-strings.test.ts checks that
 * `sections` are those the module's code names.
 */
export async function withStrings<Module>(
  sections: readonly Section[],
  module: Promise<Module>,
): Promise<Module> {
  const [loaded] = await Promise.all([module, loadSections(sections)])
  return loaded
}

/** Loads `language`'s strings in use, then shows the app in it. */
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language
  await loadLanguage(language)
  // A later switch has taken over: it shows its own language.
  if (wanted !== language) return
  if (i18n.language !== language) await i18n.changeLanguage(language)
  shown = language
}

/** Sections already reported as asked for before they loaded. */
const reported = new Set<string>()

/**
 * A key asked for before its section loaded, a screen that did not declare it (which
 * test/studio-strings.test.ts is meant to prevent): said on the console, which fails the browser
 * tests, then loaded and the app drawn again, so the user sees the string rather than its key.
 */
function unloadedSection(key: string): void {
  const section = key.split('.')[0]!
  const language = i18n.language as Language
  if (FIRST.has(section) || sections[language]?.[section] === undefined) return
  if (i18n.getResource(language, 'translation', section) !== undefined) return
  if (!reported.has(section)) {
    reported.add(section)
    console.error(
      `Studio's strings "${section}" were not loaded before "${key}" was shown (withStrings, app/i18n.ts)`,
    )
  }
  // A chunk that fails to load here was already said above; the key stays shown.
  void loadSections([section as Section]).then(
    () => i18n.changeLanguage(i18n.language),
    () => undefined,
  )
}

/**
 * i18next with the app's two languages, resolved once the first screen's strings are loaded; before
 * sign-in the browser's languages pick the language. Every key exists in both languages
 * (test/studio-locales.test.ts), so there is no fallback to load besides.
 */
export async function setUpI18n(): Promise<typeof i18n> {
  const language = pickLanguage(undefined, navigator.languages)
  wanted = language
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    parseMissingKeyHandler: (key, defaultValue) => {
      unloadedSection(key)
      return defaultValue ?? key
    },
  })
  await loadLanguage(language)
  shown = language
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (changed) => {
    document.documentElement.lang = changed
  })
  return i18n
}
