import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../test/helpers.js'
import { buildApp } from '../app.js'
import { tenantSettings, tenants } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { createMailer } from '../mail/mailer.js'
import { publicContext } from './public.js'

/** A public route that exists only in these tests: it answers the public context it was given. */
const echoRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/echo',
    {
      // Not from the delivery cache: its answer is the request's own origin.
      config: { auth: 'public', deliveryCache: false },
      schema: {
        tags: ['public'],
        operationId: 'testPublicEcho',
        summary: 'Echo the public context (tests only)',
        response: {
          200: {
            type: 'object',
            properties: {
              tenantId: { type: 'string' },
              origin: { type: 'string', nullable: true },
              frozen: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (request) => {
      const context = publicContext(request)
      return { tenantId: context.tenantId, origin: context.origin, frozen: Object.isFrozen(context) }
    },
  )
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ extraPublicRoutes: [echoRoutes] })
})
afterAll(() => ctx.close())

/** A live tenant with the given edge policy and `limits.apiCalls`, and an API token to read its usage. */
async function publicTenant(edgeGateway: Record<string, unknown> = {}, limits: Record<string, unknown> = {}) {
  const owner = await seedTenant(ctx.db)
  await ctx.db.insert(tenantSettings).values({ tenantId: owner.tenantId, edgeGateway, limits })
  return { tenantId: owner.tenantId, apiToken: await seedApiToken(ctx.db, owner.tenantId) }
}

const echo = (headers: Record<string, string> = {}) => call(ctx.app, 'GET', '/api/public/echo', { headers })

/** Requests counted in the tenant's public budget this month. */
async function usageOf(apiToken: string): Promise<number> {
  return (await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: apiToken })).data.usage.budgets
    .public.usage
}

