import { describe, expect, it } from 'vitest'
import type { StoredField } from '../../db/schema/index.js'
import {
  declaredTranslations,
  localizedData,
  mergeTranslations,
  OWN_VALUES,
  storageChain,
} from './translations.js'

const FIELDS: StoredField[] = [
  { key: 'title', type: 'string', label: { en: 'Title' }, localized: true },
  { key: 'summary', type: 'text', label: { en: 'Summary' }, localized: true },
  { key: 'price', type: 'number', label: { en: 'Price' } },
]

describe('storageChain', () => {
  it('reads the default locale’s values from the entry’s own data', () => {
    expect(storageChain(['de-AT', 'de', 'en'], 'en')).toEqual(['de-AT', 'de', OWN_VALUES])
    expect(storageChain(['en'], 'en')).toEqual([''])
    expect(storageChain(['tr'], 'en')).toEqual(['tr'])
  })
})

describe('mergeTranslations', () => {
  const stored = {
    de: { title: 'Wüste', summary: 'Sand', removed: 'x' },
    tr: { title: 'Çöl' },
    fr: { title: 'Désert' },
  }

  it('merges per locale: a value replaces, null clears a field, a locale null removes it', () => {
    expect(
      mergeTranslations(
        stored,
        { de: { summary: null, title: 'Die Wüste' }, tr: null, 'de-AT': { title: 'Wüstn' } },
        FIELDS,
      ),
    ).toEqual({ de: { title: 'Die Wüste' }, fr: { title: 'Désert' }, 'de-AT': { title: 'Wüstn' } })
  })

  it('drops fields no longer localized and locales left empty', () => {
    expect(mergeTranslations(stored, { fr: { title: null } }, FIELDS)).toEqual({
      de: { title: 'Wüste', summary: 'Sand' },
      tr: { title: 'Çöl' },
    })
    expect(declaredTranslations({ de: { removed: 'x' } }, FIELDS)).toEqual({})
  })
})

describe('localizedData', () => {
  const data = { title: 'Desert', summary: 'Sand', price: 10 }
  const translations = { de: { title: 'Wüste', summary: 'Viel Sand' }, 'de-AT': { title: 'Wüstn' } }

  it('answers each localized field from the first locale of the chain that has it, shared fields as stored', () => {
    expect(localizedData(data, translations, FIELDS, ['de-AT', 'de', ''])).toEqual({
      title: 'Wüstn',
      summary: 'Viel Sand',
      price: 10,
    })
    expect(localizedData(data, translations, FIELDS, ['tr', ''])).toEqual(data)
  })

  it('leaves out a localized field the chain does not reach', () => {
    expect(localizedData(data, translations, FIELDS, ['de-AT'])).toEqual({ title: 'Wüstn', price: 10 })
  })
})
