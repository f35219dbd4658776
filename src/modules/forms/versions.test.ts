import { describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

describe('form versions and states', () => {
  it('publish freezes version N; edits change only the draft until the next publish', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    expect(form).toMatchObject({ status: 'published', version: 1, publishedVersion: 1 })
    expect(form.publishedAt).toEqual(expect.any(String))
    const edited = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { title: { en: 'Contact v2' }, fields: [{ id: 'only', type: 'text' }] },
    })
    expect(edited.data.form).toMatchObject({ status: 'published', version: 1, title: { en: 'Contact v2' } })
    const again = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { status: 'published' },
    })
    expect(again.data.form).toMatchObject({ status: 'published', version: 2, publishedVersion: 2 })
    const versions = await call(ctx.app, 'GET', `/api/forms/${form.id}/versions?limit=1`, {
      token: owner.token,
    })
    expect(versions.data.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 })
    expect(versions.data.versions[0]).toMatchObject({ version: 2, title: { en: 'Contact v2' } })
    expect(versions.data.versions[0].fields).toEqual([{ id: 'only', type: 'text' }])
  })

  it('refuses to publish a form without fields', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token, { fields: [] }, false)
    const res = await call(ctx.app, 'POST', `/api/forms/${form.id}/publish`, { token: owner.token })
    expect(res.statusCode).toBe(400)
    expect(res.data.message).toBe('A form needs at least one field to be published.')
    expect(
      (await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })).data.form.status,
    ).toBe('draft')
  })

  it('restore makes the draft that version and keeps the state; a missing version is 404', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { title: 'Changed', fields: [{ id: 'x', type: 'text' }] },
    })
    const restored = await call(ctx.app, 'POST', `/api/forms/${form.id}/restore/1`, { token: owner.token })
    expect(restored.statusCode).toBe(200)
    expect(restored.data.form).toMatchObject({ status: 'published', version: 1, title: { en: 'Contact' } })
    expect(restored.data.form.fields).toHaveLength(5)
    const missing = await call(ctx.app, 'POST', `/api/forms/${form.id}/restore/9`, { token: owner.token })
    expect(missing.statusCode).toBe(404)
    expect(missing.data.message).toBe('Form version not found.')
    expect(
      (await call(ctx.app, 'POST', `/api/forms/${form.id}/restore/0`, { token: owner.token })).statusCode,
    ).toBe(400)
    expect(
      (await call(ctx.app, 'GET', `/api/forms/${form.id}/versions?limit=101`, { token: owner.token }))
        .statusCode,
    ).toBe(400)
  })

  it('archive moves to archived; PUT status draft withdraws', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    const archived = await call(ctx.app, 'POST', `/api/forms/${form.id}/archive`, { token: owner.token })
    expect(archived.data.form).toMatchObject({ status: 'archived', version: 1 })
    const draft = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    expect(draft.data.form.status).toBe('draft')
    const bad = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { status: 'live' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('duplicate makes a draft copy with a free slug and the given or a (Copy) title', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token, { title: { en: 'Contact', tr: 'İletişim' } })
    const copy = await call(ctx.app, 'POST', `/api/forms/${form.id}/duplicate`, { token: owner.token })
    expect(copy.statusCode).toBe(200)
    expect(copy.data.form).toMatchObject({
      status: 'draft',
      version: 0,
      slug: 'contact-copy',
      title: { en: 'Contact (Copy)', tr: 'İletişim (Copy)' },
    })
    expect(copy.data.form.id).not.toBe(form.id)
    const second = await call(ctx.app, 'POST', `/api/forms/${form.id}/duplicate`, {
      token: owner.token,
      body: {},
    })
    expect(second.data.form.slug).toBe('contact-copy-2')
    const named = await call(ctx.app, 'POST', `/api/forms/${form.id}/duplicate`, {
      token: owner.token,
      body: { title: 'Support' },
    })
    expect(named.data.form).toMatchObject({ slug: 'support', title: { en: 'Support' } })
  })

  it('records form events in the activity log', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    await ctx.app.folio.platform.relay.wake()
    const res = await call(ctx.app, 'GET', '/api/activities?limit=10', { token: owner.token })
    const actions = res.data.activities.map((a: any) => a.action)
    expect(actions).toEqual(expect.arrayContaining(['form.created', 'form.published']))
    const published = res.data.activities.find((a: any) => a.action === 'form.published')
    expect(published.description).toContain('published the form “Contact”')
    expect(published.metadata).toMatchObject({ id: form.id, status: 'published' })
  })
})
