import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { apiTokens } from '../../db/schema/index.js'

const ctx = useTestContext()

const setRole = (caller: { token: string; tenantId: string }, userId: string, role: string) =>
  call(ctx.app, 'PUT', `/api/users/${userId}/role?tenantId=${caller.tenantId}`, {
    token: caller.token,
    body: { role },
  })

describe('escalation guards', () => {
  it('lets an admin manage members below them, never grant owner or act on owners and other admins', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const peer = await seedMember(ctx.db, owner.tenantId, 'admin')
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect((await setRole(admin, editor.userId, 'author')).statusCode).toBe(200)
    expect((await setRole(admin, editor.userId, 'admin')).statusCode).toBe(200)
    const makeOwner = await setRole(admin, peer.userId, 'owner')
    expect(makeOwner.statusCode).toBe(403)
    expect((await setRole(admin, owner.userId, 'viewer')).statusCode).toBe(403)
    expect((await setRole(admin, peer.userId, 'viewer')).statusCode).toBe(403)
    expect((await setRole(admin, admin.userId, 'owner')).statusCode).toBe(403)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${owner.userId}?tenantId=${admin.tenantId}`, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await call(ctx.app, 'PATCH', `/api/users/${owner.userId}/toggle-status?tenantId=${admin.tenantId}`, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(403)
    const invite = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${admin.tenantId}`, {
      token: admin.token,
      body: { email: 'boss@example.test', role: 'owner' },
    })
    expect(invite.statusCode).toBe(403)
    expect((await setRole(owner, peer.userId, 'owner')).statusCode).toBe(200)
  })

  it('refuses a custom role above the caller, and treats a member of an unknown role as below everyone', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    await call(ctx.app, 'POST', '/api/roles', {
      token: owner.token,
      body: { key: 'chief', name: 'Chief', level: 45, permissions: ['content:manage'] },
    })
    const member = await seedMember(ctx.db, owner.tenantId, 'ghost')
    expect((await setRole(admin, member.userId, 'chief')).statusCode).toBe(403)
    expect((await setRole(owner, member.userId, 'chief')).statusCode).toBe(200)
    expect((await setRole(admin, member.userId, 'viewer')).statusCode).toBe(403)
  })

  it('needs users permissions: editors get 403, removing or deactivating oneself is 400', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect((await setRole(editor, owner.userId, 'viewer')).statusCode).toBe(403)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${owner.userId}?tenantId=${editor.tenantId}`, {
          token: editor.token,
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${owner.userId}?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(400)
    const self = await call(
      ctx.app,
      'PATCH',
      `/api/users/${owner.userId}/toggle-status?tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(self.statusCode).toBe(400)
    expect((await setRole({ token: '', tenantId: owner.tenantId }, owner.userId, 'viewer')).statusCode).toBe(
      401,
    )
  })
})

describe('last-owner guard', () => {
  it('keeps an active owner through role changes and removals, and allows them once another owner exists', async () => {
    const owner = await seedTenant(ctx.db)
    const demote = await setRole(owner, owner.userId, 'admin')
    expect(demote.statusCode).toBe(400)
    expect(demote.data.error).toBe('LastOwnerRestriction')
    const second = await seedMember(ctx.db, owner.tenantId, 'owner')
    expect((await setRole(owner, owner.userId, 'admin')).statusCode).toBe(200)
    const last = await setRole(second, second.userId, 'viewer')
    expect(last.data.error).toBe('LastOwnerRestriction')
    expect(
      (
        await call(ctx.app, 'GET', `/api/users/${second.userId}?tenantId=${second.tenantId}`, {
          token: second.token,
        })
      ).data.user.role,
    ).toBe('owner')
  })

  it('does not count an inactive owner', async () => {
    const owner = await seedTenant(ctx.db)
    const second = await seedMember(ctx.db, owner.tenantId, 'owner')
    const off = await call(
      ctx.app,
      'PATCH',
      `/api/users/${second.userId}/toggle-status?tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(off.data.membership.status).toBe('inactive')
    const demote = await setRole(owner, owner.userId, 'admin')
    expect(demote.data.error).toBe('LastOwnerRestriction')
    expect((await call(ctx.app, 'GET', '/api/contents', { token: second.token })).statusCode).toBe(403)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${second.userId}?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(200)
  })
})

describe('access ends with the membership', () => {
  it('stops the API tokens a removed member created', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'viewer', scopes: ['read'] })
    await ctx.db
      .update(apiTokens)
      .set({ createdBy: admin.userId })
      .where(eq(apiTokens.tenantId, owner.tenantId))
    expect((await call(ctx.app, 'GET', '/api/contents', { token })).statusCode).toBe(200)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${admin.userId}?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/contents', { token })).statusCode).toBe(401)
  })
})
