import type { FastifyPluginAsync } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../test/helpers.js'
import { ConfigError, loadConfig } from '../config.js'
import { newId } from '../lib/ids.js'

/** A public route of these tests only. */
const pingRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/ping',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'testPublicPing',
        summary: 'Answer ok (tests only)',
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
    },
    async () => ({ ok: true }),
  )
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_CLIENT_LIMIT: '3' }, extraPublicRoutes: [pingRoutes] })
})
afterAll(() => ctx.close())

async function publicTenant() {
  const owner = await seedTenant(ctx.db)
  return { tenantId: owner.tenantId, apiToken: await seedApiToken(ctx.db, owner.tenantId) }
}

const ping = (tenantId: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  call(ctx.app, 'GET', '/api/public/ping', {
    headers: { 'x-tenant-id': tenantId, ...headers },
    remoteAddress,
  })

/** Requests counted in the tenant's public budget this month. */
async function usageOf(apiToken: string): Promise<number> {
  const limits = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: apiToken })
  return limits.data.usage.budgets.public.usage
}

async function statuses(tenantId: string, remoteAddresses: string[], headers?: Record<string, string>) {
  const answers: number[] = []
  for (const address of remoteAddresses) answers.push((await ping(tenantId, address, headers)).statusCode)
  return answers
}

describe('the per-client throttle of public routes', () => {
  it('answers 429 RateLimitExceeded past the limit and counts only admitted requests in the quota', async () => {
    const tenant = await publicTenant()
    expect(await statuses(tenant.tenantId, ['203.0.113.7', '203.0.113.7', '203.0.113.7'])).toEqual([
      200, 200, 200,
    ])
    const refused = await ping(tenant.tenantId, '203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.data).toMatchObject({ error: 'RateLimitExceeded' })
    expect(refused.data.message).toMatch(/^Too many requests from this network address/)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers['ratelimit-policy']).toBeUndefined()
    expect((await ping(tenant.tenantId, '203.0.113.7')).statusCode).toBe(429)
    expect(await usageOf(tenant.apiToken)).toBe(3)
    // Another visitor is not held back by the first one.
    expect((await ping(tenant.tenantId, '203.0.113.8')).statusCode).toBe(200)
    expect(await usageOf(tenant.apiToken)).toBe(4)
  })

  it('keys IPv6 clients by their /64 and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const tenant = await publicTenant()
    const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9', '2001:db8:1:2::3']
    expect(await statuses(tenant.tenantId, sameNetwork)).toEqual([200, 200, 200, 429])
    expect((await ping(tenant.tenantId, '2001:db8:1:3::1')).statusCode).toBe(200)
    const forwarded = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map((address) => ({
      'x-forwarded-for': address,
    }))
    const answers: number[] = []
    for (const headers of forwarded)
      answers.push((await ping(tenant.tenantId, '203.0.113.20', headers)).statusCode)
    expect(answers).toEqual([200, 200, 200, 429])
    expect(await usageOf(tenant.apiToken)).toBe(7)
  })

  it('throttles per client address across tenants, before the tenant is looked up', async () => {
    const first = await publicTenant()
    const second = await publicTenant()
    expect(await statuses(first.tenantId, ['203.0.113.30', '203.0.113.30'])).toEqual([200, 200])
    expect(await statuses(second.tenantId, ['203.0.113.30', '203.0.113.30'])).toEqual([200, 429])
    expect(await usageOf(second.apiToken)).toBe(1)
    const unknown = newId()
    expect(await statuses(unknown, ['203.0.113.31', '203.0.113.31', '203.0.113.31', '203.0.113.31'])).toEqual(
      [404, 404, 404, 429],
    )
  })
})

describe('behind a trusted proxy', () => {
  let proxied: TestContext
  beforeAll(async () => {
    proxied = await createTestContext({
      env: { PUBLIC_CLIENT_LIMIT: '2', TRUST_PROXY: '10.0.0.1' },
      extraPublicRoutes: [pingRoutes],
    })
  })
  afterAll(() => proxied.close())

  it('keys clients by the X-Forwarded-For address the proxy gives', async () => {
    const owner = await seedTenant(proxied.db)
    const from = (client: string) =>
      call(proxied.app, 'GET', '/api/public/ping', {
        headers: { 'x-tenant-id': owner.tenantId, 'x-forwarded-for': client },
        remoteAddress: '10.0.0.1',
      })
    const answers: number[] = []
    for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2']) {
      answers.push((await from(client)).statusCode)
    }
    expect(answers).toEqual([200, 200, 429, 200])
  })
})

describe('PUBLIC_CLIENT_LIMIT', () => {
  const base = { DATABASE_URL: 'memory://' }
  it('defaults to 600 a minute; 0 and off turn the throttle off; anything else is refused', () => {
    expect(loadConfig(base).publicClientLimit).toBe(600)
    expect(loadConfig({ ...base, PUBLIC_CLIENT_LIMIT: '25' }).publicClientLimit).toBe(25)
    expect(loadConfig({ ...base, PUBLIC_CLIENT_LIMIT: 'off' }).publicClientLimit).toBe(false)
    expect(loadConfig({ ...base, PUBLIC_CLIENT_LIMIT: '0' }).publicClientLimit).toBe(false)
    for (const bad of ['-1', 'many', '1.5', '1000001']) {
      expect(() => loadConfig({ ...base, PUBLIC_CLIENT_LIMIT: bad }), bad).toThrow(ConfigError)
    }
  })
})
