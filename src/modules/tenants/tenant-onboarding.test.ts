import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedTenant, seedUser, useTestContext } from '../../../test/helpers.js'
import { invitations, memberships, tenants } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ADMIN_EMAIL = `platform-${newId()}@example.com`
const ctx = useTestContext({ DEFAULT_TENANT_PLAN: 'free', PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL })

async function pendingMember(tenantId: string, status = 'pending') {
  const user = await seedUser(ctx.db)
  const id = newId()
  await ctx.db.insert(memberships).values({ tenantId, id, userId: user.userId, role: 'editor', status })
  return { ...user, membershipId: id }
}

describe('GET /api/tenants/creation-options', () => {
  it('offers the default plan and the slug rules to a user', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'GET', '/api/tenants/creation-options', { token: user.token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual({
      defaultPlan: 'free',
      plans: [{ slug: 'free', name: 'Free', monthlyRequests: 1000, isDefault: true }],
      name: { minLength: 1, maxLength: 200 },
      slug: expect.objectContaining({ maxLength: 80, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', unique: true }),
    })
  })

  it('offers every plan to a platform administrator', async () => {
    const admin = await seedUser(ctx.db, { email: ADMIN_EMAIL })
    const response = await call(ctx.app, 'GET', '/api/tenants/creation-options', { token: admin.token })
    expect(response.data.plans.map((plan: { slug: string }) => plan.slug)).toEqual([
      'free',
      'pro',
      'promax',
      'enterprise',
    ])
    expect(response.data.plans.find((plan: { slug: string }) => plan.slug === 'enterprise')).toEqual({
      slug: 'enterprise',
      name: 'Enterprise',
      monthlyRequests: null,
      isDefault: false,
    })
  })

  it('answers 401 without a session, 403 to an API token and 400 for query members', async () => {
    expect((await call(ctx.app, 'GET', '/api/tenants/creation-options')).statusCode).toBe(401)
    const owner = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId)
    expect((await call(ctx.app, 'GET', '/api/tenants/creation-options', { token })).statusCode).toBe(403)
    const query = await call(ctx.app, 'GET', '/api/tenants/creation-options?plan=pro', { token: owner.token })
    expect(query.statusCode).toBe(400)
  })
})

describe('POST /api/tenants/{id}/accept', () => {
  it('activates the pending membership and rotates the session onto the tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const invitee = await pendingMember(owner.tenantId)
    const response = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: invitee.token,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.membership).toMatchObject({
      id: invitee.membershipId,
      tenantId: owner.tenantId,
      role: 'editor',
      status: 'active',
      roleMeta: expect.objectContaining({ key: 'editor' }),
    })
    expect(response.data.membership.permissions).toContain('content:create')
    expect(response.data.tenant).toEqual({
      id: owner.tenantId,
      name: `Tenant ${owner.tenantId}`,
      slug: `t-${owner.tenantId}`,
      plan: 'enterprise',
      status: 'active',
    })
    expect(response.data.csrfToken).toEqual(expect.any(String))
    expect(response.cookies.find((c) => c.name === 'folio_session')?.value).toBe(response.data.token)
    expect((await call(ctx.app, 'GET', '/api/tenants', { token: invitee.token })).statusCode).toBe(401)
    const info = await call(ctx.app, 'GET', '/api/tenant/info', { token: response.data.token })
    expect(info.data.tenant.id).toBe(owner.tenantId)
    const again = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: response.data.token,
    })
    expect(again.statusCode).toBe(404)
  })

  it('spends the membership’s invitation, and refuses one whose invitation expired', async () => {
    const owner = await seedTenant(ctx.db)
    const [live, expired] = [await pendingMember(owner.tenantId), await pendingMember(owner.tenantId)]
    for (const [member, expiresAt] of [
      [live, new Date(Date.now() + 3_600_000)],
      [expired, new Date(Date.now() - 1000)],
    ] as const) {
      await ctx.db.insert(invitations).values({
        tenantId: owner.tenantId,
        id: newId(),
        membershipId: member.membershipId,
        tokenHash: newId(),
        expiresAt,
      })
    }
    const accepted = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: live.token,
    })
    expect(accepted.statusCode).toBe(200)
    const refused = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: expired.token,
    })
    expect(refused.statusCode).toBe(404)
    const left = await ctx.db
      .select({ membershipId: invitations.membershipId })
      .from(invitations)
      .where(eq(invitations.tenantId, owner.tenantId))
    expect(left).toEqual([{ membershipId: expired.membershipId }])
  })

  it('never revives an inactive membership, and answers 404 without a pending one', async () => {
    const owner = await seedTenant(ctx.db)
    const deactivated = await pendingMember(owner.tenantId, 'inactive')
    const refused = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: deactivated.token,
    })
    expect(refused.statusCode).toBe(404)
    const [row] = await ctx.db
      .select({ status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.tenantId, owner.tenantId), eq(memberships.id, deactivated.membershipId)))
    expect(row?.status).toBe('inactive')
    const stranger = await seedUser(ctx.db)
    const foreign = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, {
      token: stranger.token,
    })
    const unknown = await call(ctx.app, 'POST', `/api/tenants/${newId()}/accept`, { token: stranger.token })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data).toEqual(unknown.data)
  })

  it('answers 404 for a pending membership in a deleted tenant, 401 without a session, 400 for a bad id', async () => {
    const owner = await seedTenant(ctx.db)
    const invitee = await pendingMember(owner.tenantId)
    await ctx.db.update(tenants).set({ status: 'deletion_pending' }).where(eq(tenants.id, owner.tenantId))
    expect(
      (await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, { token: invitee.token }))
        .statusCode,
    ).toBe(404)
    expect((await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`)).statusCode).toBe(401)
    expect(
      (await call(ctx.app, 'POST', '/api/tenants/12345/accept', { token: invitee.token })).statusCode,
    ).toBe(400)
  })
})
