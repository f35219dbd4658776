import { describe, expect, it } from 'vitest'
import { entryTranslationsOf, parseEntriesSearch } from './entries'

describe('parseEntriesSearch', () => {
  it('keeps a known status, words, a page past the first and a sort; drops the rest', () => {
    expect(parseEntriesSearch({ status: 'published', q: 'dune', page: '3', sort: '-price', x: 1 })).toEqual({
      status: 'published',
      q: 'dune',
      page: 3,
      sort: '-price',
    })
    expect(parseEntriesSearch({ status: 'scheduled', q: '', page: '1', sort: 5 })).toEqual({})
  })
})

describe('entryTranslationsOf', () => {
  const locales = { default: 'en', available: ['en', 'tr', 'de'], fallbacks: {} }
  const fields = [{ key: 'title', localized: true }, { key: 'blurb', localized: true }, { key: 'isbn' }]

  it('sends a new entry the values given, per locale but the default', () => {
    expect(
      entryTranslationsOf(
        { tr: { title: 'Çöl Gezegeni', blurb: '', isbn: 'x' }, de: { title: null }, en: { title: 'Dune' } },
        fields,
        locales,
        true,
      ),
    ).toEqual({ tr: { title: 'Çöl Gezegeni' } })
  })

  it('clears what a stored entry no longer gives, and removes a locale left empty', () => {
    expect(
      entryTranslationsOf(
        { tr: { title: 'Çöl Gezegeni', blurb: '' }, de: { title: '' }, fr: { title: 'Dune' } },
        fields,
        locales,
        false,
      ),
    ).toEqual({ tr: { title: 'Çöl Gezegeni', blurb: null }, de: null })
    expect(entryTranslationsOf({ tr: { title: 'x' } }, [{ key: 'isbn' }], locales, false)).toEqual({})
  })
})
