import { describe, expect, it } from 'vitest'
import { canonicalTag, fallbackChain, localeName } from './locales'

describe('canonicalTag', () => {
  it('answers the tag as the API stores it', () => {
    expect(canonicalTag('DE-at')).toBe('de-AT')
    expect(canonicalTag(' zh-hant-tw ')).toBe('zh-Hant-TW')
    expect(canonicalTag('es-419')).toBe('es-419')
    expect(canonicalTag('tr')).toBe('tr')
  })

  it('refuses what is no tag, and tags with more than a language, script and region', () => {
    for (const text of ['', 'en_GB', 'en-', 'x-private', 'abcde', 'en-US-u-ca-gregory', 'sl-rozaj']) {
      expect(canonicalTag(text), text).toBeUndefined()
    }
  })
})

describe('fallbackChain', () => {
  const locales = {
    default: 'en',
    available: ['en', 'de', 'de-AT', 'tr'],
    fallbacks: { 'de-AT': 'de', de: 'en' },
  }

  it('follows the steps, then the default, each once', () => {
    expect(fallbackChain(locales, 'de-AT')).toEqual(['de-AT', 'de', 'en'])
    expect(fallbackChain(locales, 'tr')).toEqual(['tr', 'en'])
    expect(fallbackChain(locales, 'en')).toEqual(['en'])
  })

  it('stops at a step already taken (a cycle the API would refuse)', () => {
    const cycle = { ...locales, fallbacks: { de: 'de-AT', 'de-AT': 'de' } }
    expect(fallbackChain(cycle, 'de')).toEqual(['de', 'de-AT', 'en'])
  })
})

describe('localeName', () => {
  it("names a locale in the app's language, or gives its tag back", () => {
    expect(localeName('de-AT', 'en')).toBe('Austrian German')
    expect(localeName('tr', 'tr')).toBe('Türkçe')
    expect(localeName('qq', 'en')).toBe('qq')
  })
})
