import { describe, expect, it } from 'vitest'
import { type Phrase, translate } from '../../i18n/index.js'
import { type FormLocales, localeKeyProblem, textChoice, textIn } from './localize.js'

const TENANT: FormLocales = {
  tenant: { default: 'en', available: ['en', 'de', 'de-AT', 'tr'], fallbacks: { 'de-AT': 'de' } },
  default: 'en',
}
const LEGACY: FormLocales = { tenant: undefined, default: 'en' }
const reader = { locale: 'de-AT', localeChain: ['de-AT', 'de', 'en'], exact: false }

describe('textChoice', () => {
  it('takes the plugin’s negotiation for a tenant with locales, or a submission’s locale negotiated against them', () => {
    expect(textChoice(TENANT, reader, () => [])).toEqual({
      locale: 'de-AT',
      chain: ['de-AT', 'de', 'en'],
      exact: false,
      served: ['en', 'de', 'de-AT', 'tr'],
    })
    expect(textChoice(TENANT, { ...reader, preferred: 'tr-TR' }, () => []).chain).toEqual(['tr', 'en'])
    expect(textChoice(TENANT, { ...reader, preferred: 'de-AT', exact: true }, () => []).chain).toEqual([
      'de-AT',
    ])
  })

  it('negotiates the languages a form has for a tenant without locales', () => {
    const plugin = { locale: 'en', localeChain: ['en'], exact: false }
    const keys = () => ['en', 'tr']
    expect(textChoice(LEGACY, { ...plugin, acceptLanguage: 'de;q=0.9, tr-TR' }, keys)).toEqual({
      locale: 'tr',
      chain: ['tr', 'en'],
      exact: false,
      served: undefined,
    })
    expect(textChoice(LEGACY, { ...plugin, requested: 'en', acceptLanguage: 'tr' }, keys).locale).toBe('en')
    expect(textChoice(LEGACY, { ...plugin, preferred: 'tr', requested: 'en' }, keys).locale).toBe('tr')
    expect(textChoice(LEGACY, { ...plugin, acceptLanguage: 'fr' }, keys).locale).toBe('en')
  })
})

describe('textIn', () => {
  const choice = {
    locale: 'de-AT',
    chain: ['de-AT', 'de', 'en'],
    exact: false,
    served: ['en', 'de', 'de-AT', 'tr'],
  }

  it('answers the first locale of the chain, then the first text of a served locale', () => {
    expect(textIn({ en: 'Name', de: 'Name (de)' }, choice)).toBe('Name (de)')
    expect(textIn({ tr: 'Ad', fr: 'Nom' }, choice)).toBe('Ad')
    expect(textIn({ fr: 'Nom' }, choice)).toBeUndefined()
    expect(textIn('Plain', choice)).toBe('Plain')
    expect(textIn({ tr: 'Ad' }, { ...choice, exact: true })).toBeUndefined()
    expect(textIn({ fr: 'Nom' }, { ...choice, served: undefined })).toBe('Nom')
  })
})

describe('localeKeyProblem', () => {
  it('takes the tenant’s locales, or any language tag without them', () => {
    expect(localeKeyProblem('de-AT', TENANT)).toBeUndefined()
    const english = (problem: Phrase | undefined) => problem && translate(problem, 'en')
    expect(english(localeKeyProblem('fr', TENANT))).toBe(
      `"fr" is not one of the tenant's locales (en, de, de-AT, tr)`,
    )
    expect(localeKeyProblem('fr', LEGACY)).toBeUndefined()
    expect(english(localeKeyProblem('FR', LEGACY))).toBe('"FR" is not a language tag (like en, tr or pt-BR)')
  })
})
