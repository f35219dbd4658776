import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestContext,
  seedTenant,
  seedUser,
  type TestContext,
  useTestContext,
} from '../../../test/helpers.js'
import { meteredTenant } from '../../../test/quota-fixtures.js'
import { apiUsage, tenantSettings } from '../../db/schema/index.js'
import { quotaPeriod } from './periods.js'

const ctx = useTestContext()

describe('GET /api/tenants/current/limits', () => {
  it('shows the effective plan, the limits and the request metric to an API token and a session', async () => {
    const tenant = await meteredTenant(ctx, { plan: 'pro', apiCalls: 2_000_000 })
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
          publicApiCalls: null,
          adminApiCalls: null,
          entries: null,
          media: null,
          users: null,
          emailPerMonth: null,
          custom: {},
        },
        usage: {
          requests: { usage: 1, limit: 50_000, remaining: 49_999, percentage: 0, unlimited: false },
          budgets: {
            admin: { usage: 1, limit: 50_000, remaining: 49_999, percentage: 0, unlimited: false },
            public: { usage: 0, limit: 50_000, remaining: 50_000, percentage: 0, unlimited: false },
          },
        },
        metering: true,
      })
    }
  })

  it('takes the smaller of plan and settings, and reports an unlimited tenant as unlimited', async () => {
    const free = await meteredTenant(ctx, { plan: 'free' })
    const freeLimits = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token: free.apiToken })
    expect(freeLimits.data.limits.monthlyRequests).toBe(1_000)
    const capped = await meteredTenant(ctx, { plan: 'promax', apiCalls: 8 })
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
    const unlimited = await meteredTenant(ctx)
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
    const tenant = await meteredTenant(ctx)
    const other = await meteredTenant(ctx)
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

  it('counts four-hour, daily, today, weekly and monthly requests, not itself', async () => {
    const tenant = await meteredTenant(ctx)
    const other = await meteredTenant(ctx)
    const history = [
      { hoursAgo: 5, requests: 7 },
      { hoursAgo: 30, requests: 11 },
      { hoursAgo: 24 * 40, requests: 13 },
    ]
    await ctx.db.insert(apiUsage).values(
      history.map((row) => ({
        tenantId: tenant.tenantId,
        budget: 'admin' as const,
        hour: hourAgo(row.hoursAgo),
        requests: row.requests,
      })),
    )
    await ctx.db
      .insert(apiUsage)
      .values({ tenantId: other.tenantId, budget: 'admin', hour: hourAgo(0), requests: 1_000 })
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
      3 +
      history
        .filter((row) => hourAgo(row.hoursAgo).getTime() >= start)
        .reduce((sum, row) => sum + row.requests, 0)
    const windows = {
      fourHour: since(fourHourStart),
      daily: 3 + 7,
      today: since(dayStart),
      weekly: since(weekStart),
      monthly: since(monthStart),
    }
    const none = { fourHour: 0, daily: 0, today: 0, weekly: 0, monthly: 0 }
    // One row per UTC day of the month so far; the requests of this month land on their days.
    const days = Array.from({ length: now.getUTCDate() }, (_, index) => {
      const start = monthStart + index * 86_400_000
      const requests =
        (start === dayStart ? 3 : 0) +
        history
          .filter((row) => {
            const at = hourAgo(row.hoursAgo).getTime()
            return at >= start && at < start + 86_400_000
          })
          .reduce((sum, row) => sum + row.requests, 0)
      return { date: new Date(start).toISOString().slice(0, 10), requests, admin: requests, public: 0 }
    })
    expect(response.data).toEqual({
      ...windows,
      budgets: { admin: windows, public: none },
      days,
      periodKey: quotaPeriod(Date.now()).key,
      enabled: true,
      // No public read of this tenant yet (the delivery cache's own tests count them).
      deliveryCache: { hits: 0, misses: 0, hitRate: 0 },
    })
    expect(response.data.fourHour).toBe(3)
  })

  it('answers 401 without credentials and 403 for a tenant the caller is not a member of', async () => {
    const tenant = await meteredTenant(ctx)
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
