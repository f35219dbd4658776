import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailArriving } from '../../../test/auth-fixtures.js'
import {
  call,
  createTestContext,
  seedApiToken,
  seedMember,
  seedTenant,
  seedUser,
  type TestContext,
} from '../../../test/helpers.js'
import { deleteTenant, publicProbeRoutes, restoreTenant } from '../../../test/tenant-fixtures.js'
import { activities, tags, tenants } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ extraPublicRoutes: [publicProbeRoutes] })
})
afterAll(() => ctx.close())

const DAY_MS = 24 * 60 * 60 * 1000

describe('GET /api/tenants/{id}/deletion-preflight', () => {
  it('counts what would go and names the confirmation and the purge date', async () => {
    const owner = await seedTenant(ctx.db)
    await seedMember(ctx.db, owner.tenantId, 'editor')
    await seedApiToken(ctx.db, owner.tenantId)
    await ctx.db.insert(tags).values({ tenantId: owner.tenantId, id: newId(), title: 'News', slug: 'news' })
    const response = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/deletion-preflight`, {
      token: owner.token,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toMatchObject({
      canDelete: true,
      alreadyDeleted: false,
      tenant: { id: owner.tenantId, slug: `t-${owner.tenantId}`, status: 'active' },
      impact: { members: 2, contents: 0, media: 0, categories: 0, tags: 1, apiTokens: 1 },
      confirmation: `t-${owner.tenantId}`,
      graceDays: 30,
    })
    const purgeIn = Date.parse(response.data.purgeAfter) - Date.now()
    expect(purgeIn).toBeGreaterThan(30 * DAY_MS - 60_000)
    expect(purgeIn).toBeLessThanOrEqual(30 * DAY_MS)
  })

  it('answers 403 to a non-owner member, 404 to a non-member and for an unknown id, 400 for a bad id, 401 without a session', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const stranger = await seedTenant(ctx.db)
    const url = `/api/tenants/${owner.tenantId}/deletion-preflight`
    const forbidden = await call(ctx.app, 'GET', url, { token: admin.token })
    expect(forbidden.statusCode).toBe(403)
    const foreign = await call(ctx.app, 'GET', url, { token: stranger.token })
    const missing = await call(ctx.app, 'GET', `/api/tenants/${newId()}/deletion-preflight`, {
      token: stranger.token,
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data).toEqual(missing.data)
    expect(missing.data).toEqual({ error: 'NotFound', message: 'Tenant not found.' })
    const bad = await call(ctx.app, 'GET', '/api/tenants/xyz/deletion-preflight', { token: owner.token })
    expect(bad.statusCode).toBe(400)
    expect((await call(ctx.app, 'GET', url)).statusCode).toBe(401)
    const upper = await call(
      ctx.app,
      'GET',
      `/api/tenants/${owner.tenantId.toUpperCase()}/deletion-preflight`,
      {
        token: owner.token,
      },
    )
    expect(upper.statusCode).toBe(200)
  })
})

describe('DELETE /api/tenants/{id}', () => {
  it('marks the tenant deletion_pending, mails the members and records tenant.deleted', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const response = await deleteTenant(ctx, owner.token, owner.tenantId, {
      reason: 'Moving elsewhere',
      cancelAtPeriodEnd: true,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toMatchObject({
      status: 'deletion_pending',
      deletionId: expect.stringMatching(/^[a-f0-9]{24}$/),
      cancelAtPeriodEnd: true,
      duplicate: false,
    })
    expect(Date.parse(response.data.purgeAfter) - Date.parse(response.data.deletedAt)).toBeGreaterThan(
      30 * DAY_MS - 5_000,
    )
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, owner.tenantId))
    expect(row).toMatchObject({
      status: 'deletion_pending',
      deletionReason: 'Moving elsewhere',
      deletedBy: owner.userId,
    })
    await mailArriving(ctx.dataDir, editor.email, (mail) => mail.includes('was deleted'))
    await mailArriving(ctx.dataDir, owner.email, (mail) => mail.includes('restore it until'))
    await vi.waitFor(
      async () => {
        const [event] = await ctx.db
          .select()
          .from(activities)
          .where(and(eq(activities.tenantId, owner.tenantId), eq(activities.action, 'tenant.deleted')))
        expect(event).toMatchObject({ userId: owner.userId })
        expect(event?.description).toContain(`deleted the tenant “Tenant ${owner.tenantId}”`)
      },
      { timeout: 10_000, interval: 100 },
    )

    const again = await deleteTenant(ctx, owner.token, owner.tenantId)
    expect(again.statusCode).toBe(200)
    expect(again.data).toMatchObject({ deletionId: response.data.deletionId, duplicate: true })
  })

  it('answers 404 at once for the tenant on sessions, API tokens and public routes, and lists it as deleted', async () => {
    const owner = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, owner.tenantId)
    const probe = () =>
      call(ctx.app, 'GET', '/api/public/lifecycle-probe', { headers: { 'x-tenant-id': owner.tenantId } })
    // Warm every cache first: the directory and the API token cache must both be bypassed.
    expect((await probe()).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: apiToken })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: owner.token })).statusCode).toBe(200)
    expect((await deleteTenant(ctx, owner.token, owner.tenantId)).statusCode).toBe(200)
    for (const response of [
      await probe(),
      await call(ctx.app, 'GET', '/api/tags', { token: apiToken }),
      await call(ctx.app, 'GET', '/api/tags', { token: owner.token }),
      await call(ctx.app, 'GET', `/api/tenant/info?tenantId=${owner.tenantId}`, { token: owner.token }),
    ]) {
      expect(response.statusCode, response.body).toBe(404)
    }
    const list = await call(ctx.app, 'GET', '/api/tenants', { token: owner.token })
    expect(list.data.tenants.map((t: { tenantId: string }) => t.tenantId)).not.toContain(owner.tenantId)
    const deleted = await call(ctx.app, 'GET', '/api/tenants/deleted', { token: owner.token })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.data.tenants).toEqual([
      expect.objectContaining({
        tenantId: owner.tenantId,
        status: 'deletion_pending',
        restoreAvailable: true,
        deletionReason: null,
      }),
    ])
  })

  it('refuses a non-owner (403), a wrong password (401), a wrong confirmation (400) and changes nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const stranger = await seedUser(ctx.db)
    expect((await deleteTenant(ctx, admin.token, owner.tenantId)).statusCode).toBe(403)
    const foreign = await deleteTenant(ctx, stranger.token, owner.tenantId)
    expect(foreign.statusCode).toBe(404)
    const wrongPassword = await deleteTenant(ctx, owner.token, owner.tenantId, { currentPassword: 'nope' })
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.data.error).toBe('InvalidCredentials')
    const wrongConfirmation = await deleteTenant(ctx, owner.token, owner.tenantId, { confirmation: 'T-X' })
    expect(wrongConfirmation.statusCode).toBe(400)
    expect(wrongConfirmation.data.error).toBe('ConfirmationMismatch')
    expect(wrongConfirmation.data.message).toContain(`t-${owner.tenantId}`)
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, owner.tenantId))
    expect(row?.status).toBe('active')
    expect((await call(ctx.app, 'DELETE', `/api/tenants/${owner.tenantId}`, { body: {} })).statusCode).toBe(
      401,
    )
  })

  it.each([
    ['a missing password', { currentPassword: undefined }],
    ['an empty password', { currentPassword: '' }],
    ['a missing confirmation', { confirmation: undefined }],
    ['an empty confirmation', { confirmation: '' }],
    ['a confirmation over 200 characters', { confirmation: 'c'.repeat(201) }],
    ['a reason over 1000 characters', { reason: 'r'.repeat(1001) }],
    ['a non-boolean cancelAtPeriodEnd', { cancelAtPeriodEnd: 'yes' }],
    ['an unknown member', { purgeNow: true }],
  ])('answers 400 for %s', async (_label, patch) => {
    const owner = await seedTenant(ctx.db)
    const response = await deleteTenant(ctx, owner.token, owner.tenantId, patch)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('accepts a reason of exactly 1000 characters', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await deleteTenant(ctx, owner.token, owner.tenantId, { reason: 'r'.repeat(1000) })
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('GET /api/tenants/deleted', () => {
  it('lists only tenants the caller owns; 401 without a session, 403 to an API token', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    await deleteTenant(ctx, owner.token, owner.tenantId)
    expect((await call(ctx.app, 'GET', '/api/tenants/deleted', { token: admin.token })).data).toEqual({
      tenants: [],
    })
    expect((await call(ctx.app, 'GET', '/api/tenants/deleted')).statusCode).toBe(401)
    const live = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, live.tenantId, { role: 'owner' })
    expect((await call(ctx.app, 'GET', '/api/tenants/deleted', { token: apiToken })).statusCode).toBe(403)
  })
})

describe('POST /api/tenants/{id}/restore', () => {
  it('brings the tenant back with its API tokens and records tenant.restored', async () => {
    const owner = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, owner.tenantId)
    await deleteTenant(ctx, owner.token, owner.tenantId)
    const response = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toMatchObject({
      status: 'active',
      tenant: { id: owner.tenantId, status: 'active' },
    })
    expect((await call(ctx.app, 'GET', '/api/tags', { token: apiToken })).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tags', { token: owner.token })).statusCode).toBe(200)
    const deleted = await call(ctx.app, 'GET', '/api/tenants/deleted', { token: owner.token })
    expect(deleted.data.tenants).toEqual([])
    await vi.waitFor(
      async () => {
        const logged = await ctx.db
          .select({ action: activities.action })
          .from(activities)
          .where(eq(activities.tenantId, owner.tenantId))
        expect(logged.map((row) => row.action)).toEqual(
          expect.arrayContaining(['tenant.deleted', 'tenant.restored']),
        )
      },
      { timeout: 10_000, interval: 100 },
    )
    const notDeleted = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(notDeleted.statusCode).toBe(409)
    expect(notDeleted.data.error).toBe('Conflict')
  })

  it('answers 409 RestoreWindowExpired after the grace period', async () => {
    const owner = await seedTenant(ctx.db)
    await deleteTenant(ctx, owner.token, owner.tenantId)
    await ctx.db
      .update(tenants)
      .set({ purgeAfter: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, owner.tenantId))
    const response = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(response.statusCode).toBe(409)
    expect(response.data.error).toBe('RestoreWindowExpired')
    const deleted = await call(ctx.app, 'GET', '/api/tenants/deleted', { token: owner.token })
    expect(deleted.data.tenants[0]).toMatchObject({ tenantId: owner.tenantId, restoreAvailable: false })
  })

  it('refuses a non-owner, a wrong password, a wrong confirmation and another tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const stranger = await seedTenant(ctx.db)
    await deleteTenant(ctx, owner.token, owner.tenantId)
    expect((await restoreTenant(ctx, admin.token, owner.tenantId)).statusCode).toBe(403)
    expect((await restoreTenant(ctx, stranger.token, owner.tenantId)).statusCode).toBe(404)
    expect((await restoreTenant(ctx, owner.token, owner.tenantId, { currentPassword: 'x' })).statusCode).toBe(
      401,
    )
    const mismatch = await restoreTenant(ctx, owner.token, owner.tenantId, { confirmation: 'nope' })
    expect(mismatch.data.error).toBe('ConfirmationMismatch')
    for (const patch of [{ confirmation: '' }, { confirmation: 'c'.repeat(201) }, { extra: 1 }]) {
      expect((await restoreTenant(ctx, owner.token, owner.tenantId, patch)).statusCode).toBe(400)
    }
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, owner.tenantId))
    expect(row?.status).toBe('deletion_pending')
  })
})
