import { describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const SITE = 'https://www.example.com'
const BROWSER = { browserSubmission: true, antiSpam: { minFillSeconds: 0 } }
const ANSWERS = { data: { name: 'Ada', email: 'ada@example.com' } }

/** A tenant allowing SITE, with a published form of `settings`. */
async function setup(settings: Record<string, unknown> = BROWSER, edge: Record<string, unknown> = {}) {
  const owner = await seedTenant(ctx.db)
  const policy = await call(ctx.app, 'PUT', '/api/tenant-settings', {
    token: owner.token,
    body: { edgeGateway: { allowedOrigins: [SITE], ...edge } },
  })
  expect(policy.statusCode).toBe(200)
  const form = await createForm(ctx.app, owner.token, { settings })
  return { owner, form }
}

function submit(tenantId: string, formId: string, body: unknown, headers: Record<string, string> = {}) {
  return call(ctx.app, 'POST', `/api/public/forms/${formId}/submit`, {
    body,
    headers: { 'x-tenant-id': tenantId, ...headers },
  })
}

async function stored(token: string, formId: string, responseId: string) {
  const res = await call(ctx.app, 'GET', `/api/forms/${formId}/responses/${responseId}`, { token })
  expect(res.statusCode).toBe(200)
  return res.data.response
}

describe('browser form submission (settings.browserSubmission)', () => {
  it('takes a token-less submission from an allowed origin, preflight included, and records who submitted', async () => {
    const { owner, form } = await setup()
    const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId, origin: SITE },
    })
    expect(page.statusCode).toBe(200)
    expect(page.data.submission).toMatchObject({ mode: 'browser', honeypot: true, minFillSeconds: 0 })
    expect(page.data.form.settings.browserSubmission).toBeUndefined()
    const preflight = await call(ctx.app, 'OPTIONS', `/api/public/forms/${form.id}/submit`, {
      headers: {
        origin: SITE,
        'x-tenant-id': owner.tenantId,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-tenant-id',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE)
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, POST')
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Tenant-ID')
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Content-Type')

    const res = await submit(
      owner.tenantId,
      form.id,
      { ...ANSWERS, formToken: page.data.submission.token, honeypot: '' },
      { origin: SITE },
    )
    expect(res.statusCode).toBe(201)
    expect(res.headers['access-control-allow-origin']).toBe(SITE)
    expect(res.data).toMatchObject({ success: true, message: 'Thank you, your answers were received.' })
    expect(await stored(owner.token, form.id, res.data.responseId)).toMatchObject({
      data: { name: 'Ada', email: 'ada@example.com' },
      status: 'pending',
      flaggedAsSpam: false,
      spamReasons: [],
      source: 'web',
      userEmail: null,
    })
    await ctx.app.folio.platform.relay.wake()
    const activities = await call(ctx.app, 'GET', '/api/activities?limit=5', { token: owner.token })
    const created = activities.data.activities.find((a: any) => a.action === 'form.response.created')
    expect(created.actor).toEqual({ kind: 'system', id: null, name: 'Folio (browser-submission)' })
    expect(created.description).toBe('Folio (browser-submission) created a response to the form')
  })

  it('keeps today’s 401 without the opt-in, and without an Origin even with it', async () => {
    const { owner, form } = await setup({ antiSpam: { minFillSeconds: 0 } })
    const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(page.data.submission.mode).toBe('token')
    const refused = await submit(owner.tenantId, form.id, ANSWERS, { origin: SITE })
    expect(refused.statusCode).toBe(401)
    expect(refused.data.error).toBe('Unauthorized')
    expect(refused.data.message).toContain('submit or write scope')

    const opted = await createForm(ctx.app, owner.token, { slug: 'browser', settings: BROWSER })
    const server = await submit(owner.tenantId, opted.id, ANSWERS)
    expect(server.statusCode).toBe(401)
    expect(server.data.error).toBe('Unauthorized')
  })

  it('refuses the opt-in for an authenticated-only form (401) and a browser-given user (400)', async () => {
    const { owner } = await setup()
    const members = await createForm(ctx.app, owner.token, {
      slug: 'members',
      visibility: 'authenticated',
      settings: BROWSER,
    })
    expect((await submit(owner.tenantId, members.id, ANSWERS, { origin: SITE })).statusCode).toBe(401)
    const open = await createForm(ctx.app, owner.token, { slug: 'open', settings: BROWSER })
    const claimed = await submit(
      owner.tenantId,
      open.id,
      { ...ANSWERS, user: { email: 'boss@example.com' } },
      { origin: SITE },
    )
    expect(claimed.statusCode).toBe(400)
    expect(claimed.data.details).toEqual([{ field: 'user', message: 'needs an API token' }])
  })

  it('applies the edge policy: a foreign origin 403 (preflight refused), public delivery off 403', async () => {
    const { owner, form } = await setup()
    const foreign = 'https://evil.example.net'
    const preflight = await call(ctx.app, 'OPTIONS', `/api/public/forms/${form.id}/submit`, {
      headers: {
        origin: foreign,
        'x-tenant-id': owner.tenantId,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-tenant-id',
      },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const refused = await submit(owner.tenantId, form.id, ANSWERS, { origin: foreign })
    expect(refused.statusCode).toBe(403)
    expect(refused.data).toEqual({
      error: 'Forbidden',
      message: 'This origin is not allowed by the tenant’s edge policy.',
    })
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()

    const closed = await setup(BROWSER, { publicReadEnabled: false })
    const off = await submit(closed.owner.tenantId, closed.form.id, ANSWERS, { origin: SITE })
    expect(off.statusCode).toBe(403)
    expect(off.data).toEqual({
      error: 'Forbidden',
      message: 'Public delivery is turned off for this tenant.',
    })
    const responses = await call(ctx.app, 'GET', `/api/forms/${closed.form.id}/responses`, {
      token: closed.owner.token,
    })
    expect(responses.data.pagination.total).toBe(0)
  })

  it('still applies the spam checks: honeypot, missing, invalid and too fast form tokens, duplicates', async () => {
    const { owner, form } = await setup({ browserSubmission: true })
    const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId, origin: SITE },
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
      const res = await submit(owner.tenantId, form.id, body, { origin: SITE })
      expect(res.statusCode).toBe(201)
      expect(res.data.message).toBe('Thank you, your answers were received.')
      expect(await stored(owner.token, form.id, res.data.responseId)).toMatchObject({
        status: 'spam',
        flaggedAsSpam: true,
        spamReasons: reasons,
      })
    }
  })

  it('takes each form token once, and only from the client network it was given to', async () => {
    const { owner, form } = await setup({ browserSubmission: true, antiSpam: { minFillSeconds: 1 } })
    const tokenFor = async (remoteAddress: string) => {
      const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
        headers: { 'x-tenant-id': owner.tenantId, origin: SITE },
        remoteAddress,
      })
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe('no-store')
      return page.data.submission.token as string
    }
    const reasonsOf = async (name: string, formToken: string, remoteAddress: string) => {
      const res = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
        body: { data: { name, email: 'n@example.com' }, formToken },
        headers: { 'x-tenant-id': owner.tenantId, origin: SITE },
        remoteAddress,
      })
      expect(res.statusCode, res.body).toBe(201)
      return (await stored(owner.token, form.id, res.data.responseId)).spamReasons
    }
    const home = await tokenFor('203.0.113.5')
    const otherNetwork = await tokenFor('203.0.113.5')
    const sameSlash64 = await tokenFor('2001:db8:1:2::1')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await reasonsOf('first', home, '203.0.113.5')).toEqual([])
    expect(await reasonsOf('again', home, '203.0.113.5')).toEqual(['reused-token'])
    expect(await reasonsOf('moved', otherNetwork, '198.51.100.7')).toEqual(['invalid-token'])
    expect(await reasonsOf('ipv6', sameSlash64, '2001:db8:1:2::99')).toEqual([])
  })

  it('limits submissions per client network with 429', async () => {
    const { owner, form } = await setup({
      browserSubmission: true,
      antiSpam: { minFillSeconds: 0, perIpPerMinute: 2 },
    })
    const statuses: number[] = []
    for (const name of ['a', 'b', 'c']) {
      const res = await submit(
        owner.tenantId,
        form.id,
        { data: { name, email: 'c@example.com' } },
        { origin: SITE },
      )
      statuses.push(res.statusCode)
      if (res.statusCode === 429) {
        expect(res.data.error).toBe('RateLimitExceeded')
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
    }
    expect(statuses).toEqual([201, 201, 429])
  })

  it('answers 404 for another tenant’s form, a draft, an archived or a missing form', async () => {
    const { owner } = await setup()
    const other = await setup()
    const draft = await createForm(ctx.app, owner.token, { slug: 'draft', settings: BROWSER }, false)
    const archived = await createForm(ctx.app, owner.token, { slug: 'old', settings: BROWSER })
    await call(ctx.app, 'POST', `/api/forms/${archived.id}/archive`, { token: owner.token })
    for (const id of [other.form.id, draft.id, archived.id, 'ffffffffffffffffffffffff']) {
      const res = await submit(owner.tenantId, id, ANSWERS, { origin: SITE })
      expect(res.statusCode, id).toBe(404)
      expect(res.data).toEqual({ error: 'NotFound', message: 'Form not found.' })
    }
  })

  it('turns on with a publish: the served version decides, not the draft', async () => {
    const { owner, form } = await setup({ antiSpam: { minFillSeconds: 0 } })
    const edit = await call(ctx.app, 'PUT', `/api/forms/${form.id}`, {
      token: owner.token,
      body: { settings: BROWSER },
    })
    expect(edit.statusCode).toBe(200)
    expect(edit.data.form.settings.browserSubmission).toBe(true)
    expect((await submit(owner.tenantId, form.id, ANSWERS, { origin: SITE })).statusCode).toBe(401)
    await call(ctx.app, 'POST', `/api/forms/${form.id}/publish`, { token: owner.token })
    expect((await submit(owner.tenantId, form.id, ANSWERS, { origin: SITE })).statusCode).toBe(201)
  })

  it('refuses a browserSubmission that is not a boolean (400)', async () => {
    const owner = await seedTenant(ctx.db)
    const res = await call(ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'Contact', settings: { browserSubmission: 'yes' } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.data.error).toBe('ValidationFailed')
  })
})