describe('tenant selection', () => {
  it('answers a live tenant with a frozen public context and Vary: X-Tenant-ID, Origin, X-Preview-Token', async () => {
    const tenant = await publicTenant()
    const response = await echo({ 'x-tenant-id': tenant.tenantId })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ tenantId: tenant.tenantId, origin: null, frozen: true })
    expect(response.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token')
    expect(response.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers 400 for a missing, malformed, mixed-case or repeated X-Tenant-ID', async () => {
    const tenant = await publicTenant()
    const missing = await echo()
    expect(missing.statusCode).toBe(400)
    expect(missing.data).toEqual({
      error: 'TenantRequired',
      message: 'Public routes need the tenant in the X-Tenant-ID header.',
    })
    expect(missing.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token')
    for (const value of [
      'abc',
      tenant.tenantId.toUpperCase(),
      `${tenant.tenantId}, ${tenant.tenantId}`,
      ' ',
    ]) {
      const response = await echo({ 'x-tenant-id': value })
      expect(response.statusCode, value).toBe(400)
      expect(response.data.error, value).toBe('ValidationFailed')
    }
  })

  it('answers 404 for an unknown, suspended or deleted tenant, with the same body', async () => {
    const suspended = await publicTenant()
    await ctx.db.update(tenants).set({ status: 'suspended' }).where(eq(tenants.id, suspended.tenantId))
    const deleted = await publicTenant()
    await ctx.db.update(tenants).set({ deletedAt: new Date() }).where(eq(tenants.id, deleted.tenantId))
    for (const tenantId of [newId(), suspended.tenantId, deleted.tenantId]) {
      const response = await echo({ 'x-tenant-id': tenantId })
      expect(response.statusCode).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Tenant not found.' })
    }
  })
})

describe('edge policy and CORS', () => {
  const policy = {
    allowedOrigins: ['https://shop.example.com', 'https://*.example.org', 'http://staging.example.net:8080'],
    allowLocalhost: true,
  }

  it('reflects an allowed origin (exact, wildcard, localhost) without credentials and exposes the quota headers', async () => {
    const tenant = await publicTenant(policy)
    for (const origin of [
      'https://shop.example.com',
      'https://a.example.org',
      'https://deep.a.example.org',
      'http://staging.example.net:8080',
      'http://localhost:5173',
      'http://127.0.0.1:3000',
    ]) {
      const response = await echo({ 'x-tenant-id': tenant.tenantId, origin })
      expect(response.statusCode, origin).toBe(200)
      expect(response.data.origin).toBe(origin)
      expect(response.headers['access-control-allow-origin'], origin).toBe(origin)
      expect(response.headers['access-control-allow-credentials']).toBeUndefined()
      expect(String(response.headers['access-control-expose-headers'])).toContain('RateLimit-Policy')
      expect(response.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token')
    }
  })

  it('refuses any other origin with 403 and no CORS header', async () => {
    const tenant = await publicTenant(policy)
    for (const origin of [
      'https://evil.com',
      'https://example.org',
      'https://badexample.org',
      'http://a.example.org',
      'https://a.example.org:8443',
      'https://shop.example.com.evil.com',
      'http://staging.example.net',
      'null',
      'file://',
    ]) {
      const response = await echo({ 'x-tenant-id': tenant.tenantId, origin })
      expect(response.statusCode, origin).toBe(403)
      expect(response.data.error).toBe('Forbidden')
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined()
    }
  })

  it("refuses localhost unless allowLocalhost, and one tenant's origin on another tenant", async () => {
    const strict = await publicTenant({ allowedOrigins: ['https://b.example.com'], allowLocalhost: false })
    const other = await publicTenant(policy)
    const local = await echo({ 'x-tenant-id': strict.tenantId, origin: 'http://localhost:5173' })
    expect(local.statusCode).toBe(403)
    const cross = await echo({ 'x-tenant-id': strict.tenantId, origin: 'https://shop.example.com' })
    expect(cross.statusCode).toBe(403)
    expect(cross.headers['access-control-allow-origin']).toBeUndefined()
    const own = await echo({ 'x-tenant-id': other.tenantId, origin: 'https://shop.example.com' })
    expect(own.statusCode).toBe(200)
  })

  it('answers 403 when public delivery is off, whatever the origin', async () => {
    const tenant = await publicTenant({ ...policy, publicReadEnabled: false })
    for (const headers of [{}, { origin: 'https://shop.example.com' }] as Record<string, string>[]) {
      const response = await echo({ 'x-tenant-id': tenant.tenantId, ...headers })
      expect(response.statusCode).toBe(403)
      expect(response.data).toEqual({
        error: 'Forbidden',
        message: 'Public delivery is turned off for this tenant.',
      })
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('answers preflights from the same policy', async () => {
    const tenant = await publicTenant(policy)
    const preflight = (headers: Record<string, string>) =>
      call(ctx.app, 'OPTIONS', '/api/public/echo', {
        headers: {
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-tenant-id',
          ...headers,
        },
      })
    const named = await preflight({ origin: 'https://a.example.org', 'x-tenant-id': tenant.tenantId })
    expect(named.statusCode).toBe(204)
    expect(named.headers['access-control-allow-origin']).toBe('https://a.example.org')
    expect(named.headers['access-control-allow-methods']).toBe('GET, HEAD, POST')
    expect(String(named.headers['access-control-allow-headers'])).toContain('X-Tenant-ID')
    expect(named.headers['access-control-max-age']).toBe('600')
    expect(named.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token')
    const refused = await preflight({ origin: 'https://evil.com', 'x-tenant-id': tenant.tenantId })
    expect(refused.statusCode).toBe(404)
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    // Browsers send only the header's name on a preflight; the actual request then decides.
    const anonymous = await preflight({ origin: 'https://anything.example' })
    expect(anonymous.statusCode).toBe(204)
    expect(anonymous.headers['access-control-allow-origin']).toBe('https://anything.example')
    const actual = await echo({ 'x-tenant-id': tenant.tenantId, origin: 'https://anything.example' })
    expect(actual.statusCode).toBe(403)
    expect(actual.headers['access-control-allow-origin']).toBeUndefined()
    const notAsking = await call(ctx.app, 'OPTIONS', '/api/public/echo', {
      headers: { origin: 'https://anything.example', 'access-control-request-method': 'GET' },
    })
    expect(notAsking.statusCode).toBe(404)
  })
})

describe('quota on public routes', () => {
  it('counts every answer of a live tenant, refuses past the limit, and counts nothing for bad tenants', async () => {
    const tenant = await publicTenant({ allowedOrigins: ['https://shop.example.com'] }, { apiCalls: 3 })
    const ok = await echo({ 'x-tenant-id': tenant.tenantId })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['ratelimit-policy']).toBe('"monthly";q=3')
    expect(ok.headers['x-ratelimit-remaining']).toBe('2')
    const refusedOrigin = await echo({ 'x-tenant-id': tenant.tenantId, origin: 'https://evil.com' })
    expect(refusedOrigin.statusCode).toBe(403)
    expect(refusedOrigin.headers['x-ratelimit-remaining']).toBe('1')
    await echo({ 'x-tenant-id': newId() })
    await echo({ 'x-tenant-id': 'nope' })
    expect(await usageOf(tenant.apiToken)).toBe(2)
    expect(
      (await echo({ 'x-tenant-id': tenant.tenantId, origin: 'https://shop.example.com' })).statusCode,
    ).toBe(200)
    const spent = await echo({ 'x-tenant-id': tenant.tenantId, origin: 'https://shop.example.com' })
    expect(spent.statusCode).toBe(429)
    expect(spent.data).toMatchObject({ error: 'RequestLimitExceeded', limit: 3, usage: 3 })
    // An allowed page can read the 429 and its Retry-After.
    expect(spent.headers['access-control-allow-origin']).toBe('https://shop.example.com')
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0)
    expect(await usageOf(tenant.apiToken)).toBe(3)
  })

  it('counts apart from the tenant’s authenticated requests (a budget each)', async () => {
    const tenant = await publicTenant({}, { apiCalls: 2 })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })).statusCode).toBe(200)
    expect((await echo({ 'x-tenant-id': tenant.tenantId })).statusCode).toBe(200)
    expect((await echo({ 'x-tenant-id': tenant.tenantId })).statusCode).toBe(200)
    expect((await echo({ 'x-tenant-id': tenant.tenantId })).statusCode).toBe(429)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })).statusCode).toBe(429)
  })
})

describe('registration', () => {
  async function buildWith(extra: FastifyPluginAsync) {
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      store: ctx.store,
      mailer: createMailer({ from: ctx.config.mailFrom, dataDir: ctx.dataDir }),
      logger: false,
      extraPublicRoutes: [extra],
    })
    try {
      await app.ready()
    } finally {
      await app.close()
    }
  }

  it('refuses a route under /api/public that does not declare auth public', async () => {
    const undeclared: FastifyPluginAsync = async (app) => {
      app.get('/open', { config: { auth: 'none' } }, async () => ({}))
    }
    await expect(buildWith(undeclared)).rejects.toThrow("does not declare config.auth 'public'")
  })

  it('documents public routes with the X-Tenant-ID scheme and their frame errors', async () => {
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    const operation = document.paths['/api/public/echo'].get
    expect(operation.security).toEqual([{ tenantId: [] }])
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '304', '400', '403', '404', '429', '503'])
  })
})
