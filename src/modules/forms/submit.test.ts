import { describe, expect, it } from 'vitest'
import { mailArriving } from '../../../test/auth-fixtures.js'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'
const FAST = { antiSpam: { minFillSeconds: 0 } }

async function setup(settings: Record<string, unknown> = FAST, fields?: unknown[]) {
  const owner = await seedTenant(ctx.db)
  const form = await createForm(ctx.app, owner.token, { settings, ...(fields ? { fields } : {}) })
  const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
  return { owner, form, writeToken }
}

function submit(tenantId: string, formId: string, body: unknown, headers: Record<string, string> = {}) {
  return call(ctx.app, 'POST', `/api/public/forms/${formId}/submit`, {
    body,
    headers: { 'x-tenant-id': tenantId, ...headers },
  })
}

describe('public form submission', () => {
  it('works end to end from an allowed browser origin, preflight included', async () => {
    const { owner, form, writeToken } = await setup()
    const policy = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { allowedOrigins: ['https://www.example.com'] } },
    })
    expect(policy.statusCode).toBe(200)
    const origin = 'https://www.example.com'
    const preflight = await call(ctx.app, 'OPTIONS', `/api/public/forms/${form.id}/submit`, {
      headers: {
        origin,
        'x-tenant-id': owner.tenantId,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-tenant-id, x-api-key',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(origin)
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-API-Key')
    const res = await submit(
      owner.tenantId,
      form.id,
      {
        data: { name: ' Ada ', email: 'ada@example.com', topic: 'sales', age: 36, code: 'ABC-12' },
        user: { email: 'ada@example.com' },
      },
      { origin, 'x-api-key': writeToken, 'user-agent': IPHONE, 'accept-language': 'tr-TR,tr;q=0.9' },
    )
    expect(res.statusCode).toBe(201)
    expect(res.headers['access-control-allow-origin']).toBe(origin)
    expect(res.data).toMatchObject({ success: true, message: 'Thank you, your answers were received.' })
    const stored = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/${res.data.responseId}`, {
      token: owner.token,
    })
    expect(stored.data.response).toMatchObject({
      _id: res.data.responseId,
      tenantId: owner.tenantId,
      formId: form.id,
      formVersion: 1,
      data: { name: 'Ada', email: 'ada@example.com', topic: 'sales', age: 36, code: 'ABC-12' },
      status: 'pending',
      flaggedAsSpam: false,
      source: 'web',
      locale: 'tr',
      userAgent: IPHONE,
      device: { type: 'mobile', os: 'iOS 17.1', browser: 'Mobile Safari 17' },
      geo: null,
      userEmail: 'ada@example.com',
      userId: null,
      form: { id: form.id, title: { en: 'Contact' } },
    })
    expect(stored.data.response.ip).toMatch(/^[a-f0-9]{64}$/)
    expect(stored.data.response.ip).not.toContain('127.0.0.1')
    expect(stored.data.response.fieldMetadata.topic).toEqual({
      id: 'topic',
      type: 'select',
      label: 'Topic',
      placeholder: null,
      helpText: null,
      options: [{ value: 'sales' }, { value: 'support' }],
      required: false,
    })
  })

  it('refuses invalid answers with 400 naming each failing field, unknown fields included', async () => {
    const { owner, form, writeToken } = await setup()
    const res = await submit(
      owner.tenantId,
      form.id,
      { data: { name: 'x'.repeat(51), email: 'nope', topic: 'other', age: 12, code: 'abc', extra: 1 } },
      { authorization: `Bearer ${writeToken}` },
    )
    expect(res.statusCode).toBe(400)
    expect(res.data.details).toEqual([
      { field: 'extra', message: 'is not a field of this form' },
      { field: 'name', message: 'must be at most 50 characters' },
      { field: 'email', message: 'must be an e-mail address' },
      { field: 'topic', message: 'must be one of sales, support' },
      { field: 'age', message: 'must be at least 18' },
      { field: 'code', message: 'does not match the pattern ^[A-Z]{3}-\\d{2}$' },
    ])
    const missing = await submit(owner.tenantId, form.id, { data: {} }, { 'x-api-key': writeToken })
    expect(missing.data.details).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'email', message: 'is required' },
    ])
    expect((await submit(owner.tenantId, form.id, {}, { 'x-api-key': writeToken })).statusCode).toBe(400)
  })

  it('answers 401 without a token, 403 without write, 404 for another tenant’s token or an unpublished form', async () => {
    const { owner, form } = await setup()
    const other = await seedTenant(ctx.db)
    const valid = { data: { name: 'A', email: 'a@example.com' } }
    const none = await submit(owner.tenantId, form.id, valid)
    expect(none.statusCode).toBe(401)
    expect((await submit(owner.tenantId, form.id, valid, { 'x-api-key': 'folio_wrong' })).statusCode).toBe(
      401,
    )
    const readOnly = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    const denied = await submit(owner.tenantId, form.id, valid, { 'x-api-key': readOnly })
    expect(denied.statusCode).toBe(403)
    expect(denied.data.error).toBe('InsufficientScope')
    const foreignToken = await seedApiToken(ctx.db, other.tenantId, { scopes: ['write'] })
    const foreign = await submit(owner.tenantId, form.id, valid, { 'x-api-key': foreignToken })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data).toEqual({ error: 'NotFound', message: 'Form not found.' })
    const crossed = await submit(other.tenantId, form.id, valid, { 'x-api-key': foreignToken })
    expect(crossed.statusCode).toBe(404)
    const ownWrite = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    await call(ctx.app, 'POST', `/api/forms/${form.id}/archive`, { token: owner.token })
    expect((await submit(owner.tenantId, form.id, valid, { 'x-api-key': ownWrite })).statusCode).toBe(404)
  })

  it('stores suspected spam as spam and answers it alike: honeypot, no token, too fast, duplicate', async () => {
    const { owner, form, writeToken } = await setup({})
    const headers = { 'x-api-key': writeToken }
    const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    const token = page.data.submission.token
    const answers = (name: string) => ({ name, email: 'b@example.com' })
    const cases = [
      [{ data: answers('hp'), honeypot: 'http://spam', formToken: 'x' }, ['honeypot', 'invalid-token']],
      [{ data: answers('none') }, ['missing-token']],
      [{ data: answers('fast'), formToken: token }, ['too-fast']],
      [{ data: answers('fast'), formToken: token }, ['too-fast', 'duplicate', 'reused-token']],
    ] as const
    for (const [body, reasons] of cases) {
      const res = await submit(owner.tenantId, form.id, body, headers)
      expect(res.statusCode).toBe(201)
      const stored = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/${res.data.responseId}`, {
        token: owner.token,
      })
      expect(stored.data.response).toMatchObject({
        status: 'spam',
        flaggedAsSpam: true,
        spamReasons: reasons,
      })
    }
  })

  it('limits submissions per network address with 429 and Retry-After', async () => {
    const { owner, form, writeToken } = await setup({ antiSpam: { minFillSeconds: 0, perIpPerMinute: 2 } })
    const statuses: number[] = []
    for (const name of ['a', 'b', 'c']) {
      const res = await submit(
        owner.tenantId,
        form.id,
        { data: { name, email: 'c@example.com' } },
        { 'x-api-key': writeToken },
      )
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.data.error).toBe('RateLimitExceeded')
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    }
    expect(statuses).toEqual([201, 201, 429])
  })

  it('mails the notification recipients after the commit and logs form.response.created', async () => {
    const owner = await seedTenant(ctx.db)
    // Folio's own mail notifies the tenant's verified members (docs/decisions/forms.md).
    const recipient = (await seedMember(ctx.db, owner.tenantId, 'editor')).email
    const form = await createForm(ctx.app, owner.token, {
      settings: {
        antiSpam: { minFillSeconds: 0 },
        notifications: { recipients: [recipient], subject: 'New lead' },
      },
    })
    const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    const res = await submit(
      owner.tenantId,
      form.id,
      { data: { name: 'Grace', email: 'g@example.com', topic: 'support' } },
      { 'x-api-key': writeToken },
    )
    expect(res.statusCode).toBe(201)
    const mail = await mailArriving(ctx.dataDir, recipient, () => true, 15_000)
    expect(mail).toContain('Subject: New lead')
    expect(mail).toContain('Name: Grace')
    expect(mail).toContain('Topic: support')
    await ctx.app.folio.platform.relay.wake()
    const activities = await call(ctx.app, 'GET', '/api/activities?limit=5', { token: owner.token })
    const created = activities.data.activities.find((a: any) => a.action === 'form.response.created')
    expect(created.description).toBe('test token created a response to the form')
    expect(created.metadata).toMatchObject({
      subjectId: res.data.responseId,
      formId: form.id,
      status: 'pending',
    })
  })

  it('checks a pattern in linear time: an answer that would backtrack for ages is refused at once', async () => {
    // Thirty `\d*` in a row split 39 digits in ~1e19 ways for a backtracking engine before the `x` fails.
    const pattern = `^${'\\d*'.repeat(30)}$`
    const { owner, form, writeToken } = await setup(FAST, [
      { id: 'digits', type: 'text', validation: { pattern } },
    ])
    const headers = { 'x-api-key': writeToken }
    const warmUp = await submit(owner.tenantId, form.id, { data: { digits: '12345' } }, headers)
    expect(warmUp.statusCode).toBe(201)
    // A backtracking engine would not answer within the test's time (the cost is measured in
    // submit.timing.test.ts).
    const slow = await submit(owner.tenantId, form.id, { data: { digits: `${'9'.repeat(39)}x` } }, headers)
    expect(slow.statusCode).toBe(400)
    expect(slow.data.details).toEqual([{ field: 'digits', message: `does not match the pattern ${pattern}` }])
    const longest = await submit(owner.tenantId, form.id, { data: { digits: '7'.repeat(10_000) } }, headers)
    expect(longest.statusCode).toBe(201)
  })
})
