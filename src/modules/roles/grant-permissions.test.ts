import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { memberships } from '../../db/schema/index.js'

// Granting a role needs its level and every one of its permissions (roles/guards.ts assertCanGrant).
const ctx = useTestContext()

/** Level 20, below an admin's 40, but carrying `billing:view`, which admins lack (catalog.ts). */
const ACCOUNTANT = {
  key: 'accountant',
  name: 'Accountant',
  level: 20,
  permissions: ['dashboard:view', 'billing:view'],
}
const REFUSAL =
  'You cannot grant the role "accountant": it carries permissions you do not hold: billing:view.'

async function tenantWithAccountantRole() {
  const owner = await seedTenant(ctx.db)
  const created = await call(ctx.app, 'POST', '/api/roles', { token: owner.token, body: ACCOUNTANT })
  expect(created.statusCode, created.body).toBe(201)
  const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
  return { owner, admin }
}

const roleOf = async (tenantId: string, userId: string) =>
  (
    await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
  )[0]?.role

describe('granting a custom role that carries a permission the granter lacks', () => {
  it('refuses an admin inviting with it, and invites nobody', async () => {
    const { owner, admin } = await tenantWithAccountantRole()
    const invite = (token: string, email: string, role: string) =>
      call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, { token, body: { email, role } })
    const refused = await invite(admin.token, 'books@example.test', 'accountant')
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.data).toEqual({ error: 'Forbidden', message: REFUSAL })
    const members = await call(ctx.app, 'GET', `/api/users?search=books&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(members.data.users).toEqual([])
    expect((await invite(admin.token, 'editor@example.test', 'editor')).statusCode).toBe(200)
    expect((await invite(owner.token, 'books@example.test', 'accountant')).statusCode).toBe(200)
  })

  it('refuses an admin giving it to a member, and sending its pending invitation again', async () => {
    const { owner, admin } = await tenantWithAccountantRole()
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const change = (token: string) =>
      call(ctx.app, 'PUT', `/api/users/${viewer.userId}/role?tenantId=${owner.tenantId}`, {
        token,
        body: { role: 'accountant' },
      })
    const refused = await change(admin.token)
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.data.message).toBe(REFUSAL)
    expect(await roleOf(owner.tenantId, viewer.userId)).toBe('viewer')
    expect((await change(owner.token)).statusCode).toBe(200)
    expect(await roleOf(owner.tenantId, viewer.userId)).toBe('accountant')

    const invited = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email: 'pending@example.test', role: 'accountant' },
    })
    expect(invited.statusCode, invited.body).toBe(200)
    const pending = await call(ctx.app, 'GET', `/api/users?search=pending&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    const pendingId = pending.data.users[0]?.id
    const reinvite = await call(
      ctx.app,
      'POST',
      `/api/users/${pendingId}/reinvite?tenantId=${owner.tenantId}`,
      { token: admin.token },
    )
    expect(reinvite.statusCode, reinvite.body).toBe(403)
    expect(reinvite.data.message).toBe(REFUSAL)
  })

  it('refuses an admin moving the members of a deleted role to it', async () => {
    const { owner, admin } = await tenantWithAccountantRole()
    const translator = await call(ctx.app, 'POST', '/api/roles', {
      token: owner.token,
      body: { key: 'translator', name: 'Translator', level: 25, permissions: ['content:view'] },
    })
    const member = await seedMember(ctx.db, owner.tenantId, 'translator')
    const refused = await call(
      ctx.app,
      'DELETE',
      `/api/roles/${translator.data.role.id}?reassignTo=accountant`,
      {
        token: admin.token,
      },
    )
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.data.message).toBe(REFUSAL)
    expect(await roleOf(owner.tenantId, member.userId)).toBe('translator')
  })
})

describe('creating an API token', () => {
  it('needs every permission of the token role, for a custom-role creator too', async () => {
    const owner = await seedTenant(ctx.db)
    const viewerPermissions = [
      'dashboard:view',
      ...['content', 'media', 'categories', 'collections', 'forms', 'placements', 'menus'].map(
        (resource) => `${resource}:view`,
      ),
      'content:preview',
      'analytics:view',
      'profile:update',
    ]
    const integrator = await call(ctx.app, 'POST', '/api/roles', {
      token: owner.token,
      body: {
        key: 'integrator',
        name: 'Integrator',
        level: 30,
        permissions: [...viewerPermissions, 'api-tokens:create'],
      },
    })
    expect(integrator.statusCode, integrator.body).toBe(201)
    const member = await seedMember(ctx.db, owner.tenantId, 'integrator')
    const create = (role: string) =>
      call(ctx.app, 'POST', '/api/api-tokens', { token: member.token, body: { name: role, role } })
    const viewer = await create('viewer')
    expect(viewer.statusCode, viewer.body).toBe(201)
    expect(viewer.data.token.role).toBe('viewer')
    const author = await create('author')
    expect(author.statusCode, author.body).toBe(403)
    expect(author.data.message).toMatch(
      /^You cannot grant the role "author": it carries permissions you do not hold: .*content:create/,
    )
    const admin = await create('admin')
    expect(admin.statusCode).toBe(403)
    expect(admin.data.message).toBe('The role "admin" (level 40) is above your own; you cannot grant it.')
  })
})
