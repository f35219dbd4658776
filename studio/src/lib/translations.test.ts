import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import {
  translationErrors,
  translationFieldOf,
  translationsBody,
  translationsOf,
  withTranslation,
} from './translations'

const failure = (status: number, body: Record<string, unknown>) => new FolioError(status, body as never)
const locales = { default: 'en', available: ['en', 'tr', 'de'], fallbacks: {} }

describe('translationsBody', () => {
  it('keeps the served locales but the default, with the members given a text', () => {
    expect(
      translationsBody(
        {
          tr: { name: 'Haberler', slug: '', description: '  ' },
          de: { name: '' },
          en: { name: 'News' },
          fr: { name: 'Actualités' },
        },
        locales,
      ),
    ).toEqual({ tr: { name: 'Haberler' } })
  })

  it('sets one member of one locale', () => {
    expect(withTranslation({ tr: { name: 'Haberler' } }, 'tr', 'slug', 'haberler')).toEqual({
      tr: { name: 'Haberler', slug: 'haberler' },
    })
    expect(withTranslation({}, 'de', 'name', 'Nachrichten')).toEqual({ de: { name: 'Nachrichten' } })
  })
})

describe('translationsOf', () => {
  it('reads the texts of an answer, nothing else', () => {
    expect(translationsOf({ tr: { name: 'Haberler', position: 2 }, de: 'Nachrichten' })).toEqual({
      tr: { name: 'Haberler' },
    })
    expect(translationsOf(undefined)).toEqual({})
  })
})

describe('translationFieldOf', () => {
  it('places a problem of a translation at its locale and member', () => {
    expect(translationFieldOf('/translations/tr/name')).toBe('translations/tr/name')
    expect(translationFieldOf('/name')).toBe('name')
  })
})

describe('translationErrors', () => {
  it('puts the details under the translations at their locale or member', () => {
    const error = failure(400, {
      error: 'ValidationFailed',
      message: 'translations.fr names "fr", which is not one of the tenant\'s locales (en, tr, de).',
      details: [
        { path: 'body/translations/fr', message: 'names "fr"' },
        { path: 'body/translations/tr/name', message: 'must have a visible character' },
        { path: 'body/name', message: 'is required' },
      ],
    })
    expect(translationErrors(error, { translations: {} })).toEqual({
      'translations/fr': 'names "fr"',
      'translations/tr/name': 'must have a visible character',
      name: 'is required',
    })
  })

  it('puts a taken slug at the slug that holds it', () => {
    const taken = (slug: string) =>
      failure(409, { error: 'SlugConflict', message: `The slug "${slug}" is already in use.` })
    const values = { slug: 'news', translations: { tr: { slug: 'haberler' }, de: { name: 'Nachrichten' } } }
    expect(translationErrors(taken('haberler'), values)).toEqual({
      'translations/tr/slug': 'The slug "haberler" is already in use.',
    })
    expect(translationErrors(taken('news'), values)).toEqual({
      slug: 'The slug "news" is already in use.',
    })
  })

  it('leaves the rest to fieldErrors', () => {
    expect(translationErrors(new TypeError('Failed to fetch'), { translations: {} })).toEqual({
      form: 'Failed to fetch',
    })
    expect(
      translationErrors(failure(404, { error: 'NotFound', message: 'Category not found.' }), {
        translations: {},
      }),
    ).toEqual({ form: 'Category not found.' })
  })
})
