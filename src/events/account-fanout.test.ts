import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { joinTenant } from '../../test/auth-fixtures.js'
import { call, seedTenant, TEST_PASSWORD, useTestContext } from '../../test/helpers.js'
import { activities, outbox } from '../db/schema/index.js'

const ctx = useTestContext()

async function accountEventsOf(userId: string) {
  return ctx.db
    .select({ type: outbox.type, tenantId: outbox.tenantId, payload: outbox.payload })
    .from(outbox)
    .where(and(isNull(outbox.tenantId), eq(outbox.subjectId, userId)))
}

async function actionsIn(token: string, tenantId: string) {
  await ctx.app.folio.platform.relay.wake()
  const page = await call(ctx.app, 'GET', `/api/activities?tenantId=${tenantId}&limit=50`, { token })
  expect(page.statusCode, page.body).toBe(200)
  return page.data.activities.map((activity: { action: string }) => activity.action)
}

describe('account events', () => {
  it('are recorded once without a tenant, and shown in each tenant where the user is an active member', async () => {
    const user = await seedTenant(ctx.db)
    const second = await joinTenant(ctx.db, user.userId, 'admin')
    const left = await joinTenant(ctx.db, user.userId, 'editor', 'inactive')
    const updated = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { lastName: 'Byron' },
    })
    expect(updated.statusCode, updated.body).toBe(200)

    expect(await accountEventsOf(user.userId)).toEqual([
      {
        type: 'user.profile-updated',
        tenantId: null,
        payload: {
          id: user.userId,
          email: user.email,
          firstName: 'Test',
          lastName: 'Byron',
          changed: ['lastName'],
        },
      },
    ])
    expect(await actionsIn(user.token, user.tenantId)).toEqual(['user.profile-updated'])
    expect(await actionsIn(user.token, second)).toEqual(['user.profile-updated'])
    const owner = await seedTenant(ctx.db)
    expect(await actionsIn(owner.token, owner.tenantId)).toEqual([])
    const inactive = await ctx.db.select().from(activities).where(eq(activities.tenantId, left))
    expect(inactive).toEqual([])
  })

  it('keeps sign-ins and failed sign-ins with the account: no tenant shows them', async () => {
    const user = await seedTenant(ctx.db)
    const failed = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'not the password' },
    })
    const login = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    })
    expect([failed.statusCode, login.statusCode]).toEqual([401, 200])
    const events = await accountEventsOf(user.userId)
    expect(events.map((event) => [event.type, event.payload]).sort()).toEqual([
      ['user.logged-in', { id: user.userId, email: user.email }],
      ['user.login-failed', { id: user.userId }],
    ])
    expect(await actionsIn(user.token, user.tenantId)).toEqual([])
  })
})
