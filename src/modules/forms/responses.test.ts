import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, createForm } from '../../../test/form-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

/** A tenant with a published form and `count` accepted responses (names r0, r1 …). */
async function withResponses(count: number, data: (index: number) => Record<string, unknown> = () => ({})) {
  const owner = await seedTenant(ctx.db)
  const form = await createForm(ctx.app, owner.token, { settings: { antiSpam: { minFillSeconds: 0 } } })
  const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
  const ids: string[] = []
  for (let index = 0; index < count; index++) {
    const res = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
      body: { data: { name: `r${index}`, email: 'r@example.com', ...data(index) } },
      headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': writeToken },
    })
    if (res.statusCode !== 201) throw new Error(res.body)
    ids.push(res.data.responseId)
  }
  return { owner, form, ids }
}

describe('form responses', () => {
  it('lists in the list form with pagination and the form, filtered by status and dates', async () => {
    const { owner, form, ids } = await withResponses(3)
    const res = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses?limit=2`, { token: owner.token })
    expect(res.statusCode).toBe(200)
    expect(res.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 })
    expect(res.data.form).toEqual({
      id: form.id,
      title: { en: 'Contact' },
      slug: form.slug,
      status: 'published',
    })
    expect(res.data.items[0]._id).toBe(ids[2])
    expect(Object.keys(res.data.items[0]).sort()).toEqual(
      [
        '_id',
        'createdAt',
        'data',
        'fieldMetadata',
        'flaggedAsSpam',
        'formId',
        'formVersion',
        'ip',
        'locale',
        'source',
        'spamReasons',
        'status',
        'updatedAt',
        'userAgent',
      ].sort(),
    )
    await call(ctx.app, 'POST', `/api/forms/${form.id}/responses/${ids[0]}/spam`, { token: owner.token })
    const spam = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses?status=spam`, {
      token: owner.token,
    })
    expect(spam.data.items.map((item: any) => item._id)).toEqual([ids[0]])
    const future = await call(
      ctx.app,
      'GET',
      `/api/forms/${form.id}/responses?startDate=2999-01-01T00:00:00Z`,
      {
        token: owner.token,
      },
    )
    expect(future.data.pagination.total).toBe(0)
    for (const query of ['limit=0', 'limit=101', 'page=0', 'status=archived', 'startDate=yesterday', 'x=1']) {
      const bad = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses?${query}`, {
        token: owner.token,
      })
      expect(bad.statusCode, query).toBe(400)
    }
    const reversed = await call(
      ctx.app,
      'GET',
      `/api/forms/${form.id}/responses?startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`,
      { token: owner.token },
    )
    expect(reversed.data.message).toBe('startDate must not be after endDate.')
    const missing = await call(ctx.app, 'GET', '/api/forms/0123456789abcdef01234567/responses', {
      token: owner.token,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Form not found.' })
  })

  it('moves through the status transitions with flaggedAsSpam', async () => {
    const { owner, form, ids } = await withResponses(1)
    const base = `/api/forms/${form.id}/responses/${ids[0]}`
    const spam = await call(ctx.app, 'POST', `${base}/spam`, { token: owner.token })
    expect(spam.data).toEqual({
      success: true,
      response: { _id: ids[0], status: 'spam', flaggedAsSpam: true },
    })
    const processed = await call(ctx.app, 'PATCH', `${base}/status`, {
      token: owner.token,
      body: { status: 'processed' },
    })
    expect(processed.data.response).toEqual({ _id: ids[0], status: 'processed', flaggedAsSpam: false })
    const bad = await call(ctx.app, 'PATCH', `${base}/status`, {
      token: owner.token,
      body: { status: 'archived' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.data.message).toContain('pending, processed, spam, deleted')
    const soft = await call(ctx.app, 'DELETE', base, { token: owner.token })
    expect(soft.data).toEqual({ success: true, response: { _id: ids[0], status: 'deleted' } })
    expect((await call(ctx.app, 'GET', base, { token: owner.token })).data.response.status).toBe('deleted')
    const purged = await call(ctx.app, 'DELETE', `${base}/permanent`, { token: owner.token })
    expect(purged.data).toEqual({ success: true, responseId: ids[0] })
    const gone = await call(ctx.app, 'GET', base, { token: owner.token })
    expect(gone.statusCode).toBe(404)
    expect(gone.data).toEqual({ error: 'NotFound', message: 'Form response not found.' })
    for (const [method, path] of [
      ['DELETE', base],
      ['DELETE', `${base}/permanent`],
      ['POST', `${base}/spam`],
    ] as const) {
      expect((await call(ctx.app, method, path, { token: owner.token })).statusCode).toBe(404)
    }
  })

  it('answers 401 and 403 by permission', async () => {
    const { owner, form, ids } = await withResponses(1)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const base = `/api/forms/${form.id}/responses/${ids[0]}`
    expect((await call(ctx.app, 'GET', base)).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', base, { token: viewer.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'POST', `${base}/spam`, { token: viewer.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'DELETE', `${base}/permanent`, { token: viewer.token })).statusCode).toBe(403)
  })

  it('hides another tenant’s forms and responses, and a response under another form, as 404', async () => {
    const { owner, form, ids } = await withResponses(1)
    const other = await seedTenant(ctx.db)
    const otherForm = await createForm(ctx.app, owner.token, { title: 'Second' })
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/forms/${form.id}`],
      ['PUT', `/api/forms/${form.id}`, { title: 'X' }],
      ['DELETE', `/api/forms/${form.id}`],
      ['POST', `/api/forms/${form.id}/publish`],
      ['POST', `/api/forms/${form.id}/archive`],
      ['POST', `/api/forms/${form.id}/restore/1`],
      ['POST', `/api/forms/${form.id}/duplicate`],
      ['GET', `/api/forms/${form.id}/versions`],
      ['GET', `/api/forms/${form.id}/responses`],
      ['GET', `/api/forms/${form.id}/responses/export`],
      ['GET', `/api/forms/${form.id}/responses/${ids[0]}`],
      ['DELETE', `/api/forms/${form.id}/responses/${ids[0]}`],
      ['DELETE', `/api/forms/${form.id}/responses/${ids[0]}/permanent`],
      ['PATCH', `/api/forms/${form.id}/responses/${ids[0]}/status`, { status: 'spam' }],
      ['POST', `/api/forms/${form.id}/responses/${ids[0]}/spam`],
    ]
    for (const [method, path, body] of paths) {
      const res = await call(ctx.app, method as 'GET', path, { token: other.token, body })
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    const crossForm = await call(ctx.app, 'GET', `/api/forms/${otherForm.id}/responses/${ids[0]}`, {
      token: owner.token,
    })
    expect(crossForm.statusCode).toBe(404)
    const still = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/${ids[0]}`, {
      token: owner.token,
    })
    expect(still.data.response.status).toBe('pending')
  })

  it('exports CSV with a column per field and neutralized formulas', async () => {
    const { owner, form } = await withResponses(2, (index) =>
      index === 0
        ? { name: '=HYPERLINK("http://evil")', topic: 'sales' }
        : { name: 'Plain, "quoted"', age: 40 },
    )
    const res = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/export?format=csv`, {
      token: owner.token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="contact-responses.csv"')
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toBe(
      'Response id,Submitted at,Status,Form version,Name (name),E-mail (email),Topic (topic),age (age),code (code),Locale,Source',
    )
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil"")",r@example.com,sales,,,`)
    expect(lines[2]).toContain(',"Plain, ""quoted""",r@example.com,,40,,')
    const badVersion = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/export?version=7`, {
      token: owner.token,
    })
    expect(badVersion.statusCode).toBe(404)
    expect(
      (
        await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/export?format=xlsx`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(400)
  })

  it('neutralizes formulas in header cells (field labels) too', async () => {
    const owner = await seedTenant(ctx.db)
    const fields = [
      ...CONTACT_FIELDS.slice(0, 2),
      { id: 'total', type: 'text', label: "=1+cmd|' /c calc'!A1" },
      { id: 'sum', type: 'text', label: { en: '@SUM(A1:A9)' } },
      { id: 'minus', type: 'text', label: '-2+3' },
    ]
    const form = await createForm(ctx.app, owner.token, { fields })
    const res = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/export?format=csv`, {
      token: owner.token,
    })
    expect(res.statusCode, res.body).toBe(200)
    const header = res.body.replace(/^\uFEFF/, '').split('\n')[0]
    expect(header).toBe(
      "Response id,Submitted at,Status,Form version,Name (name),E-mail (email),'=1+cmd|' /c calc'!A1 (total),'@SUM(A1:A9) (sum),'-2+3 (minus),Locale,Source",
    )
  })
})
