import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestContext,
  seedApiToken,
  seedTenant,
  seedUser,
  type TestContext,
  useTestContext,
} from '../../../test/helpers.js'
import { apiUsage, tenantSettings, tenants } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { quotaPeriod } from './periods.js'

const ctx = useTestContext()

/** A tenant with an API token, its plan and `limits.apiCalls` written before its first request. */
async function meteredTenant(options: { plan?: string; apiCalls?: number | null } = {}) {
  const owner = await seedTenant(ctx.db)
  if (options.plan !== undefined) {
    await ctx.db.update(tenants).set({ plan: options.plan }).where(eq(tenants.id, owner.tenantId))
  }
  if (options.apiCalls !== undefined) {
    await ctx.db
      .insert(tenantSettings)
      .values({ tenantId: owner.tenantId, limits: { apiCalls: options.apiCalls } })
  }
  const token = await seedApiToken(ctx.db, owner.tenantId)
  return { ...owner, apiToken: token }
}

/** Requests counted for the tenant this month, read through the (unmetered) limits route. */
async function usageOf(token: string): Promise<number> {
  const response = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token })
  expect(response.statusCode).toBe(200)
  return response.data.usage.requests.usage
}

const nextMonth = () => quotaPeriod(Date.now()).resetAt

describe('quota headers', () => {
  it('carry the limit, the remaining requests, the reset and the period on every metered answer', async () => {
    const tenant = await meteredTenant({ apiCalls: 5 })
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
    const tenant = await meteredTenant({ apiCalls: 5 })
    const response = await call(ctx.app, 'GET', `/api/contents/${newId()}`, { token: tenant.apiToken })
    expect(response.statusCode).toBe(404)
    expect(response.headers['x-ratelimit-remaining']).toBe('4')
    expect(await usageOf(tenant.apiToken)).toBe(1)
  })

  it('are absent for an unlimited tenant, whose requests are still counted', async () => {
    const tenant = await meteredTenant()
    const response = await call(ctx.app, 'GET', '/api/contents', { token: tenant.apiToken })
    expect(response.statusCode).toBe(200)
    expect(response.headers['ratelimit-policy']).toBeUndefined()
    expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    expect(await usageOf(tenant.apiToken)).toBe(1)
  })
})

describe('an exhausted quota', () => {
  it('answers 429 RequestLimitExceeded with limit, usage, periodKey, resetAt and Retry-After; refusals are not counted', async () => {
    const tenant = await meteredTenant({ apiCalls: 3 })
    for (let i = 0; i < 3; i++) {
      expect((await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })).statusCode).toBe(200)
    }
    for (let i = 0; i < 2; i++) {
      const refused = await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })
      expect(refused.statusCode).toBe(429)
      const period = quotaPeriod(Date.now())
      expect(refused.data).toEqual({
        error: 'RequestLimitExceeded',
        message: `The monthly API request limit of 3 is exceeded for ${period.key}; it resets at ${period.resetAt.toISOString()}.`,
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
    const spent = await meteredTenant({ apiCalls: 1 })
    const other = await meteredTenant({ apiCalls: 10 })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.token })).statusCode).toBe(429)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: spent.apiToken })).statusCode).toBe(429)
    const fine = await call(ctx.app, 'GET', '/api/tags', { token: other.apiToken })
    expect(fine.statusCode).toBe(200)
    expect(fine.headers['x-ratelimit-remaining']).toBe('9')
    expect(await usageOf(other.apiToken)).toBe(1)
  })

  it('leaves the exempt routes open: health, readiness, docs, auth and account routes', async () => {
    const spent = await meteredTenant({ apiCalls: 1 })
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
    expect(await usageOf(spent.apiToken)).toBe(1)
  })
})

describe('what is counted', () => {
  it('never a request refused before authentication or tenant resolution', async () => {
    const target = await meteredTenant({ apiCalls: 10 })
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
    expect(await usageOf(target.apiToken)).toBe(0)
  })

  it('exactly the limit of 200 parallel requests', async () => {
    const tenant = await meteredTenant({ apiCalls: 50 })
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
    expect(await usageOf(tenant.apiToken)).toBe(50)
  })
})

