import { describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const read = (tenantId: string, slug: string, headers: Record<string, string> = {}, query = '') =>
  call(ctx.app, 'GET', `/api/public/forms/${slug}${query}`, {
    headers: { 'x-tenant-id': tenantId, ...headers },
  })

describe('public form read', () => {
  it('serves the published version localized by Accept-Language with the maps kept', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token, {
      title: { en: 'Contact', tr: 'İletişim' },
      settings: {
        successMessage: { en: 'Thanks', tr: 'Teşekkürler' },
        notifications: { recipients: [owner.email] },
      },
    })
    await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { title: 'Draft title' },
    })
    const res = await read(owner.tenantId, form.slug, { 'accept-language': 'de;q=0.9, tr-TR, en;q=0.5' })
    expect(res.statusCode).toBe(200)
    expect(res.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    expect(res.data.locale).toBe('tr')
    expect(res.headers['content-language']).toBe('tr')
    expect(res.data.form).toMatchObject({
      id: form.id,
      slug: 'contact',
      version: 1,
      title: 'İletişim',
      i18n: { title: { en: 'Contact', tr: 'İletişim' } },
      settings: {
        successMessage: 'Teşekkürler',
        i18n: { successMessage: { en: 'Thanks', tr: 'Teşekkürler' } },
      },
    })
    expect(res.data.form.settings.notifications).toBeUndefined()
    expect(res.data.form.fields[0]).toMatchObject({
      id: 'name',
      label: 'Ad',
      i18n: { label: { en: 'Name', tr: 'Ad' } },
    })
    expect(res.data.form.fields[1]).toMatchObject({ id: 'email', label: 'E-mail' })
    expect(res.data.submission).toMatchObject({ honeypot: true, minFillSeconds: 3, captcha: false })
    expect(res.data.submission.token).toMatch(/^\d+\.[\w-]{16}\.[\w-]+$/)
    const english = await read(owner.tenantId, form.slug, { 'accept-language': 'tr' }, '?locale=en')
    expect(english.data).toMatchObject({ locale: 'en', form: { title: 'Contact' } })
    expect(english.headers['content-language']).toBe('en')
    expect(english.data.form.fields[0].label).toBe('Name')
    // Without tenant locales, the locale parameter picks among the form's own languages, as before.
    const turkishParameter = await read(owner.tenantId, form.slug, {}, '?locale=tr')
    expect(turkishParameter.statusCode).toBe(200)
    expect(turkishParameter.data.locale).toBe('tr')
    expect(turkishParameter.headers['content-language']).toBe('tr')
    const german = await read(owner.tenantId, form.slug, { 'accept-language': 'de' })
    expect(german.data).toMatchObject({ locale: 'en', form: { title: 'Contact' } })
  })

  it('serves a description written in no language (an empty map) as empty text', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token, { description: {} })
    const res = await read(owner.tenantId, form.slug)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.data.form.description).toBe('')
  })

  it('answers 404 for a draft, archived, authenticated-only, missing or another tenant’s form', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const draft = await createForm(ctx.app, owner.token, { title: 'Draft' }, false)
    const archived = await createForm(ctx.app, owner.token, { title: 'Old' })
    await call(ctx.app, 'POST', `/api/forms/${archived.id}/archive`, { token: owner.token })
    const members = await createForm(ctx.app, owner.token, { title: 'Members', visibility: 'authenticated' })
    const foreign = await createForm(ctx.app, other.token, { title: 'Foreign' })
    for (const slug of [draft.slug, archived.slug, members.slug, 'missing', foreign.slug]) {
      const res = await read(owner.tenantId, slug)
      expect(res.statusCode, slug).toBe(404)
      expect(res.data).toEqual({ error: 'NotFound', message: 'Form not found.' })
    }
  })

  it('needs X-Tenant-ID, checks the locale and applies the edge policy', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    expect((await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`)).statusCode).toBe(400)
    expect((await read(owner.tenantId, form.slug, {}, '?locale=%3Cscript%3E')).statusCode).toBe(400)
    expect((await read(owner.tenantId, form.slug, {}, '?other=1')).statusCode).toBe(400)
    const policy = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { allowedOrigins: ['https://www.example.com'] } },
    })
    expect(policy.statusCode).toBe(200)
    const refused = await read(owner.tenantId, form.slug, { origin: 'https://evil.example.net' })
    expect(refused.statusCode).toBe(403)
  })
})
