import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedTenant, seedUser, useTestContext } from '../../../test/helpers.js'
import { meteredTenant, usageOf } from '../../../test/quota-fixtures.js'
import { newId } from '../../lib/ids.js'
import { quotaPeriod } from './periods.js'

const ctx = useTestContext()

const nextMonth = () => quotaPeriod(Date.now()).resetAt

describe('quota headers', () => {
  it('carry the limit, the remaining requests, the reset and the period on every metered answer', async () => {
    const tenant = await meteredTenant(ctx, { apiCalls: 5 })
    const response = await call(ctx.app, 'GET', '/api/contents', { token: tenant.apiToken })
    expect(response.statusCode).toBe(200)
    const reset = nextMonth()
    const seconds = Number(/;t=(\d+)$/.exec(String(response.headers.ratelimit))?.[1])
    expect(Math.abs(seconds - (reset.getTime() - Date.now()) / 1000)).toBeLessThan(5)
    expect(response.headers['ratelimit-policy']).toBe('"monthly";q=5')
    expect(response.headers.ratelimit).toBe(`"monthly";r=4;t=${seconds}`)
    expect(response.headers['x-ratelimit-limit']).toBe('5')
    expect(response.headers['x-ratelimit-remaining']).toBe('4')
    expect(response.headers['x-ratelimit-reset']).toBe(String(reset.getTime() / 1000))
    expect(response.headers['x-ratelimit-period']).toBe(quotaPeriod(Date.now()).key)
    expect(response.headers['retry-after']).toBeUndefined()
  })

  it('stay on error answers of a metered route (a 404 is a counted response)', async () => {
    const tenant = await meteredTenant(ctx, { apiCalls: 5 })
    const response = await call(ctx.app, 'GET', `/api/contents/${newId()}`, { token: tenant.apiToken })
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-ratelimit-remaining']).toBe('4')
    expect(await usageOf(ctx, tenant.apiToken)).toBe(1)
  })

  it('are absent for an unlimited tenant, whose requests are still counted', async () => {
    const tenant = await meteredTenant(ctx)
    const response = await call(ctx.app, 'GET', '/api/contents', { token: tenant.apiToken })
    expect(response.statusCode).toBe(200)
    expect(response.headers['ratelimit-policy']).toBeUndefined()
    expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    expect(await usageOf(ctx, tenant.apiToken)).toBe(1)
  })
})

describe('an exhausted quota', () => {
  it('answers 429 RequestLimitExceeded with limit, usage, periodKey, resetAt and Retry-After; refusals are not counted', async () => {
    const tenant = await meteredTenant(ctx, { apiCalls: 3 })
    for (let i = 0; i < 3; i++) {
      expect((await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })).statusCode).toBe(200)
    }
    for (let i = 0; i < 2; i++) {
      const refused = await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })
      expect(refused.statusCode).toBe(429)
      const period = quotaPeriod(Date.now())
      expect(refused.data).toEqual({
        error: 'RequestLimitExceeded',
        message: `The monthly limit of 3 admin API requests is exceeded for ${period.key}; it resets at ${period.resetAt.toISOString()}.`,
        budget: 'admin',
        limit: 3,
        usage: 3,
        periodKey: period.key,
        resetAt: period.resetAt.toISOString(),
      })
      const retryAfter = Number(refused.headers['retry-after'])
      expect(Math.abs(retryAfter - (period.resetAt.getTime() - Date.now()) / 1000)).toBeLessThan(5)
      expect(refused.headers.ratelimit).toBe(`"monthly";r=0;t=${retryAfter}`)
      expect(refused.headers['x-ratelimit-remaining']).toBe('0')
    }
    const limits = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: tenant.apiToken })
    expect(limits.statusCode).toBe(200)
    expect(limits.headers['x-ratelimit-limit']).toBeUndefined()
    expect(limits.data.usage.requests).toEqual({
      usage: 3,
      limit: 3,
      remaining: 0,
      percentage: 100,
      unlimited: false,
    })
  })

  it('refuses the tenant’s user sessions too, and leaves another tenant alone', async () => {
    const spent = await meteredTenant(ctx, { apiCalls: 1 })
    const other = await meteredTenant(ctx, { apiCalls: 10 })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.token })).statusCode).toBe(429)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.apiToken })).statusCode).toBe(429)
    const fine = await call(ctx.app, 'GET', '/api/tags', { token: other.apiToken })
    expect(fine.statusCode).toBe(200)
    expect(fine.headers['x-ratelimit-remaining']).toBe('9')
    expect(await usageOf(ctx, other.apiToken)).toBe(1)
  })

  it('leaves the exempt routes open: health, readiness, docs, auth and account routes', async () => {
    const spent = await meteredTenant(ctx, { apiCalls: 1 })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.token })).statusCode).toBe(200)
    for (const url of ['/health', '/ready', '/api/docs/json']) {
      const response = await call(ctx.app, 'GET', url, { token: spent.token })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['x-ratelimit-limit'], url).toBeUndefined()
    }
    const login = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: spent.email, password: spent.password },
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['x-ratelimit-limit']).toBeUndefined()
    const tenantsList = await call(ctx.app, 'GET', '/api/tenants', { token: spent.token })
    expect(tenantsList.statusCode).toBe(200)
    expect(tenantsList.headers['x-ratelimit-limit']).toBeUndefined()
    expect(await usageOf(ctx, spent.apiToken)).toBe(1)
  })
})

describe('what is counted', () => {
  it('never a request refused before authentication or tenant resolution', async () => {
    const target = await meteredTenant(ctx, { apiCalls: 10 })
    const stranger = await seedTenant(ctx.db)
    const strangerToken = await seedApiToken(ctx.db, stranger.tenantId)
    const outsider = await seedUser(ctx.db)
    const attempts = [
      call(ctx.app, 'GET', '/api/tags', { headers: { 'x-tenant-id': target.tenantId } }),
      call(ctx.app, 'GET', '/api/tags', {
        token: 'folio_not-a-token',
        headers: { 'x-tenant-id': target.tenantId },
      }),
      call(ctx.app, 'GET', `/api/tags?tenantId=${target.tenantId}`, { token: strangerToken }),
      call(ctx.app, 'GET', `/api/tags?tenantId=${target.tenantId}`, { token: outsider.token }),
    ]
    const statuses = (await Promise.all(attempts)).map((response) => response.statusCode)
    expect(statuses).toEqual([401, 401, 403, 403])
    expect(await usageOf(ctx, target.apiToken)).toBe(0)
  })

  it('exactly the limit of 200 parallel requests', async () => {
    const tenant = await meteredTenant(ctx, { apiCalls: 50 })
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(50)
    expect(statuses.filter((status) => status === 429)).toHaveLength(150)
    const remaining = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => Number(response.headers['x-ratelimit-remaining']))
      .sort((a, b) => a - b)
    expect(remaining).toEqual(Array.from({ length: 50 }, (_, i) => i))
    expect(await usageOf(ctx, tenant.apiToken)).toBe(50)
  })
})
