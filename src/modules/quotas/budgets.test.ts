import { describe, expect, it } from 'vitest'
import { call, useTestContext } from '../../../test/helpers.js'
import { meteredTenant, usageOf } from '../../../test/quota-fixtures.js'
import { apiUsage } from '../../db/schema/index.js'
import { quotaPeriod } from './periods.js'

const ctx = useTestContext()

/**
 * An anonymous public read of the tenant's contents. Each test reads from its own client address,
 * so the per-client throttle (600 a minute) never decides here.
 */
const publicRead = (tenantId: string, remoteAddress: string) =>
  call(ctx.app, 'GET', '/api/public/contents', { headers: { 'x-tenant-id': tenantId }, remoteAddress })

const statusesOf = (responses: { statusCode: number }[]) => responses.map((response) => response.statusCode)

describe('public and admin requests count against separate budgets', () => {
  it('150 anonymous reads against a limit of 100: 50 are refused, and the owner can still raise the limit and work', async () => {
    const owner = await meteredTenant(ctx, { apiCalls: 100 })
    const reads = await Promise.all(
      Array.from({ length: 150 }, () => publicRead(owner.tenantId, '198.51.100.1')),
    )
    const statuses = statusesOf(reads)
    expect(statuses.filter((status) => status === 200)).toHaveLength(100)
    expect(statuses.filter((status) => status === 429)).toHaveLength(50)
    const period = quotaPeriod(Date.now())
    const refused = reads.find((response) => response.statusCode === 429)
    expect(refused?.data).toEqual({
      error: 'RequestLimitExceeded',
      message: `The monthly limit of 100 public API requests is exceeded for ${period.key}; it resets at ${period.resetAt.toISOString()}.`,
      budget: 'public',
      limit: 100,
      usage: 100,
      periodKey: period.key,
      resetAt: period.resetAt.toISOString(),
    })

    // Admin requests have a budget of their own: untouched by the public traffic.
    const tags = await call(ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(tags.statusCode).toBe(200)
    expect(tags.headers['ratelimit-policy']).toBe('"monthly";q=100')
    expect(tags.headers['x-ratelimit-remaining']).toBe('99')

    const raised = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { publicApiCalls: 1_000 } },
    })
    expect(raised.statusCode).toBe(200)
    expect(raised.data.settings.limits).toMatchObject({
      apiCalls: 100,
      publicApiCalls: 1_000,
      adminApiCalls: null,
    })
    // The smaller value set wins: apiCalls (100) still caps the public budget.
    expect((await publicRead(owner.tenantId, '198.51.100.1')).statusCode).toBe(429)
    const cleared = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { apiCalls: null } },
    })
    expect(cleared.statusCode).toBe(200)
    const again = await publicRead(owner.tenantId, '198.51.100.1')
    expect(again.statusCode).toBe(200)
    expect(again.headers['ratelimit-policy']).toBe('"monthly";q=1000')
    expect(again.headers['x-ratelimit-remaining']).toBe('899')
    // Admin requests are now unlimited (enterprise plan, no admin limit set): no quota headers.
    const after = await call(ctx.app, 'GET', '/api/tags', { token: owner.apiToken })
    expect(after.statusCode).toBe(200)
    expect(after.headers['ratelimit-policy']).toBeUndefined()
    expect(await usageOf(ctx, owner.apiToken, 'public')).toBe(101)
    expect(await usageOf(ctx, owner.apiToken, 'admin')).toBe(2)
  })

  it('a spent admin budget refuses admin requests only: public reads go on', async () => {
    const owner = await meteredTenant(ctx, { adminApiCalls: 2 })
    const admin = []
    for (let i = 0; i < 3; i++) admin.push(await call(ctx.app, 'GET', '/api/tags', { token: owner.apiToken }))
    expect(statusesOf(admin)).toEqual([200, 200, 429])
    expect(admin[2]?.data).toMatchObject({
      error: 'RequestLimitExceeded',
      budget: 'admin',
      limit: 2,
      usage: 2,
    })
    // A session of the owner draws on the same admin budget as the API token.
    expect((await call(ctx.app, 'GET', '/api/tags', { token: owner.token })).statusCode).toBe(429)
    const reads = []
    for (let i = 0; i < 5; i++) reads.push(await publicRead(owner.tenantId, '198.51.100.2'))
    expect(statusesOf(reads)).toEqual([200, 200, 200, 200, 200])
    // The public budget is unlimited (enterprise plan, nothing set): no quota headers.
    expect(reads[4]?.headers['ratelimit-policy']).toBeUndefined()
    expect(await usageOf(ctx, owner.apiToken, 'admin')).toBe(2)
    expect(await usageOf(ctx, owner.apiToken, 'public')).toBe(5)
  })

  it('a spent public budget refuses public requests only, with the public figures in the headers', async () => {
    const owner = await meteredTenant(ctx, { publicApiCalls: 2, adminApiCalls: 5 })
    const reads = []
    for (let i = 0; i < 3; i++) reads.push(await publicRead(owner.tenantId, '198.51.100.3'))
    expect(statusesOf(reads)).toEqual([200, 200, 429])
    expect(reads.map((response) => response.headers['x-ratelimit-remaining'])).toEqual(['1', '0', '0'])
    expect(reads[2]?.headers['x-ratelimit-limit']).toBe('2')
    const tags = await call(ctx.app, 'GET', '/api/tags', { token: owner.apiToken })
    expect(tags.statusCode).toBe(200)
    expect(tags.headers['x-ratelimit-limit']).toBe('5')
    expect(tags.headers['x-ratelimit-remaining']).toBe('4')
  })
})

