import { describe, expect, it } from 'vitest'
import { SINGLE_LOCALE } from '../../lib/locale.js'
import { localeOfLanguage, planLocales } from './wordpress-locales.js'
import type { WxrLanguage } from './wxr-languages.js'

const language = (slug: string, wordpressLocale: string, contents: number): WxrLanguage => ({
  slug,
  name: slug.toUpperCase(),
  wordpressLocale,
  contents,
})

describe('localeOfLanguage', () => {
  it("takes the slug as a tag, else the WordPress locale, else that locale's language and region", () => {
    expect(localeOfLanguage({ slug: 'en', wordpressLocale: 'en_US' })).toBe('en')
    expect(localeOfLanguage({ slug: 'pt-br', wordpressLocale: 'pt_BR' })).toBe('pt-BR')
    expect(localeOfLanguage({ slug: 'zh-hant', wordpressLocale: 'zh_TW' })).toBe('zh-Hant')
    expect(localeOfLanguage({ slug: 'english', wordpressLocale: 'en_US' })).toBe('en-US')
    expect(localeOfLanguage({ slug: 'formal', wordpressLocale: 'de_DE_formal' })).toBe('de-DE')
    expect(localeOfLanguage({ slug: 'klingon', wordpressLocale: '' })).toBeUndefined()
    expect(localeOfLanguage({ slug: 'x', wordpressLocale: 'tlh' })).toBe('tlh')
  })
})

describe('planLocales', () => {
  it('gives a tenant with the one locale it started with every language, the one with most contents its default', () => {
    const plan = planLocales(SINGLE_LOCALE, [
      language('tr', 'tr_TR', 2),
      language('en', 'en_US', 3),
      language('de', 'de_DE', 1),
      language('pt-br', 'pt_BR', 1),
    ])
    expect(plan.locales).toEqual({ default: 'en', available: ['en', 'tr', 'de', 'pt-BR'], fallbacks: {} })
    expect(plan.added).toEqual(['tr', 'de', 'pt-BR'])
    expect([...plan.localeOf]).toEqual([
      ['en', 'en'],
      ['tr', 'tr'],
      ['de', 'de'],
      ['pt-br', 'pt-BR'],
    ])
    expect(plan.left).toEqual([])
  })

  it('moves the default of a fresh tenant to the majority language even when it is not en', () => {
    const plan = planLocales(SINGLE_LOCALE, [language('en', 'en_US', 1), language('tr', 'tr_TR', 4)])
    expect(plan.locales).toEqual({ default: 'tr', available: ['en', 'tr'], fallbacks: {} })
    // Among equals, the first in the file.
    const tie = planLocales(SINGLE_LOCALE, [language('de', 'de_DE', 2), language('fr', 'fr_FR', 2)])
    expect(tie.locales.default).toBe('de')
  })

  it('keeps the default, order and fallbacks of a tenant that chose its locales, adding only what it lacks', () => {
    const current = { default: 'tr', available: ['tr', 'en', 'de-AT'], fallbacks: { 'de-AT': 'en' } }
    const plan = planLocales(current, [
      language('en', 'en_US', 5),
      language('tr', 'tr_TR', 1),
      language('de', 'de_DE', 2),
    ])
    expect(plan.locales).toEqual({
      default: 'tr',
      available: ['tr', 'en', 'de-AT', 'de'],
      fallbacks: { 'de-AT': 'en' },
    })
    expect(plan.added).toEqual(['de'])
    // A tenant with one locale other than en chose it too.
    expect(
      planLocales({ default: 'fr', available: ['fr'], fallbacks: {} }, [language('en', '', 3)]).locales,
    ).toEqual({ default: 'fr', available: ['fr', 'en'], fallbacks: {} })
  })

  it('stops at 30 locales, leaving out the languages with fewest contents, and those without a tag', () => {
    const current = {
      default: 'en',
      available: [
        'en',
        ...Array.from(
          { length: 27 },
          (_, index) => `a${String.fromCharCode(97 + (index % 26))}${index >= 26 ? 'x' : ''}`,
        ),
      ],
      fallbacks: {},
    }
    expect(current.available).toHaveLength(28)
    const plan = planLocales(current, [
      language('tr', 'tr_TR', 1),
      language('de', 'de_DE', 5),
      language('fr', 'fr_FR', 3),
      language('klingon', '', 9),
      language('en', 'en_US', 2),
    ])
    expect(plan.added).toEqual(['de', 'fr'])
    expect(plan.locales.available).toHaveLength(30)
    expect(plan.locales.default).toBe('en')
    expect(plan.localeOf.get('en')).toBe('en')
    expect(plan.left.map(({ language, reason }) => [language.slug, reason])).toEqual([
      ['klingon', 'neither "klingon" is a language tag Folio takes'],
      ['tr', 'the tenant has 30 locales, the most it may have, and "tr" is not one of them'],
    ])
  })
})
