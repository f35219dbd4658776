import { describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, type SeededMember, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings } from '../../../test/settings-fixtures.js'

const ctx = useTestContext()

const LOCALES = { default: 'en', available: ['en', 'de', 'de-AT', 'tr'], fallbacks: { 'de-AT': 'de' } }

/** A form in English, German and (for one label and the button) Austrian German. */
const FORM = {
  title: { en: 'Contact', de: 'Kontakt' },
  description: { en: 'Write to us', tr: 'Bize yazın' },
  fields: [
    {
      id: 'name',
      type: 'text',
      label: { en: 'Name', de: 'Name (de)', 'de-AT': 'Nåme' },
      placeholder: { de: 'Ihr Name' },
      helpText: 'Plain',
      validation: { maxLength: 20, message: { en: 'Too long', de: 'Zu lang' } },
    },
    {
      id: 'topic',
      type: 'select',
      label: { en: 'Topic' },
      options: [{ value: 'sales', label: { en: 'Sales', de: 'Vertrieb' } }],
    },
  ],
  settings: {
    antiSpam: { minFillSeconds: 0 },
    successMessage: { en: 'Thanks', de: 'Danke' },
    submitButtonText: { 'de-AT': 'Schick', en: 'Send' },
  },
}

async function tenantWithLocales(locales: Record<string, unknown> = LOCALES): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  const saved = await putSettings(ctx, owner, { locales })
  expect(saved.statusCode, saved.body).toBe(200)
  return owner
}

const read = (tenantId: string, slug: string, query = '', headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', `/api/public/forms/${slug}${query}`, {
    headers: { 'x-tenant-id': tenantId, ...headers },
  })