describe('the submit API token scope', () => {
  it('is created through the API and submits forms, as write tokens still do', async () => {
    const { owner, form } = await setup({ antiSpam: { minFillSeconds: 0 } })
    const created = await call(ctx.app, 'POST', '/api/api-tokens', {
      token: owner.token,
      body: { name: 'contact server', scopes: ['submit'] },
    })
    expect(created.statusCode).toBe(201)
    expect(created.data.token.scopes).toEqual(['submit'])
    const submitToken = created.data.plaintext
    const res = await submit(owner.tenantId, form.id, ANSWERS, { 'x-api-key': submitToken })
    expect(res.statusCode).toBe(201)
    expect(await stored(owner.token, form.id, res.data.responseId)).toMatchObject({
      status: 'pending',
      source: 'api',
    })
    const bearer = await submit(
      owner.tenantId,
      form.id,
      { data: { name: 'Grace', email: 'g@example.com' }, user: { email: 'g@example.com' } },
      { authorization: `Bearer ${submitToken}` },
    )
    expect(bearer.statusCode).toBe(201)
    const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    const byWrite = await submit(
      owner.tenantId,
      form.id,
      { data: { name: 'Joan', email: 'j@example.com' } },
      { 'x-api-key': writeToken },
    )
    expect(byWrite.statusCode).toBe(201)
  })

  it('can do nothing else: 403 InsufficientScope on reads, writes and deletions', async () => {
    const { owner, form } = await setup()
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['submit'] })
    const attempts = [
      ['GET', '/api/contents', undefined, 'read'],
      ['GET', '/api/forms', undefined, 'read'],
      ['GET', `/api/forms/${form.id}/responses`, undefined, 'read'],
      ['POST', '/api/forms', { title: 'Sneaky' }, 'write'],
      ['PUT', `/api/forms/${form.id}`, { title: 'Renamed' }, 'write'],
      ['DELETE', `/api/forms/${form.id}`, undefined, 'delete'],
    ] as const
    for (const [method, url, body, scope] of attempts) {
      const res = await call(ctx.app, method, url, { headers: { 'x-api-key': token }, body })
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.data).toEqual({
        error: 'InsufficientScope',
        message: `This API token lacks the "${scope}" scope this request needs.`,
      })
    }
    const tokens = await call(ctx.app, 'GET', '/api/api-tokens', { headers: { 'x-api-key': token } })
    expect(tokens.statusCode).toBe(403)
    const unchanged = await call(ctx.app, 'GET', `/api/forms/${form.id}`, { token: owner.token })
    expect(unchanged.data.form.title).toEqual({ en: 'Contact' })
  })

  it('refuses a token without submit or write (403) and an unknown scope at creation (400)', async () => {
    const { owner, form } = await setup({ antiSpam: { minFillSeconds: 0 } })
    const readOnly = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'preview'] })
    const denied = await submit(owner.tenantId, form.id, ANSWERS, { 'x-api-key': readOnly })
    expect(denied.statusCode).toBe(403)
    expect(denied.data).toEqual({
      error: 'InsufficientScope',
      message: 'This API token lacks the "submit" scope this request needs.',
    })
    const unknown = await call(ctx.app, 'POST', '/api/api-tokens', {
      token: owner.token,
      body: { name: 'x', scopes: ['submit', 'publish'] },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.data.error).toBe('ValidationFailed')
  })
})
