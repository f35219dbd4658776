import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import en from '../locales/en.json'
import { FIRST_SECTIONS } from '../locales/sections'
import tr from '../locales/tr.json'

// A fresh i18next of this file's own: the worker's other files share the library's default one.
vi.mock('i18next', async (original) => {
  const { default: shared } = await original<typeof import('i18next')>()
  return { default: shared.createInstance() }
})

// The chunks of strings as the build makes them (studio/vite.config.ts `strings()`), each import
// logged as `<language>/<section, or first>`; `failOnce` makes the next import of a chunk fail.
const imported: string[] = []
const failOnce = new Set<string>()
vi.mock('virtual:studio-strings', () => {
  const locales: Record<string, Record<string, unknown>> = { en, tr }
  const chunk = (language: string, part: string, strings: Record<string, unknown>) => async () => {
    const key = `${language}/${part}`
    imported.push(key)
    if (failOnce.delete(key)) throw new TypeError('Failed to fetch dynamically imported module')
    return { default: strings }
  }
  const first = new Set<string>(FIRST_SECTIONS)
  const perLanguage = <T>(each: (language: string, strings: Record<string, unknown>) => T) =>
    Object.fromEntries(
      Object.entries(locales).map(([language, strings]) => [language, each(language, strings)]),
    )
  return {
    first: perLanguage((language, strings) =>
      chunk(language, 'first', Object.fromEntries(Object.entries(strings).filter(([key]) => first.has(key)))),
    ),
    sections: perLanguage((language, strings) =>
      Object.fromEntries(
        Object.keys(strings)
          .filter((key) => !first.has(key))
          .map((key) => [key, chunk(language, key, { [key]: strings[key] })]),
      ),
    ),
  }
})

/** app/i18n.ts afresh, set up as the entry sets it up: its own i18next, only the first screen's strings. */
async function setUp() {
  vi.resetModules()
  imported.length = 0
  const { default: i18n } = await import('i18next')
  const studio = await import('./i18n')
  await studio.setUpI18n()
  return { i18n, ...studio }
}

beforeAll(() => {
  vi.stubGlobal('navigator', { languages: ['en-GB'] })
  vi.stubGlobal('document', { documentElement: { lang: '' } })
})
afterAll(() => {
  vi.unstubAllGlobals()
})

describe("Studio's strings by section", () => {
  it('start with the first screen’s sections only, in the browser’s language', async () => {
    const { i18n } = await setUp()
    expect(imported).toEqual(['en/first'])
    expect(i18n.t('nav.dashboard')).toBe('Dashboard')
    expect(i18n.getResource('en', 'translation', 'media')).toBeUndefined()
    expect(document.documentElement.lang).toBe('en')
  })

  it('bring a screen’s sections with its module, merged into the one namespace', async () => {
    const { i18n, loadSections, withStrings } = await setUp()
    const screen = { MediaLibraryPage: 'the screen' }
    expect(await withStrings(['media', 'auth'], Promise.resolve(screen))).toBe(screen)
    expect(imported).toEqual(['en/first', 'en/media'])
    expect(i18n.t('media.title')).toBe(en.media.title)
    expect(i18n.t('nav.dashboard')).toBe('Dashboard')
    await loadSections(['media'])
    expect(imported).toEqual(['en/first', 'en/media'])
  })

  it('switch language once the sections in use are loaded in the new one', async () => {
    const { i18n, loadSections, switchLanguage } = await setUp()
    await loadSections(['media'])
    await switchLanguage('tr')
    expect(imported.sort()).toEqual(['en/first', 'en/media', 'tr/first', 'tr/media'])
    expect(i18n.language).toBe('tr')
    expect(document.documentElement.lang).toBe('tr')
    expect(i18n.t('media.title')).toBe(tr.media.title)
    expect(i18n.t('nav.dashboard')).toBe(tr.nav.dashboard)
  })

  it('load a screen opened during a switch in both languages', async () => {
    const { i18n, loadSections, switchLanguage } = await setUp()
    const switching = switchLanguage('tr')
    await loadSections(['forms'])
    await switching
    expect(imported.sort()).toEqual(['en/first', 'en/forms', 'tr/first', 'tr/forms'])
    expect(i18n.t('forms.title')).toBe(tr.forms.title)
    await switchLanguage('en')
    expect(i18n.t('forms.title')).toBe(en.forms.title)
  })

  it('show the language of the last switch asked for', async () => {
    const { i18n, switchLanguage } = await setUp()
    await Promise.all([switchLanguage('tr'), switchLanguage('en')])
    expect(i18n.language).toBe('en')
  })

  it('try a chunk that failed to load again when it is asked again', async () => {
    const { i18n, loadSections } = await setUp()
    failOnce.add('en/webhooks')
    await expect(loadSections(['webhooks'])).rejects.toThrow('Failed to fetch')
    await loadSections(['webhooks'])
    expect(imported).toEqual(['en/first', 'en/webhooks', 'en/webhooks'])
    expect(i18n.t('webhooks.title')).toBe(en.webhooks.title)
  })

  it('say when a key is shown before its section loaded, then load it', async () => {
    const { i18n } = await setUp()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(i18n.t('settings.title')).toBe('settings.title')
    expect(i18n.t('settings.title')).toBe('settings.title')
    await vi.waitFor(() => expect(i18n.t('settings.title')).toBe(en.settings.title))
    expect(imported).toEqual(['en/first', 'en/settings'])
    expect(errors.mock.calls).toEqual([
      [
        `Studio's strings "settings" were not loaded before "settings.title" was shown (withStrings, app/i18n.ts)`,
      ],
    ])
    errors.mockRestore()
  })

  it('keep a default value for a key its loaded section does not have', async () => {
    const { i18n, loadSections } = await setUp()
    await loadSections(['tokens'])
    const errors = vi.spyOn(console, 'error')
    expect(i18n.t('tokens.roles.custom-role', { defaultValue: 'custom-role' })).toBe('custom-role')
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
