import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import { type Phrase, translate } from '../i18n/index.js'
import {
  alternatesOf,
  answerIn,
  checkTranslations,
  servedTranslations,
  slugOwner,
} from './field-translations.js'
import { fallbackChain, type TenantLocales } from './locale.js'

const LOCALES: TenantLocales = {
  default: 'en',
  available: ['en', 'de', 'de-AT', 'tr'],
  fallbacks: { 'de-AT': 'de', de: 'en' },
}
const MEMBERS = ['name', 'slug'] as const
const record = {
  own: { name: 'Travel', slug: 'travel' },
  translations: {
    de: { name: 'Reisen', slug: 'reisen' },
    'de-AT': { name: 'Urlaub' },
    fr: { name: 'Voyages' },
  },
}

describe('checkTranslations', () => {
  const keep = (_member: string, value: string) => value.trim()

  it('canonicalizes keys, cleans members and drops locales left empty', () => {
    expect(
      checkTranslations(
        { 'DE-at': { name: ' Urlaub ' }, tr: { slug: 'dropped' }, de: { name: 'Reisen' } },
        LOCALES,
        (member: 'name' | 'slug', value) => (member === 'slug' ? undefined : keep(member, value)),
      ),
    ).toEqual({ 'de-AT': { name: 'Urlaub' }, de: { name: 'Reisen' } })
    expect(checkTranslations({ tr: { slug: 'x' } }, LOCALES, () => undefined)).toEqual({})
  })

  it('refuses a key that is no tag, the default, not the tenant’s, or twice, naming it', () => {
    const refusal = (input: Record<string, Record<string, string>>) => {
      try {
        checkTranslations(input, LOCALES, keep)
      } catch (err) {
        expect(err).toBeInstanceOf(AppError)
        const details = (err as AppError).extra.details as { path: string; message: Phrase }[]
        return {
          message: (err as AppError).message,
          details: details.map(({ path, message }) => ({ path, message: translate(message, 'en') })),
        }
      }
      throw new Error('accepted')
    }
    expect(refusal({ 'en-': { name: 'x' } }).message).toMatch(/^translations\.en- is not keyed by a BCP 47/)
    expect(refusal({ EN: { name: 'x' } }).message).toBe(
      "translations.EN names the default locale, whose values are the record's own members.",
    )
    expect(refusal({ fr: { name: 'x' } })).toEqual({
      message: 'translations.fr names "fr", which is not one of the tenant\'s locales (en, de, de-AT, tr).',
      details: [
        {
          path: 'body/translations/fr',
          message: 'names "fr", which is not one of the tenant\'s locales (en, de, de-AT, tr).',
        },
      ],
    })
    expect(refusal({ de: { name: 'a' }, DE: { name: 'b' } }).message).toBe(
      'translations.DE names "de" a second time.',
    )
  })
})

describe('answerIn and servedTranslations', () => {
  it('answers each member from the first locale of the chain that has it', () => {
    expect(answerIn(record, LOCALES, fallbackChain(LOCALES, 'de-AT'), MEMBERS, 'name')).toEqual({
      values: { name: 'Urlaub', slug: 'reisen' },
      locale: 'de-AT',
    })
    expect(answerIn(record, LOCALES, fallbackChain(LOCALES, 'tr'), MEMBERS, 'name')).toEqual({
      values: { name: 'Travel', slug: 'travel' },
      locale: 'en',
    })
  })

  it('answers null for a member the only locale lacks, and nothing without the locale', () => {
    expect(answerIn(record, LOCALES, ['de-AT'], MEMBERS, 'name')).toEqual({
      values: { name: 'Urlaub', slug: null },
      locale: 'de-AT',
    })
    expect(answerIn(record, LOCALES, ['tr'], MEMBERS, 'name')).toBeUndefined()
    expect(answerIn(record, LOCALES, ['en'], MEMBERS, 'name')?.values.name).toBe('Travel')
  })

  it('shows admins only the translations of the tenant’s locales other than the default', () => {
    const french = { ...LOCALES, available: ['en', 'fr'], fallbacks: {} }
    expect(servedTranslations(record.translations, LOCALES)).toEqual({
      de: { name: 'Reisen', slug: 'reisen' },
      'de-AT': { name: 'Urlaub' },
    })
    expect(servedTranslations(record.translations, french)).toEqual({ fr: { name: 'Voyages' } })
    expect(servedTranslations(record.translations, { ...french, default: 'fr' })).toEqual({})
  })
})

describe('alternatesOf and slugOwner', () => {
  it('lists the other locales with a slug of their own, in the tenant’s order', () => {
    expect(alternatesOf(record, LOCALES, 'de-AT')).toEqual([
      { locale: 'en', slug: 'travel' },
      { locale: 'de', slug: 'reisen' },
    ])
    expect(alternatesOf(record, LOCALES, 'en')).toEqual([{ locale: 'de', slug: 'reisen' }])
  })

  it('prefers the holder in the chain, then in the tenant’s locales', () => {
    const matches = [
      { id: 'english', locale: 'en' },
      { id: 'german', locale: 'de' },
    ]
    expect(slugOwner(matches, LOCALES, fallbackChain(LOCALES, 'de-AT'))).toBe('german')
    expect(slugOwner(matches, LOCALES, fallbackChain(LOCALES, 'tr'))).toBe('english')
    expect(slugOwner([{ id: 'turkish', locale: 'tr' }], LOCALES, ['de'])).toBe('turkish')
    expect(slugOwner([{ id: 'french', locale: 'fr' }], LOCALES, ['de'])).toBeUndefined()
  })
})