describe('form texts in every tenant locale', () => {
  it('answers a third locale from its chain (de-AT → de → en), with the maps of the tenant’s locales', async () => {
    const owner = await tenantWithLocales()
    const form = await createForm(ctx.app, owner.token, FORM)
    const res = await read(owner.tenantId, form.slug, '?locale=de-AT')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-language']).toBe('de-AT')
    expect(res.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.data.locale).toBe('de-AT')
    expect(res.data.form).toMatchObject({
      title: 'Kontakt',
      description: 'Write to us',
      i18n: { title: { en: 'Contact', de: 'Kontakt' }, description: { en: 'Write to us', tr: 'Bize yazın' } },
      settings: {
        successMessage: 'Danke',
        submitButtonText: 'Schick',
        i18n: { submitButtonText: { 'de-AT': 'Schick', en: 'Send' } },
      },
    })
    expect(res.data.form.fields[0]).toMatchObject({
      label: 'Nåme',
      placeholder: 'Ihr Name',
      helpText: 'Plain',
      validation: { maxLength: 20, message: 'Zu lang', i18n: { message: { en: 'Too long', de: 'Zu lang' } } },
    })
    expect(res.data.form.fields[1].options[0]).toMatchObject({ value: 'sales', label: 'Vertrieb' })

    const swiss = await read(owner.tenantId, form.slug, '', { 'accept-language': 'de-CH, en;q=0.3' })
    expect(swiss.data.locale).toBe('de')
    expect(swiss.headers['content-language']).toBe('de')
    expect(swiss.data.form.fields[0].label).toBe('Name (de)')
    // A map without the chain's locales answers its first text of a tenant locale.
    expect(swiss.data.form.settings.submitButtonText).toBe('Send')

    const turkish = await read(owner.tenantId, form.slug, '', { 'accept-language': 'tr-TR' })
    expect(turkish.data).toMatchObject({
      locale: 'tr',
      form: { title: 'Contact', description: 'Bize yazın' },
    })
    expect(turkish.data.form.fields[0]).toMatchObject({ label: 'Name', placeholder: 'Ihr Name' })
  })

  it('with fallback=false answers only the asked locale’s texts', async () => {
    const owner = await tenantWithLocales()
    const form = await createForm(ctx.app, owner.token, FORM)
    const res = await read(owner.tenantId, form.slug, '?locale=tr&fallback=false')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.data.form).toMatchObject({ title: '', description: 'Bize yazın' })
    expect(res.data.form.fields[0].label).toBeUndefined()
    expect(res.data.form.fields[0].helpText).toBe('Plain')
    expect(res.data.form.fields[0].i18n.label).toEqual({ en: 'Name', de: 'Name (de)', 'de-AT': 'Nåme' })
    const refused = await read(owner.tenantId, form.slug, '?locale=fr')
    expect(refused.statusCode).toBe(400)
    expect(refused.data.details[0].path).toBe('querystring/locale')
  })

  it('answers 400 naming the member for a key that is not one of the tenant’s locales, and stores nothing', async () => {
    const owner = await tenantWithLocales()
    const field = FORM.fields[0] as Record<string, unknown>
    const cases: [Record<string, unknown>, string][] = [
      [{ title: { en: 'Contact', fr: 'Contact (fr)' } }, '/title/fr'],
      [{ description: { fr: 'Écrivez-nous' } }, '/description/fr'],
      [{ fields: [{ ...field, label: { en: 'Name', fr: 'Nom' } }] }, '/fields/0/label/fr'],
      [{ fields: [{ ...field, placeholder: { 'de-CH': 'Ihr Name' } }] }, '/fields/0/placeholder/de-CH'],
      [
        { fields: [{ ...field, validation: { message: { fr: 'Trop long' } } }] },
        '/fields/0/validation/message/fr',
      ],
      [
        {
          fields: [FORM.fields[0], { ...FORM.fields[1], options: [{ value: 'sales', label: { DE: 'x' } }] }],
        },
        '/fields/1/options/0/label/DE',
      ],
      [{ settings: { successMessage: { fr: 'Merci' } } }, '/settings/successMessage/fr'],
    ]
    for (const [body, path] of cases) {
      const created = await call(ctx.app, 'POST', '/api/forms', {
        token: owner.token,
        body: { ...FORM, ...body },
      })
      expect(created.statusCode, path).toBe(400)
      expect(created.data.error).toBe('ValidationFailed')
      expect(created.data.details, path).toEqual([
        { path, message: expect.stringContaining("is not one of the tenant's locales (en, de, de-AT, tr)") },
      ])
    }
    const listed = await call(ctx.app, 'GET', '/api/forms', { token: owner.token })
    expect(listed.data.pagination.total).toBe(0)
    const form = await createForm(ctx.app, owner.token, FORM)
    const updated = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { title: { en: 'Contact', fr: 'Contact (fr)' } },
    })
    expect(updated.statusCode).toBe(400)
    expect(updated.data.message).toBe(`title: "fr" is not one of the tenant's locales (en, de, de-AT, tr).`)
    const after = await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })
    expect(after.data.form.title).toEqual({ en: 'Contact', de: 'Kontakt' })
  })

  it('writes a plain-string title in the tenant’s default locale', async () => {
    const owner = await tenantWithLocales({ default: 'de', available: ['de', 'en'] })
    const form = await createForm(ctx.app, owner.token, { title: 'Kontakt', fields: FORM.fields.slice(1) })
    expect(form.title).toEqual({ de: 'Kontakt' })
  })

  it('keeps the texts of a removed locale stored, serves them to no one, and refuses them on the next write', async () => {
    const owner = await tenantWithLocales()
    const form = await createForm(ctx.app, owner.token, FORM)
    const removed = await putSettings(ctx, owner, { locales: { available: ['en', 'de', 'de-AT'] } })
    expect(removed.statusCode, removed.body).toBe(200)
    const res = await read(owner.tenantId, form.slug, '', { 'accept-language': 'tr' })
    expect(res.data.locale).toBe('en')
    expect(res.data.form.description).toBe('Write to us')
    expect(res.data.form.i18n.description).toEqual({ en: 'Write to us' })
    expect((await read(owner.tenantId, form.slug, '?locale=tr')).statusCode).toBe(400)
    const admin = await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })
    expect(admin.data.form.description).toEqual({ en: 'Write to us', tr: 'Bize yazın' })
    const rewritten = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { description: admin.data.form.description },
    })
    expect(rewritten.statusCode).toBe(400)
    expect(rewritten.data.details).toEqual([
      { path: '/description/tr', message: `"tr" is not one of the tenant's locales (en, de, de-AT)` },
    ])
  })

  it('answers a submission in the body’s locale, else the reader’s, and records it', async () => {
    const owner = await tenantWithLocales()
    const form = await createForm(ctx.app, owner.token, FORM)
    const token = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['submit'] })
    const submit = (body: Record<string, unknown>, query = '', headers: Record<string, string> = {}) =>
      call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit${query}`, {
        body: { data: { name: 'Ada', topic: 'sales' }, ...body },
        headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': token, ...headers },
      })
    const austrian = await submit({ locale: 'de-AT' })
    expect(austrian.statusCode, austrian.body).toBe(201)
    expect(austrian.data).toMatchObject({ message: 'Danke', locale: 'de-AT' })
    expect(austrian.headers['content-language']).toBe('de-AT')
    const german = await submit({ data: { name: 'Bea' } }, '', { 'accept-language': 'de-DE' })
    expect(german.data).toMatchObject({ message: 'Danke', locale: 'de' })
    const turkish = await submit({ data: { name: 'Cem' } }, '?locale=tr')
    expect(turkish.data).toMatchObject({ message: 'Thanks', locale: 'tr' })
    const stored = async (id: string) =>
      (await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/${id}`, { token: owner.token })).data
        .response.locale
    expect(await stored(austrian.data.responseId)).toBe('de-AT')
    expect(await stored(german.data.responseId)).toBe('de')
    expect(await stored(turkish.data.responseId)).toBe('tr')
  })
})
