import { FolioError } from '@folio/client'
import { describe, expect, it } from 'vitest'
import {
  builderFormOf,
  fieldOut,
  formLanguages,
  formOut,
  hasOwnLocales,
  newField,
  placeOf,
  saveErrors,
  textIn,
  textsOf,
  writingLanguage,
} from './definition'

describe('the form builder model', () => {
  const stored = {
    title: { en: 'Contact', tr: 'İletişim' },
    slug: 'contact',
    description: 'Write to us',
    visibility: 'public',
    fields: [
      {
        id: 'name',
        type: 'text',
        label: 'Name',
        required: true,
        validation: { maxLength: 50, min: 3 },
        width: 'half',
      },
      { id: 'topic', type: 'select', options: [{ value: 'sales', label: { tr: 'Satış' } }] },
    ],
    settings: { browserSubmission: true, antiSpam: { perIpPerMinute: 5 }, theme: 'dark' },
  }

  it('reads texts per language, a plain string as the first language', () => {
    expect(textsOf('Hi')).toEqual({ en: 'Hi' })
    expect(textsOf({ en: 'Hi', tr: 'Selam', x: 1 })).toEqual({ en: 'Hi', tr: 'Selam' })
    expect(textIn({ tr: 'Selam' }, 'en')).toBe('Selam')
    expect(textIn({ en: 'Hi', tr: 'Selam' }, 'tr-TR')).toBe('Selam')
  })

  it("edits texts in the tenant's locales, and in every language a text is stored in", () => {
    const single = { default: 'en', available: ['en'], fallbacks: {} }
    const german = { default: 'de', available: ['de', 'de-AT', 'en'], fallbacks: {} }
    expect(hasOwnLocales(single)).toBe(false)
    expect(hasOwnLocales(undefined)).toBe(false)
    expect(hasOwnLocales(german)).toBe(true)
    // Without locales of its own: Studio's two languages.
    expect(formLanguages(single, builderFormOf(stored))).toEqual(['en', 'tr'])
    // With them: the tenant's, then the form's own `tr` (shown to be emptied).
    expect(formLanguages(german, builderFormOf(stored, 'de'))).toEqual(['de', 'de-AT', 'en', 'tr'])
    // A plain string is the default locale's text.
    expect(builderFormOf(stored, 'de').description).toEqual({ de: 'Write to us' })
    expect(builderFormOf(stored, 'de').fields[0]?.label).toEqual({ de: 'Name' })
  })

  it("writes a new form's title in the app's language, unless the tenant's locales leave it out", () => {
    expect(writingLanguage(undefined, 'tr-TR')).toBe('tr')
    expect(writingLanguage({ default: 'de', available: ['de', 'en'], fallbacks: {} }, 'en')).toBe('en')
    expect(writingLanguage({ default: 'de', available: ['de', 'en'], fallbacks: {} }, 'tr')).toBe('de')
  })

  it('writes a form back with what the builder does not edit kept, and rules only where they apply', () => {
    const body = formOut(builderFormOf(stored))
    expect(body.title).toEqual({ en: 'Contact', tr: 'İletişim' })
    expect(body.description).toEqual({ en: 'Write to us' })
    expect(body.fields).toEqual([
      // `min` does not apply to a text field: dropped; `width` is kept for the renderer.
      {
        id: 'name',
        type: 'text',
        label: { en: 'Name' },
        required: true,
        validation: { maxLength: 50 },
        width: 'half',
      },
      { id: 'topic', type: 'select', required: false, options: [{ value: 'sales', label: { tr: 'Satış' } }] },
    ])
    // No captcha member unless the form chose one: the server's default applies.
    expect(body.settings).toEqual({
      theme: 'dark',
      browserSubmission: true,
      antiSpam: { perIpPerMinute: 5, honeypot: true },
      notifications: { recipients: [] },
    })
    for (const captcha of [true, false]) {
      const chosen = builderFormOf({ ...stored, settings: { ...stored.settings, captcha } })
      expect(chosen.settings.captcha).toBe(captcha)
      expect(formOut(chosen).settings.captcha).toBe(captcha)
    }
  })

  it('makes new fields with free ids, choice fields with an option', () => {
    const form = builderFormOf(stored)
    const first = newField('text', form.fields)
    expect(first.id).toBe('text')
    expect(newField('text', [...form.fields, first]).id).toBe('text_2')
    expect(fieldOut(newField('multi-select', []))).toEqual({
      id: 'multi_select',
      type: 'multi-select',
      required: false,
      options: [{ value: 'option_1' }],
    })
    expect(fieldOut(newField('section', []))).toEqual({ id: 'section', type: 'section' })
  })

  it('places a failed save at the field its details name', () => {
    expect(placeOf({ path: 'body/fields/2/validation/min' })).toBe('fields.2')
    expect(placeOf({ path: '/fields/1' })).toBe('fields.1')
    expect(placeOf({ path: 'body/slug' })).toBe('slug')
    expect(placeOf({ path: '/settings/notifications/recipients/1' })).toBe('recipients')
    expect(placeOf({ path: 'body/settings/notifications/recipients' })).toBe('recipients')
    expect(placeOf({ path: 'body/settings/antiSpam' })).toBe('settings')
    expect(placeOf({})).toBe('form')
    const error = new FolioError(400, {
      error: 'ValidationFailed',
      message: 'bad',
      details: [
        { path: '/fields/1', message: 'min is above max.' },
        { path: 'body/title', message: 'is required' },
      ],
    })
    expect(saveErrors(error)).toEqual({ 'fields.1': 'min is above max.', title: 'is required' })
    expect(saveErrors(new FolioError(409, { error: 'SlugConflict', message: 'taken' }))).toEqual({
      slug: 'taken',
    })
    expect(saveErrors(new FolioError(404, { error: 'NotFound', message: 'gone' }))).toEqual({ form: 'gone' })
  })
})
