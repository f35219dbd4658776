import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { seedTenant, useTestContext } from '../../test/helpers.js'
import { loadConfig } from '../config.js'
import { outbox, outboxTasks } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { pruneOutbox } from './retention.js'

const ctx = useTestContext()

/** An outbox row of the tenant, dispatched `dispatchedDaysAgo` days ago (null: not dispatched yet). */
async function event(tenantId: string, dispatchedDaysAgo: number | null) {
  const id = newId()
  await ctx.db.insert(outbox).values({
    tenantId,
    id,
    type: 'tag.created',
    subjectId: null,
    actor: { kind: 'system', name: 'test' },
    payload: {},
    createdAt: new Date(Date.now() - 30 * 86_400_000),
    dispatchedAt: dispatchedDaysAgo === null ? null : new Date(Date.now() - dispatchedDaysAgo * 86_400_000),
  })
  return id
}

async function idsOf(tenantId: string): Promise<string[]> {
  const rows = await ctx.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.tenantId, tenantId))
  return rows.map((row) => row.id).sort()
}

describe('outbox retention', () => {
  it('removes events dispatched more than OUTBOX_RETENTION_DAYS ago, keeping recent and undispatched ones', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const old = [await event(tenantId, 8), await event(tenantId, 30)]
    const kept = [await event(tenantId, 6), await event(tenantId, null)]
    expect(await pruneOutbox(ctx.db, 7)).toBeGreaterThanOrEqual(2)
    expect(await idsOf(tenantId)).toEqual([...kept].sort())
    expect(await idsOf(tenantId)).not.toContain(old[0])
    // A year on, the relayed one goes too; the unrelayed one stays whatever its age.
    expect(await pruneOutbox(ctx.db, 1, new Date(Date.now() + 365 * 86_400_000))).toBeGreaterThanOrEqual(1)
    expect(await idsOf(tenantId)).toEqual([kept[1]])
  })

  it('keeps an old event while a consumer still has it to do, or holds it as a dead letter', async () => {
    const { tenantId } = await seedTenant(ctx.db)
    const waiting = await event(tenantId, 30)
    const dead = await event(tenantId, 30)
    const done = await event(tenantId, 30)
    await ctx.db.insert(outboxTasks).values([
      { consumer: 'activities', eventId: waiting, tenantId },
      { consumer: 'webhooks', eventId: dead, tenantId, attempts: 10, deadAt: new Date() },
    ])
    await pruneOutbox(ctx.db, 7)
    expect(await idsOf(tenantId)).toEqual([waiting, dead].sort())
    expect(await idsOf(tenantId)).not.toContain(done)
  })

  it('is configured by OUTBOX_RETENTION_DAYS (default 7, 1..3650)', () => {
    const base = { DATABASE_URL: 'memory://', APP_SECRET: 'x'.repeat(32) }
    expect(loadConfig(base).outboxRetentionDays).toBe(7)
    expect(loadConfig({ ...base, OUTBOX_RETENTION_DAYS: '30' }).outboxRetentionDays).toBe(30)
    expect(() => loadConfig({ ...base, OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/)
  })
})
