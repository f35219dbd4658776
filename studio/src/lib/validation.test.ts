import { requestBodies } from '@folio/client'
import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '../locales/en.json'
import tr from '../locales/tr.json'
import { bodyValidator, numberLimits, schemaErrors } from './validation'

beforeAll(async () => {
  await i18next.init({
    resources: { en: { translation: en }, tr: { translation: tr } },
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  })
})

describe('schemaErrors', () => {
  it('checks a body against the API schema, each problem at its field in words', () => {
    const errors = schemaErrors(requestBodies.createContent, {
      title: '',
      slug: 'x'.repeat(241),
      status: 'later',
      order: 1.5,
      publishAt: 'tomorrow',
      featuredMediaId: 'not-an-id',
    })
    expect(errors).toEqual({
      title: 'Required',
      slug: 'At most 240 characters',
      status: 'Not one of the choices',
      order: 'A whole number',
      publishAt: 'Not a date and time',
      // A pattern in the API's own words for it (its `x-expect`).
      featuredMediaId: 'Must be 24 lowercase hex characters',
    })
  })

  it('passes what the API takes, nullable members included', () => {
    expect(
      schemaErrors(requestBodies.createContent, { title: 'Hello', featuredMediaId: null, parentId: null }),
    ).toEqual({})
  })

  it('puts a missing member at its own path, nested ones as form paths', () => {
    const errors = schemaErrors(requestBodies.createCollection, {
      key: 'products',
      name: { en: 'Products' },
      fields: [
        { key: 'price', type: 'number', label: { en: 'Price' } },
        { key: 'sku', type: 'text' },
      ],
    })
    expect(errors['fields.1.label']).toBe('Required')
    expect(Object.keys(errors)).toEqual(['fields.1.label'])
  })

  it('sends each pointer where fieldOf says, and drops what it leaves out', () => {
    const errors = schemaErrors(requestBodies.createTag, { title: ' ', slug: '' }, (pointer) =>
      pointer === '/title' ? 'name' : undefined,
    )
    expect(errors).toEqual({ name: 'Must be text with a visible character' })
  })

  it('says a pattern without words of the API as a pattern', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^[a-z]+$' } } }
    expect(schemaErrors(schema, { code: 'A1' })).toEqual({ code: 'Not in the form this field takes' })
  })

  it('speaks the app language', async () => {
    await i18next.changeLanguage('tr')
    try {
      expect(schemaErrors(requestBodies.createContent, { title: 'x'.repeat(501) })).toEqual({
        title: 'En çok 500 karakter',
      })
    } finally {
      await i18next.changeLanguage('en')
    }
  })
})

describe('bodyValidator', () => {
  it('checks the body the form would send, not the form values', () => {
    const validate = bodyValidator(
      requestBodies.createContent,
      (values: { title: string; slug: string }) => ({
        title: values.title.trim(),
        ...(values.slug === '' ? {} : { slug: values.slug }),
      }),
    )
    expect(validate({ title: '   ', slug: '' })).toEqual({ title: 'Required' })
    expect(validate({ title: 'Hi', slug: '' })).toEqual({})
  })
})

describe('numberLimits', () => {
  it("reads a member's minimum and maximum from the API's schema of the body", () => {
    expect(numberLimits(requestBodies.updateTenantBackupSchedule, 'keep')).toEqual({ min: 1, max: 30 })
  })

  it('gives nothing for a member without limits, or one the body does not have', () => {
    expect(numberLimits(requestBodies.updateTenantBackupSchedule, 'includeResponses')).toEqual({})
    expect(numberLimits(requestBodies.updateTenantBackupSchedule, 'missing')).toEqual({})
  })
})
