import { eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { seedTenant, useTestContext } from '../../../test/helpers.js'
import { apiUsage } from '../../db/schema/index.js'
import { createMeter } from './meter.js'
import { createUsageRepository } from './repository.js'

const ctx = useTestContext()

describe('the meter on its own', () => {
  it('folds its hourly counts, and a restarted instance carries on from the stored total', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const usage = createUsageRepository(ctx.db)
    const first = createMeter({ usage, prefix: 'meter-test:' })
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => first.reserve(tenantId, 'admin', 3)))
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false])
    expect(outcomes.map((o) => o.usage)).toEqual([1, 2, 3, 3, 3])
    await first.stop()
    const rows = await ctx.db.select().from(apiUsage).where(eq(apiUsage.tenantId, tenantId))
    expect(rows.map((row) => row.requests)).toEqual([3])

    const restarted = createMeter({ usage, prefix: 'meter-test:' })
    expect((await restarted.reserve(tenantId, 'admin', 3)).allowed).toBe(false)
    expect(await restarted.reserve(tenantId, 'admin', 4)).toMatchObject({
      allowed: true,
      usage: 4,
      reported: true,
    })
    await restarted.stop()
  })

  it('counts, limits and folds each budget of a tenant apart', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const meter = createMeter({ usage: createUsageRepository(ctx.db), prefix: 'meter-test:' })
    expect(await meter.reserve(tenantId, 'public', 1)).toMatchObject({ budget: 'public', allowed: true })
    expect(await meter.reserve(tenantId, 'public', 1)).toMatchObject({ budget: 'public', allowed: false })
    const admin = [await meter.reserve(tenantId, 'admin', 2), await meter.reserve(tenantId, 'admin', 2)]
    expect(admin.map((o) => [o.budget, o.allowed, o.usage])).toEqual([
      ['admin', true, 1],
      ['admin', true, 2],
    ])
    await meter.stop()
    const rows = await ctx.db.select().from(apiUsage).where(eq(apiUsage.tenantId, tenantId))
    expect(rows.map((row) => [row.budget, row.requests]).sort()).toEqual([
      ['admin', 2],
      ['public', 1],
    ])
    const restarted = createMeter({ usage: createUsageRepository(ctx.db), prefix: 'meter-test:' })
    expect((await restarted.usage(tenantId, 'public')).usage).toBe(1)
    expect((await restarted.usage(tenantId, 'admin')).usage).toBe(2)
    await restarted.stop()
  })

  it('starts every UTC month from zero', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    let clock = Date.UTC(2031, 0, 31, 23, 59, 59, 999)
    const meter = createMeter({
      usage: createUsageRepository(ctx.db),
      prefix: 'meter-test:',
      now: () => clock,
    })
    const january = await meter.reserve(tenantId, 'admin', 1)
    expect(january).toMatchObject({ allowed: true, usage: 1 })
    expect(january.period.key).toBe('2031-01')
    expect((await meter.reserve(tenantId, 'admin', 1)).allowed).toBe(false)
    clock = Date.UTC(2031, 1, 1)
    const february = await meter.reserve(tenantId, 'admin', 1)
    expect(february).toMatchObject({ allowed: true, usage: 1 })
    expect(february.period).toEqual({
      key: '2031-02',
      start: new Date(Date.UTC(2031, 1, 1)),
      resetAt: new Date(Date.UTC(2031, 2, 1)),
    })
    await meter.stop()
    const rows = await ctx.db.select().from(apiUsage).where(eq(apiUsage.tenantId, tenantId))
    expect(rows.map((row) => [row.hour.toISOString(), row.requests]).sort()).toEqual([
      ['2031-01-31T23:00:00.000Z', 1],
      ['2031-02-01T00:00:00.000Z', 1],
    ])
  })

  it('falls back to its own count at once when Redis is unreachable, leaves headers out and leaves the outage to the store to report', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    const failures: unknown[] = []
    const meter = createMeter({
      usage: createUsageRepository(ctx.db),
      redis,
      prefix: 'meter-test:',
      onError: (err) => failures.push(err),
    })
    const outcomes = [
      await meter.reserve(tenantId, 'admin', 2),
      await meter.reserve(tenantId, 'admin', 2),
      await meter.reserve(tenantId, 'admin', 2),
    ]
    expect(outcomes.map((o) => [o.allowed, o.usage, o.reported])).toEqual([
      [true, 1, false],
      [true, 2, false],
      [false, 2, false],
    ])
    expect(failures).toHaveLength(0)
    await meter.stop()
    redis.disconnect()
  })
})

describe.skipIf(process.env.TEST_REDIS_URL === undefined)('two meters on one Redis', () => {
  /** Two instances' meters on one database and one Redis, connected; returns them and a cleanup. */
  async function twoMeters() {
    const redis = new Redis(process.env.TEST_REDIS_URL as string)
    // A meter decides on its own count until its Redis connection is ready.
    await redis.ping()
    const prefix = `meter-test-${Date.now()}-${Math.random().toString(16).slice(2)}:`
    const usage = createUsageRepository(ctx.db)
    const [a, b] = [createMeter({ usage, redis, prefix }), createMeter({ usage, redis, prefix })]
    return {
      a: a!,
      b: b!,
      async close() {
        await Promise.all([a!.stop(), b!.stop()])
        redis.disconnect()
      },
    }
  }

  /** Reserves alternately on both meters until both refuse; the number granted. */
  async function grantedUntilRefused(
    meters: ReturnType<typeof createMeter>[],
    tenantId: string,
    limit: number,
  ) {
    let granted = 0
    for (let refusedInARow = 0; refusedInARow < meters.length; ) {
      const outcome = await meters[(granted + refusedInARow) % meters.length]!.reserve(
        tenantId,
        'admin',
        limit,
      )
      if (outcome.allowed) {
        granted += 1
        refusedInARow = 0
      } else refusedInARow += 1
    }
    return granted
  }

  it('count the requests of a tenant made before it had a limit exactly once (the seeding instance still had them unpushed)', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const { a, b, close } = await twoMeters()
    // Two requests while unlimited, held by `a` and not yet folded; then the limit of 10 applies.
    await a.reserve(tenantId, 'admin', null)
    await a.reserve(tenantId, 'admin', null)
    expect(await a.reserve(tenantId, 'admin', 10)).toMatchObject({ allowed: true, usage: 3 })
    await a.flush()
    expect(await grantedUntilRefused([a, b], tenantId, 10)).toBe(7)
    expect((await b.usage(tenantId, 'admin')).usage).toBe(10)
    await close()
  })

  it('count exactly when the other instance folded into the database before the counter existed', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const { a, b, close } = await twoMeters()
    await b.reserve(tenantId, 'admin', null)
    await a.reserve(tenantId, 'admin', null)
    await a.reserve(tenantId, 'admin', null)
    await a.flush()
    await b.flush()
    expect(await grantedUntilRefused([b, a], tenantId, 10)).toBe(7)
    await close()
  })
})