describe('the routes a tenant needs to lift a spent quota', () => {
  it('settings, limits and quota routes are never refused for quota and not counted', async () => {
    const owner = await meteredTenant(ctx, { apiCalls: 1 })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: owner.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: owner.token })).statusCode).toBe(429)
    expect((await publicRead(owner.tenantId, '198.51.100.4')).statusCode).toBe(200)
    expect((await publicRead(owner.tenantId, '198.51.100.4')).statusCode).toBe(429)
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/tenant-settings'],
      ['PUT', '/api/tenant-settings', { branding: { siteName: 'Still mine' } }],
      ['POST', '/api/tenant-settings/smtp/test'],
      ['GET', '/api/tenants/current/limits'],
      ['GET', '/api/dashboard/api-stats'],
    ]
    for (const [method, url, body] of routes) {
      const response = await call(ctx.app, method as 'GET', url, { token: owner.token, body })
      expect(response.statusCode, `${method} ${url}`).toBe(200)
      expect(response.headers['x-ratelimit-limit'], `${method} ${url}`).toBeUndefined()
    }
    expect(await usageOf(ctx, owner.apiToken, 'admin')).toBe(1)
    expect(await usageOf(ctx, owner.apiToken, 'public')).toBe(1)
  })
  it('are documented without a 429, unlike the metered routes', async () => {
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses)
    for (const [path, method] of [
      ['/api/tenant-settings', 'get'],
      ['/api/tenant-settings', 'put'],
      ['/api/tenant-settings/smtp/test', 'post'],
      ['/api/tenants/current/limits', 'get'],
      ['/api/dashboard/api-stats', 'get'],
    ] as const) {
      expect(statuses(path, method), `${method} ${path}`).not.toContain('429')
    }
    expect(statuses('/api/tags', 'get')).toContain('429')
    expect(statuses('/api/public/contents', 'get')).toContain('429')
  })
})

describe('both budgets in the quota routes', () => {
  it('GET /api/tenants/current/limits shows each budget; usage.requests and limits.monthlyRequests stay the admin one', async () => {
    const owner = await meteredTenant(ctx, { plan: 'pro' })
    const set = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { apiCalls: 40_000, publicApiCalls: 30_000 } },
    })
    expect(set.statusCode).toBe(200)
    for (let i = 0; i < 2; i++) await call(ctx.app, 'GET', '/api/tags', { token: owner.apiToken })
    for (let i = 0; i < 3; i++) await publicRead(owner.tenantId, '198.51.100.5')
    const response = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: owner.apiToken })
    expect(response.statusCode).toBe(200)
    const admin = { usage: 2, limit: 40_000, remaining: 39_998, percentage: 0.01, unlimited: false }
    expect(response.data.plan).toEqual({ slug: 'pro', name: 'Pro', monthlyRequestLimit: 50_000 })
    expect(response.data.limits).toEqual({
      monthlyRequests: 40_000,
      apiCalls: 40_000,
      publicApiCalls: 30_000,
      adminApiCalls: null,
      entries: null,
      media: null,
      users: null,
      emailPerMonth: null,
      custom: {},
    })
    expect(response.data.usage).toEqual({
      requests: admin,
      budgets: {
        admin,
        public: { usage: 3, limit: 30_000, remaining: 29_997, percentage: 0.01, unlimited: false },
      },
    })
  })

  it('GET /api/dashboard/api-stats shows each budget’s windows, and their sums where it always did', async () => {
    const owner = await meteredTenant(ctx)
    const hour = new Date(Date.now() - (Date.now() % 3_600_000))
    await ctx.db.insert(apiUsage).values([
      { tenantId: owner.tenantId, budget: 'admin', hour, requests: 7 },
      { tenantId: owner.tenantId, budget: 'public', hour, requests: 11 },
    ])
    for (let i = 0; i < 2; i++) await call(ctx.app, 'GET', '/api/tags', { token: owner.apiToken })
    for (let i = 0; i < 3; i++) await publicRead(owner.tenantId, '198.51.100.6')
    const response = await call(ctx.app, 'GET', '/api/dashboard/api-stats', { token: owner.token })
    expect(response.statusCode).toBe(200)
    const windows = (n: number) => ({ fourHour: n, daily: n, today: n, weekly: n, monthly: n })
    expect(response.data).toMatchObject({
      ...windows(23),
      budgets: { admin: windows(9), public: windows(14) },
    })
    // Today's point of the month's daily series splits the same way.
    expect(response.data.days.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      requests: 23,
      admin: 9,
      public: 14,
    })
  })
})
