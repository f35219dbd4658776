import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  seedApiToken,
  seedMember,
  seedTenant,
  seedUser,
  useTestContext,
} from '../../../test/helpers.js'
import { memberships, tenants } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

describe('GET /api/tenants', () => {
  it('lists active and pending memberships with ownerCount of active owners, skipping inactive and deleted', async () => {
    const caller = await seedTenant(ctx.db)
    await seedMember(ctx.db, caller.tenantId, 'owner')
    const inactiveOwner = await seedMember(ctx.db, caller.tenantId, 'owner')
    await ctx.db
      .update(memberships)
      .set({ status: 'inactive' })
      .where(and(eq(memberships.tenantId, caller.tenantId), eq(memberships.userId, inactiveOwner.userId)))
    await seedMember(ctx.db, caller.tenantId, 'editor')

    const pending = await seedTenant(ctx.db)
    const inactive = await seedTenant(ctx.db)
    const deleted = await seedTenant(ctx.db)
    await ctx.db.update(tenants).set({ deletedAt: new Date() }).where(eq(tenants.id, deleted.tenantId))
    for (const [tenantId, status] of [
      [pending.tenantId, 'pending'],
      [inactive.tenantId, 'inactive'],
      [deleted.tenantId, 'active'],
    ] as const) {
      await ctx.db
        .insert(memberships)
        .values({ tenantId, id: newId(), userId: caller.userId, role: 'editor', status })
    }

    const response = await call(ctx.app, 'GET', '/api/tenants', { token: caller.token })
    expect(response.statusCode, response.body).toBe(200)
    const byTenant = new Map(response.data.tenants.map((item: { tenantId: string }) => [item.tenantId, item]))
    expect([...byTenant.keys()].sort()).toEqual([caller.tenantId, pending.tenantId].sort())
    expect(byTenant.get(caller.tenantId)).toMatchObject({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      tenant: { id: caller.tenantId, slug: `t-${caller.tenantId}`, plan: 'enterprise', status: 'active' },
      role: 'owner',
      roleMeta: { key: 'owner', level: 50 },
      status: 'active',
      ownerCount: 2,
    })
    expect(byTenant.get(pending.tenantId)).toMatchObject({
      role: 'editor',
      roleMeta: { key: 'editor', level: 30 },
      status: 'pending',
      permissions: [],
      ownerCount: 1,
    })
    expect(byTenant.get(caller.tenantId)).toHaveProperty(
      'permissions',
      expect.arrayContaining(['users:manage']),
    )
  })

  it('answers an empty list to a user without memberships', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'GET', '/api/tenants', { token: user.token })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ tenants: [] })
  })

  it('rejects unknown and prototype-polluting query parameters with 400', async () => {
    const user = await seedUser(ctx.db)
    for (const query of ['foo=1', '__proto__=x', 'constructor=x', 'tenantId=aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const response = await call(ctx.app, 'GET', `/api/tenants?${query}`, { token: user.token })
      expect(response.statusCode, query).toBe(400)
    }
  })

  it('answers 401 without a session and 403 to an API token', async () => {
    expect((await call(ctx.app, 'GET', '/api/tenants')).statusCode).toBe(401)
    const member = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, member.tenantId)
    expect((await call(ctx.app, 'GET', '/api/tenants', { token })).statusCode).toBe(403)
  })
})

describe('GET /api/tenant/info', () => {
  const expectedInfo = (tenantId: string) => ({
    tenant: {
      id: tenantId,
      name: `Tenant ${tenantId}`,
      slug: `t-${tenantId}`,
      plan: 'enterprise',
      status: 'active',
    },
    branding: {
      name: `Tenant ${tenantId}`,
      siteName: null,
      description: null,
      logo: null,
      logoUrl: null,
      favicon: null,
      faviconUrl: null,
      primaryColor: null,
      secondaryColor: null,
    },
    metadata: null,
  })

  it("answers the session's tenant identity to any member, even a viewer", async () => {
    const owner = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const response = await call(ctx.app, 'GET', '/api/tenant/info', { token: viewer.token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual(expectedInfo(owner.tenantId))
  })

  it("answers the token's tenant identity to a read-scoped API token", async () => {
    const member = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, member.tenantId, { role: 'viewer', scopes: ['read'] })
    const response = await call(ctx.app, 'GET', '/api/tenant/info', { token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual(expectedInfo(member.tenantId))
  })

  it('answers 400 TenantRequired to a session without a tenant', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'GET', '/api/tenant/info', { token: user.token })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('TenantRequired')
  })

  it('answers 403 when the session names a tenant it is not a member of', async () => {
    const member = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const byQuery = await call(ctx.app, 'GET', `/api/tenant/info?tenantId=${other.tenantId}`, {
      token: member.token,
    })
    expect(byQuery.statusCode).toBe(403)
    const byHeader = await call(ctx.app, 'GET', '/api/tenant/info', {
      token: member.token,
      headers: { 'x-tenant-id': other.tenantId },
    })
    expect(byHeader.statusCode).toBe(403)
  })

  it('answers 401 without credentials and 400 for unknown or malformed query parameters', async () => {
    expect((await call(ctx.app, 'GET', '/api/tenant/info')).statusCode).toBe(401)
    const member = await seedTenant(ctx.db)
    for (const query of ['foo=1', '__proto__=x', "tenantId=1' OR '1'='1"]) {
      const response = await call(ctx.app, 'GET', `/api/tenant/info?${query}`, { token: member.token })
      expect(response.statusCode, query).toBe(400)
    }
  })
})
