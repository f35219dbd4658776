import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../../test/helpers.js'
import { secondInstance } from '../../../test/instance-fixtures.js'
import { tenantSettings } from '../../db/schema/index.js'

/**
 * Two app instances on one database and one Redis (the same key prefix), as two processes of one
 * deployment would be. Runs when TEST_REDIS_URL is set.
 */
describe.skipIf(process.env.TEST_REDIS_URL === undefined)('two instances on one Redis', () => {
  let first: TestContext
  let second: FastifyInstance
  let closeSecond: () => Promise<void>
  beforeAll(async () => {
    first = await createTestContext()
    ;({ app: second, close: closeSecond } = await secondInstance(first))
  })
  afterAll(async () => {
    await closeSecond()
    await first.close()
  })

  it('grant exactly the limit between them: 200 parallel requests, limit 50', async () => {
    const owner = await seedTenant(first.db)
    await first.db.insert(tenantSettings).values({ tenantId: owner.tenantId, limits: { apiCalls: 50 } })
    const token = await seedApiToken(first.db, owner.tenantId)
    const apps = [first.app, second]
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(apps[i % 2]!, 'GET', '/api/tags', { token })),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(50)
    expect(statuses.filter((status) => status === 429)).toHaveLength(150)
    const served = responses.filter((_, i) => statuses[i] === 200)
    expect(served.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    )
    // Both instances answer the same usage, and the folded hourly counts add up to it.
    for (const app of apps) {
      const limits = await call(app, 'GET', '/api/tenants/current/limits', { token })
      expect(limits.data.usage.requests.usage).toBe(50)
    }
    const stats = await Promise.all(
      apps.map((app) => call(app, 'GET', '/api/dashboard/api-stats', { token })),
    )
    // The quota routes are never refused for quota. Each folds its own instance's counts: once both
    // have answered, the database holds every granted request.
    expect(stats.map((s) => s.statusCode)).toEqual([200, 200])
    const folded = await call(first.app, 'GET', '/api/dashboard/api-stats', { token })
    expect(folded.data.budgets).toMatchObject({ admin: { monthly: 50 }, public: { monthly: 0 } })
  })

  it('keep the budgets apart between them: public reads spend only the public budget', async () => {
    const owner = await seedTenant(first.db)
    await first.db
      .insert(tenantSettings)
      .values({ tenantId: owner.tenantId, limits: { publicApiCalls: 50, adminApiCalls: 20 } })
    const token = await seedApiToken(first.db, owner.tenantId)
    const apps = [first.app, second]
    const reads = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        call(apps[i % 2]!, 'GET', '/api/public/contents', {
          headers: { 'x-tenant-id': owner.tenantId },
          remoteAddress: `198.51.100.${i % 2}`,
        }),
      ),
    )
    const statuses = reads.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(50)
    expect(statuses.filter((status) => status === 429)).toHaveLength(70)
    expect(reads.find((response) => response.statusCode === 429)?.data).toMatchObject({
      budget: 'public',
      limit: 50,
      usage: 50,
    })
    // The admin budget is whole on both instances, and the owner may still change the settings.
    for (const app of apps) {
      const tags = await call(app, 'GET', '/api/tags', { token })
      expect(tags.statusCode).toBe(200)
      expect(tags.headers['x-ratelimit-limit']).toBe('20')
      const put = await call(app, 'PUT', '/api/tenant-settings', {
        token: owner.token,
        body: { branding: { siteName: 'Open' } },
      })
      expect(put.statusCode).toBe(200)
    }
    const admin = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(apps[i % 2]!, 'GET', '/api/tags', { token })),
    )
    expect(admin.filter((response) => response.statusCode === 200)).toHaveLength(18)
    for (const app of apps) {
      const limits = await call(app, 'GET', '/api/tenants/current/limits', { token })
      expect(limits.data.usage.budgets.public).toMatchObject({ usage: 50, limit: 50, remaining: 0 })
      expect(limits.data.usage.budgets.admin).toMatchObject({ usage: 20, limit: 20, remaining: 0 })
    }
  })

  it('count an unlimited tenant on both and fold both counts into the database', async () => {
    const owner = await seedTenant(first.db)
    const token = await seedApiToken(first.db, owner.tenantId)
    for (let i = 0; i < 6; i++) await call(i % 2 === 0 ? first.app : second, 'GET', '/api/tags', { token })
    // api-stats (not metered itself) folds the answering instance's counts; the other's arrive with
    // its own next fold.
    const before = await call(first.app, 'GET', '/api/dashboard/api-stats', { token })
    expect(before.data.monthly).toBeGreaterThanOrEqual(3)
    const after = await call(second, 'GET', '/api/dashboard/api-stats', { token })
    expect(after.data.monthly).toBe(6)
    expect(after.data.budgets.admin.monthly).toBe(6)
  })
})
