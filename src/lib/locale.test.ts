import { describe, expect, it } from 'vitest'
import {
  canonicalLocale,
  checkLocales,
  fallbackChain,
  LocalesError,
  negotiateLocale,
  SINGLE_LOCALE,
  type TenantLocales,
} from './locale.js'

const AUSTRIA: TenantLocales = {
  default: 'en',
  available: ['en', 'de', 'de-AT', 'tr'],
  fallbacks: { 'de-AT': 'de', de: 'en' },
}

function refusal(value: TenantLocales): { member: string; message: string } {
  try {
    checkLocales(value)
  } catch (err) {
    if (err instanceof LocalesError) return { member: err.member, message: err.message }
    throw err
  }
  throw new Error('accepted')
}

describe('canonicalLocale', () => {
  it('puts tags in canonical case and refuses what is not a language tag of the subset', () => {
    expect(canonicalLocale('en')).toBe('en')
    expect(canonicalLocale('DE-at')).toBe('de-AT')
    expect(canonicalLocale('zh-hant-tw')).toBe('zh-Hant-TW')
    expect(canonicalLocale('es-419')).toBe('es-419')
    for (const bad of [
      '',
      'e',
      'english',
      'en_US',
      'en-',
      'de-AT-1996',
      'x-private',
      'en-US-u-ca-buddhist',
      '../en',
    ]) {
      expect(canonicalLocale(bad), bad).toBeUndefined()
    }
  })
})

describe('checkLocales', () => {
  it('answers the value canonical', () => {
    expect(
      checkLocales({ default: 'EN', available: ['en', 'TR', 'de-at'], fallbacks: { 'DE-AT': 'en' } }),
    ).toEqual({
      default: 'en',
      available: ['en', 'tr', 'de-AT'],
      fallbacks: { 'de-AT': 'en' },
    })
  })

  it('names the member at fault', () => {
    expect(refusal({ default: 'en', available: [], fallbacks: {} }).member).toBe('locales.available')
    expect(refusal({ default: 'en', available: ['en', 'EN'], fallbacks: {} })).toEqual({
      member: 'locales.available.1',
      message: 'lists "en" twice.',
    })
    expect(refusal({ default: 'en', available: ['en', 'en_GB'], fallbacks: {} }).member).toBe(
      'locales.available.1',
    )
    expect(refusal({ default: 'fr', available: ['en'], fallbacks: {} })).toEqual({
      member: 'locales.default',
      message: '"fr" is not one of locales.available.',
    })
    expect(refusal({ default: 'en', available: ['en', 'de'], fallbacks: { de: 'fr' } })).toEqual({
      member: 'locales.fallbacks.de',
      message: 'falls back to "fr", which is not one of locales.available.',
    })
    expect(refusal({ default: 'en', available: ['en', 'de'], fallbacks: { de: 'de' } }).message).toBe(
      'falls back to itself.',
    )
    const tooMany = Array.from(
      { length: 31 },
      (_, index) => `a${String.fromCharCode(97 + (index % 26))}${index < 26 ? '' : 'x'}`,
    )
    expect(refusal({ default: tooMany[0] ?? 'en', available: tooMany, fallbacks: {} }).message).toBe(
      'lists 31 locales; at most 30.',
    )
  })

  it('refuses a cycle, naming its steps', () => {
    expect(
      refusal({
        default: 'en',
        available: ['en', 'de', 'de-AT', 'de-CH'],
        fallbacks: { 'de-AT': 'de', de: 'de-CH', 'de-CH': 'de-AT' },
      }),
    ).toEqual({ member: 'locales.fallbacks.de-AT', message: 'makes a cycle: de-AT → de → de-CH → de-AT.' })
  })
})

describe('fallbackChain', () => {
  it('follows the fallbacks, then the default, each locale once', () => {
    expect(fallbackChain(AUSTRIA, 'de-AT')).toEqual(['de-AT', 'de', 'en'])
    expect(fallbackChain(AUSTRIA, 'tr')).toEqual(['tr', 'en'])
    expect(fallbackChain(AUSTRIA, 'en')).toEqual(['en'])
    expect(fallbackChain(SINGLE_LOCALE, 'en')).toEqual(['en'])
  })
})

describe('negotiateLocale', () => {
  it('takes the locale parameter when it is one of the tenant’s', () => {
    expect(negotiateLocale(AUSTRIA, 'DE-at', 'tr')).toBe('de-AT')
    expect(() => negotiateLocale(AUSTRIA, 'fr', undefined)).toThrow(
      `must be one of the tenant's locales (en, de, de-AT, tr); "fr" is not.`,
    )
    expect(() => negotiateLocale(AUSTRIA, 'french', undefined)).toThrow(LocalesError)
    // One locale: nothing to choose, nothing to refuse (a tenant without the setting, as before).
    expect(negotiateLocale(SINGLE_LOCALE, 'tr', 'tr')).toBe('en')
  })

  it('negotiates Accept-Language by quality and prefix, else the default', () => {
    expect(negotiateLocale(AUSTRIA, undefined, 'tr-TR,tr;q=0.9,en;q=0.5')).toBe('tr')
    expect(negotiateLocale(AUSTRIA, undefined, 'de-CH, de;q=0.8')).toBe('de')
    expect(negotiateLocale(AUSTRIA, undefined, 'fr;q=1, de-AT;q=0.4')).toBe('de-AT')
    expect(negotiateLocale(AUSTRIA, undefined, 'fr, ja')).toBe('en')
    expect(negotiateLocale(AUSTRIA, undefined, '*')).toBe('en')
    expect(negotiateLocale(AUSTRIA, undefined, 'fr, *;q=0.1')).toBe('en')
    expect(negotiateLocale(AUSTRIA, undefined, undefined)).toBe('en')
    expect(negotiateLocale(SINGLE_LOCALE, undefined, 'tr')).toBe('en')
  })
})