describe('GET /api/tenants/current/limits', () => {
  it('shows the effective plan, the limits and the request metric to an API token and a session', async () => {
    const tenant = await meteredTenant({ plan: 'pro', apiCalls: 2_000_000 })
    await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })
    const period = quotaPeriod(Date.now())
    for (const token of [tenant.apiToken, tenant.token]) {
      const response = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token })
      expect(response.statusCode).toBe(200)
      expect(response.data).toEqual({
        tenant: { id: tenant.tenantId, name: `Tenant ${tenant.tenantId}`, slug: `t-${tenant.tenantId}` },
        plan: { slug: 'pro', name: 'Pro', monthlyRequestLimit: 50_000 },
        period: { key: period.key, start: period.start.toISOString(), resetAt: period.resetAt.toISOString() },
        limits: {
          monthlyRequests: 50_000,
          apiCalls: 2_000_000,
          entries: null,
          media: null,
          users: null,
          emailPerMonth: null,
          custom: {},
        },
        usage: { requests: { usage: 1, limit: 50_000, remaining: 49_999, percentage: 0, unlimited: false } },
        metering: true,
      })
    }
  })

  it('takes the smaller of plan and settings, and reports an unlimited tenant as unlimited', async () => {
    const free = await meteredTenant({ plan: 'free' })
    const freeLimits = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: free.apiToken })
    expect(freeLimits.data.limits.monthlyRequests).toBe(1_000)
    const capped = await meteredTenant({ plan: 'promax', apiCalls: 8 })
    for (let i = 0; i < 2; i++) await call(ctx.app, 'GET', '/api/tags', { token: capped.apiToken })
    const cappedLimits = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: capped.apiToken })
    expect(cappedLimits.data.plan.monthlyRequestLimit).toBe(150_000)
    expect(cappedLimits.data.usage.requests).toEqual({
      usage: 2,
      limit: 8,
      remaining: 6,
      percentage: 25,
      unlimited: false,
    })
    const unlimited = await meteredTenant()
    await call(ctx.app, 'GET', '/api/tags', { token: unlimited.apiToken })
    const open = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: unlimited.apiToken })
    expect(open.data.plan).toEqual({ slug: 'enterprise', name: 'Enterprise', monthlyRequestLimit: null })
    expect(open.data.usage.requests).toEqual({
      usage: 1,
      limit: null,
      remaining: null,
      percentage: 0,
      unlimited: true,
    })
  })

  it('answers 400 for an unknown query parameter, 401 without credentials, 403 for another tenant', async () => {
    const tenant = await meteredTenant()
    const other = await meteredTenant()
    const bad = await call(ctx.app, 'GET', '/api/tenants/current/limits?plan=x', { token: tenant.apiToken })
    expect(bad.statusCode).toBe(400)
    expect(bad.data.error).toBe('ValidationFailed')
    expect((await call(ctx.app, 'GET', '/api/tenants/current/limits')).statusCode).toBe(401)
    const crossToken = await call(ctx.app, 'GET', `/api/tenants/current/limits?tenantId=${tenant.tenantId}`, {
      token: other.apiToken,
    })
    expect(crossToken.statusCode).toBe(403)
    const crossSession = await call(
      ctx.app,
      'GET',
      `/api/tenants/current/limits?tenantId=${tenant.tenantId}`,
      {
        token: other.token,
      },
    )
    expect(crossSession.statusCode).toBe(403)
  })
})

describe('GET /api/dashboard/api-stats', () => {
  /** Start of the UTC hour `hoursAgo` hours before now. */
  const hourAgo = (hoursAgo: number) => {
    const now = Date.now()
    return new Date(now - (now % 3_600_000) - hoursAgo * 3_600_000)
  }

  it('counts four-hour, daily, today, weekly and monthly requests, this one included', async () => {
    const tenant = await meteredTenant()
    const other = await meteredTenant()
    const history = [
      { hoursAgo: 5, requests: 7 },
      { hoursAgo: 30, requests: 11 },
      { hoursAgo: 24 * 40, requests: 13 },
    ]
    await ctx.db.insert(apiUsage).values(
      history.map((row) => ({
        tenantId: tenant.tenantId,
        hour: hourAgo(row.hoursAgo),
        requests: row.requests,
      })),
    )
    await ctx.db.insert(apiUsage).values({ tenantId: other.tenantId, hour: hourAgo(0), requests: 1_000 })
    for (let i = 0; i < 3; i++) await call(ctx.app, 'GET', '/api/tags', { token: tenant.apiToken })
    await call(ctx.app, 'GET', '/api/tags', { token: other.apiToken })

    const response = await call(ctx.app, 'GET', '/api/dashboard/api-stats', { token: tenant.token })
    expect(response.statusCode).toBe(200)
    // Expected windows, computed independently of the code under test.
    const now = new Date()
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    const weekStart = dayStart - ((now.getUTCDay() + 6) % 7) * 86_400_000
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
    const fourHourStart = hourAgo(now.getUTCHours() % 4).getTime()
    const since = (start: number) =>
      4 +
      history
        .filter((row) => hourAgo(row.hoursAgo).getTime() >= start)
        .reduce((sum, row) => sum + row.requests, 0)
    expect(response.data).toEqual({
      fourHour: since(fourHourStart),
      daily: 4 + 7,
      today: since(dayStart),
      weekly: since(weekStart),
      monthly: since(monthStart),
      periodKey: quotaPeriod(Date.now()).key,
      enabled: true,
    })
    expect(response.data.fourHour).toBe(4)
  })

  it('answers 401 without credentials and 403 for a tenant the caller is not a member of', async () => {
    const tenant = await meteredTenant()
    const outsider = await seedUser(ctx.db)
    expect((await call(ctx.app, 'GET', '/api/dashboard/api-stats')).statusCode).toBe(401)
    const cross = await call(ctx.app, 'GET', `/api/dashboard/api-stats?tenantId=${tenant.tenantId}`, {
      token: outsider.token,
    })
    expect(cross.statusCode).toBe(403)
    const bad = await call(ctx.app, 'GET', '/api/dashboard/api-stats?window=day', { token: tenant.token })
    expect(bad.statusCode).toBe(400)
  })
})

describe('METERING=off', () => {
  let off: TestContext
  beforeAll(async () => {
    off = await createTestContext({ env: { METERING: 'off' } })
    return () => off.close()
  })

  it('counts nothing, refuses nothing and sends no quota headers', async () => {
    const owner = await seedTenant(off.db)
    await off.db.insert(tenantSettings).values({ tenantId: owner.tenantId, limits: { apiCalls: 1 } })
    for (let i = 0; i < 3; i++) {
      const response = await call(off.app, 'GET', '/api/tags', { token: owner.token })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
    const stats = await call(off.app, 'GET', '/api/dashboard/api-stats', { token: owner.token })
    expect(stats.data).toMatchObject({ monthly: 0, enabled: false })
    const limits = await call(off.app, 'GET', '/api/tenants/current/limits', { token: owner.token })
    expect(limits.data.metering).toBe(false)
    expect(limits.data.usage.requests.usage).toBe(0)
    const [row] = await off.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiUsage)
      .where(eq(apiUsage.tenantId, owner.tenantId))
    expect(row?.n).toBe(0)
  })
})
