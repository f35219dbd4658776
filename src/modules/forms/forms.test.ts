import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, createForm } from '../../../test/form-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

describe('form definitions', () => {
  it('creates a draft with the title in the default language, keeps extra members', async () => {
    const owner = await seedTenant(ctx.db)
    const res = await call(ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'Contact us', fields: CONTACT_FIELDS, theme: { color: 'red' } },
    })
    expect(res.statusCode).toBe(200)
    expect(res.data.form).toMatchObject({
      title: { en: 'Contact us' },
      slug: 'contact-us',
      status: 'draft',
      version: 0,
      publishedVersion: null,
      visibility: 'public',
      theme: { color: 'red' },
      description: '',
    })
    expect(res.data.form.fields).toHaveLength(5)
  })

  it('uses the tenant default language from settings metadata', async () => {
    const owner = await seedTenant(ctx.db)
    await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { metadata: { defaultLanguage: 'tr' } },
    })
    const form = await createForm(ctx.app, owner.token, { title: 'İletişim' }, false)
    expect(form.title).toEqual({ tr: 'İletişim' })
    expect(form.slug).toBe('iletisim')
  })

  it('answers 409 SlugConflict for a taken explicit slug and a free variant for a taken title slug', async () => {
    const owner = await seedTenant(ctx.db)
    await createForm(ctx.app, owner.token, { slug: 'contact' }, false)
    const taken = await call(ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'Other', slug: 'contact' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.data.error).toBe('SlugConflict')
    const second = await createForm(ctx.app, owner.token, {}, false)
    expect(second.slug).toBe('contact-2')
    const check = await call(ctx.app, 'GET', '/api/forms/check-slug?slug=Contact', { token: owner.token })
    expect(check.data).toEqual({ available: false, slug: 'contact' })
    const own = await call(ctx.app, 'GET', `/api/forms/check-slug?slug=contact-2&formId=${second.id}`, {
      token: owner.token,
    })
    expect(own.data.available).toBe(true)
  })

  it.each([
    [
      [
        { id: 'a', type: 'text' },
        { id: 'a', type: 'email' },
      ],
      'fields[1] ("a"): the id "a" is used by another field.',
    ],
    [[{ id: 'pick', type: 'select' }], 'fields[0] ("pick"): a select field needs at least one option.'],
    [
      [{ id: 'x', type: 'text', validation: { pattern: '(\\w)\\1' } }],
      'fields[0].validation.pattern (field "x") must not use backreferences (\\1, \\k<name>), which RE2',
    ],
    [[{ id: 'x', type: 'text', validation: { pattern: '(?=a)a' } }], 'lookarounds'],
    [[{ id: 'x', type: 'text', validation: { pattern: '[' } }], 'not a valid regular expression'],
    [
      [
        { id: 'x', type: 'text', validation: { pattern: '^[a-z]{1000}$', maxLength: 100 } },
        { id: 'y', type: 'textarea', validation: { pattern: '^[a-z]{1000}$' } },
      ],
      'fields[1].validation.pattern (field "y") takes the form\'s patterns past 10,000,000 steps',
    ],
    [[{ id: 'x', type: 'text', validation: { minLength: 5, maxLength: 2 } }], 'minLength is above'],
    [[{ id: 'x', type: 'text', label: { english: 'X' } }], '"english" is not a language tag'],
    [[{ id: '1x', type: 'text' }], 'The ID of item 1 of the fields must be a letter'],
    [[{ id: 'x', type: 'slider' }], 'The type of item 1 of the fields must be text, textarea'],
  ])('refuses an invalid definition with 400 naming the field (%#)', async (fields, message) => {
    const owner = await seedTenant(ctx.db)
    const res = await call(ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'T', fields },
    })
    expect(res.statusCode).toBe(400)
    expect(res.data.message).toContain(message)
  })

  it('names the failing field by its position in details, for the checks of the whole list', async () => {
    const owner = await seedTenant(ctx.db)
    const res = await call(
      ctx.app,
      'PUT',
      `/api/forms/${(await createForm(ctx.app, owner.token, {}, false)).id}`,
      {
        token: owner.token,
        body: {
          fields: [
            { id: 'a', type: 'text' },
            { id: 'b', type: 'number', validation: { min: 5, max: 1 } },
          ],
        },
      },
    )
    expect(res.statusCode).toBe(400)
    expect(res.data.details).toEqual([
      { path: '/fields/1', message: 'fields[1] ("b"): validation.min is above validation.max.' },
    ])
  })

  it('validates the list query and the title', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of ['limit=0', 'limit=101', 'page=0', 'status=live', 'unknown=1']) {
      expect((await call(ctx.app, 'GET', `/api/forms?${query}`, { token: owner.token })).statusCode).toBe(400)
    }
    const blank = await call(ctx.app, 'POST', '/api/forms', { token: owner.token, body: { title: '  ' } })
    expect(blank.statusCode).toBe(400)
    const missing = await call(ctx.app, 'POST', '/api/forms', { token: owner.token, body: {} })
    expect(missing.statusCode).toBe(400)
    const statusOnCreate = await call(ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'T', status: 'published' },
    })
    expect(statusOnCreate.data.form.status).toBe('draft')
  })

  it('lists with status and search filters and pagination', async () => {
    const owner = await seedTenant(ctx.db)
    await createForm(ctx.app, owner.token, { title: 'Newsletter signup' })
    await createForm(ctx.app, owner.token, { title: 'Feedback' }, false)
    const published = await call(ctx.app, 'GET', '/api/forms?status=published', { token: owner.token })
    expect(published.data.forms.map((f: any) => f.slug)).toEqual(['newsletter-signup'])
    const searched = await call(ctx.app, 'GET', '/api/forms?search=feed', { token: owner.token })
    expect(searched.data.forms.map((f: any) => f.slug)).toEqual(['feedback'])
    const paged = await call(ctx.app, 'GET', '/api/forms?limit=1&page=2', { token: owner.token })
    expect(paged.data.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 })
    expect(paged.data.forms).toHaveLength(1)
  })

  it('answers 401 without a credential, 403 without the permission, 404 for a missing form', async () => {
    const owner = await seedTenant(ctx.db)
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    const form = await createForm(ctx.app, owner.token, {}, false)
    expect((await call(ctx.app, 'GET', '/api/forms')).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: author.token })).statusCode).toBe(
      200,
    )
    const denied = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: author.token,
      body: { title: 'X' },
    })
    expect(denied.statusCode).toBe(403)
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    expect(
      (await call(ctx.app, 'POST', '/api/forms', { token: readToken, body: { title: 'X' } })).statusCode,
    ).toBe(403)
    const missing = await call(ctx.app, 'GET', '/api/forms/0123456789abcdef01234567', { token: owner.token })
    expect(missing.statusCode).toBe(404)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Form not found.' })
  })

  it('deletes a form with 200 success, then 404', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    const res = await call(ctx.app, 'DELETE', `/api/forms/${form.id}`, { token: owner.token })
    expect(res.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', `/api/forms/${form.id}`, { token: owner.token })).statusCode).toBe(
      404,
    )
  })
})
