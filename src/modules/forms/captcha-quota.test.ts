import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../../test/helpers.js'

/**
 * A captcha provider on 127.0.0.1 (so private addresses are allowed here): it accepts the answer
 * "human" sent with the configured secret, and records what it was sent.
 */
let provider: Server
const received: string[] = []
let ctx: TestContext
let bare: TestContext

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push(body)
      const params = new URLSearchParams(body)
      const success = params.get('secret') === 'captcha-secret' && params.get('response') === 'human'
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ success }))
    })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const { port } = provider.address() as AddressInfo
  ctx = await createTestContext({
    env: {
      OUTBOUND_ALLOW_PRIVATE: 'true',
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      CAPTCHA_SECRET: 'captcha-secret',
    },
  })
  bare = await createTestContext()
})

afterAll(async () => {
  await Promise.all([ctx.close(), bare.close()])
  await new Promise((resolve) => provider.close(resolve))
})

describe('captcha and quota', () => {
  it('stores a submission with a failed or missing captcha as spam and passes a verified one', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token, {
      settings: { captcha: true, antiSpam: { minFillSeconds: 0 } },
    })
    const apiKey = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    const page = await call(ctx.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(page.data.submission.captcha).toBe(true)
    const statusOf = async (name: string, captchaToken?: string) => {
      const res = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
        body: { data: { name, email: 'c@example.com' }, ...(captchaToken ? { captchaToken } : {}) },
        headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': apiKey },
      })
      expect(res.statusCode).toBe(201)
      const stored = await call(ctx.app, 'GET', `/api/forms/${form.id}/responses/${res.data.responseId}`, {
        token: owner.token,
      })
      return [stored.data.response.status, stored.data.response.spamReasons]
    }
    expect(await statusOf('robot', 'bot')).toEqual(['spam', ['captcha']])
    expect(await statusOf('nobody')).toEqual(['spam', ['captcha']])
    expect(await statusOf('person', 'human')).toEqual(['pending', []])
    expect(received.at(-1)).toContain('secret=captcha-secret&response=human&remoteip=127.0.0.1')
  })

  it('asks a browser form for the captcha by default once a provider is configured, unless it says captcha: false', async () => {
    const owner = await seedTenant(ctx.db)
    const edge = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { allowedOrigins: ['https://www.example.com'] } },
    })
    expect(edge.statusCode).toBe(200)
    const FAST = { antiSpam: { minFillSeconds: 0 } }
    const browser = await createForm(ctx.app, owner.token, {
      slug: 'browser',
      settings: { browserSubmission: true, ...FAST },
    })
    const optedOut = await createForm(ctx.app, owner.token, {
      slug: 'opted-out',
      settings: { browserSubmission: true, captcha: false, ...FAST },
    })
    await createForm(ctx.app, owner.token, { slug: 'server', settings: FAST })
    const asks = async (slug: string) =>
      (
        await call(ctx.app, 'GET', `/api/public/forms/${slug}`, {
          headers: { 'x-tenant-id': owner.tenantId },
        })
      ).data.submission.captcha
    expect(await asks('browser')).toBe(true)
    expect(await asks('opted-out')).toBe(false)
    expect(await asks('server')).toBe(false)
    let submissions = 0
    const reasonsOf = async (formId: string, captchaToken?: string) => {
      submissions += 1
      const res = await call(ctx.app, 'POST', `/api/public/forms/${formId}/submit`, {
        body: {
          data: { name: `n${submissions}`, email: 'c@example.com' },
          ...(captchaToken ? { captchaToken } : {}),
        },
        headers: { 'x-tenant-id': owner.tenantId, origin: 'https://www.example.com' },
      })
      expect(res.statusCode, res.body).toBe(201)
      const stored = await call(ctx.app, 'GET', `/api/forms/${formId}/responses/${res.data.responseId}`, {
        token: owner.token,
      })
      return stored.data.response.spamReasons
    }
    expect(await reasonsOf(browser.id)).toEqual(['captcha'])
    expect(await reasonsOf(browser.id, 'human')).toEqual([])
    expect(await reasonsOf(optedOut.id)).toEqual([])
  })

  it('refuses settings.captcha when no provider is configured', async () => {
    const owner = await seedTenant(bare.db)
    const res = await call(bare.app, 'POST', '/api/forms', {
      token: owner.token,
      body: { title: 'T', settings: { captcha: true } },
    })
    expect(res.statusCode).toBe(400)
    expect(res.data.message).toContain('CAPTCHA_VERIFY_URL')
  })

  it('counts a public read and a submission against the public budget, one request each', async () => {
    const owner = await seedTenant(bare.db)
    const form = await createForm(bare.app, owner.token, { settings: { antiSpam: { minFillSeconds: 0 } } })
    const apiKey = await seedApiToken(bare.db, owner.tenantId, { scopes: ['read', 'write'] })
    const usage = async () =>
      (await call(bare.app, 'GET', '/api/tenants/current/limits', { token: apiKey })).data.usage.budgets
        .public.usage
    const before = await usage()
    await call(bare.app, 'GET', `/api/public/forms/${form.slug}`, {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    const submitted = await call(bare.app, 'POST', `/api/public/forms/${form.id}/submit`, {
      body: { data: { name: 'Q', email: 'q@example.com' } },
      headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': apiKey },
    })
    expect(submitted.statusCode).toBe(201)
    // The limits route is quota-exempt: the difference is the public read and the submission.
    expect(await usage()).toBe(before + 2)
  })
})
