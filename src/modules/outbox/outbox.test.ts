import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  seedApiToken,
  seedTenant,
  seedUser,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { activities, outbox, outboxTasks, users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ADMIN_EMAIL = uniqueEmail('operator')
const ctx = useTestContext({ PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL })

/** A tenant's event that the activities consumer gave up on: dispatched, its task dead. */
async function deadLetter(tenantId: string, type = 'tag.created') {
  const id = newId()
  await ctx.db.insert(outbox).values({
    tenantId,
    id,
    type,
    subjectId: newId(),
    actor: { kind: 'system', name: 'outbox-test' },
    payload: { id: 'x', title: 'Lost tag', slug: 'lost-tag' },
    dispatchedAt: new Date(),
  })
  await ctx.db.insert(outboxTasks).values({
    consumer: 'activities',
    eventId: id,
    tenantId,
    attempts: 10,
    lastError: 'Error: the activities table was locked',
    deadAt: new Date(),
  })
  return id
}

describe('/api/outbox/dead-letters', () => {
  it('lists dead letters to a platform administrator and replays them into their consumer', async () => {
    const admin = await seedUser(ctx.db, { email: ADMIN_EMAIL })
    const tenant = await seedTenant(ctx.db)
    const eventId = await deadLetter(tenant.tenantId)

    const listed = await call(ctx.app, 'GET', `/api/outbox/dead-letters?tenantId=${tenant.tenantId}`, {
      token: admin.token,
    })
    expect(listed.statusCode).toBe(200)
    expect(listed.data.pagination.total).toBe(1)
    expect(listed.data.deadLetters[0]).toMatchObject({
      consumer: 'activities',
      eventId,
      tenantId: tenant.tenantId,
      type: 'tag.created',
      attempts: 10,
      lastError: 'Error: the activities table was locked',
    })
    const noActivity = await ctx.db.select().from(activities).where(eq(activities.tenantId, tenant.tenantId))
    expect(noActivity).toEqual([])

    const replayed = await call(ctx.app, 'POST', '/api/outbox/dead-letters/replay', {
      token: admin.token,
      body: { tenantId: tenant.tenantId },
    })
    expect(replayed.statusCode).toBe(200)
    expect(replayed.data).toEqual({ replayed: 1 })
    await ctx.app.folio.platform.relay.wake()
    await expect
      .poll(async () => {
        await ctx.app.folio.platform.relay.wake()
        const rows = await ctx.db
          .select({ id: activities.id, action: activities.action })
          .from(activities)
          .where(eq(activities.tenantId, tenant.tenantId))
        return rows
      })
      .toEqual([{ id: eventId, action: 'tag.created' }])
    const left = await ctx.db
      .select()
      .from(outboxTasks)
      .where(and(eq(outboxTasks.consumer, 'activities'), eq(outboxTasks.eventId, eventId)))
    expect(left).toEqual([])
    const after = await call(ctx.app, 'GET', `/api/outbox/dead-letters?tenantId=${tenant.tenantId}`, {
      token: admin.token,
    })
    expect(after.data.pagination.total).toBe(0)
  })

  it('answers 403 to a tenant owner, an unverified listed address and an API token, 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    await deadLetter(owner.tenantId)
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'owner', scopes: ['read', 'write'] })
    const unverifiedEmail = uniqueEmail('unverified-operator')
    const unverified = await seedUser(ctx.db, { email: unverifiedEmail })
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.userId))
    for (const caller of [owner.token, unverified.token]) {
      const listed = await call(ctx.app, 'GET', '/api/outbox/dead-letters', { token: caller })
      expect(listed.statusCode).toBe(403)
      const replay = await call(ctx.app, 'POST', '/api/outbox/dead-letters/replay', {
        token: caller,
        body: {},
      })
      expect(replay.statusCode).toBe(403)
    }
    const byToken = await call(ctx.app, 'GET', '/api/outbox/dead-letters', { token })
    expect([401, 403]).toContain(byToken.statusCode)
    const anonymous = await call(ctx.app, 'GET', '/api/outbox/dead-letters')
    expect(anonymous.statusCode).toBe(401)
    // Nothing was replayed by the refused calls.
    const dead = await ctx.db.select().from(outboxTasks).where(eq(outboxTasks.tenantId, owner.tenantId))
    expect(dead.map((task) => task.deadAt !== null)).toEqual([true])
  })

  it('answers 400 to an unknown member or a malformed filter', async () => {
    const admin = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: 'correct horse battery staple' },
    })
    const token = admin.data.token as string
    const bad = await call(ctx.app, 'POST', '/api/outbox/dead-letters/replay', {
      token,
      body: { eventIds: ['not-an-id'] },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.data.error).toBe('ValidationFailed')
    const extra = await call(ctx.app, 'GET', '/api/outbox/dead-letters?consumer=Webhooks!', { token })
    expect(extra.statusCode).toBe(400)
  })
})
