import { describe, expect, it } from 'vitest'
import {
  call,
  seedApiToken,
  seedMember,
  seedTenant,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { activityActions, invitationTokenFor } from '../../../test/member-fixtures.js'

const ctx = useTestContext()

describe('GET /api/users', () => {
  it('lists members with the spec item shape and pagination, filtered by search, status and role', async () => {
    const owner = await seedTenant(ctx.db)
    const editors = []
    for (let i = 0; i < 3; i++) editors.push(await seedMember(ctx.db, owner.tenantId, 'editor'))
    const page = await call(ctx.app, 'GET', `/api/users?limit=2&page=2&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(page.statusCode).toBe(200)
    expect(page.data.pagination).toEqual({
      page: 2,
      limit: 2,
      total: 4,
      pages: 2,
      offset: 2,
      hasPrevPage: true,
      hasNextPage: false,
    })
    const all = await call(ctx.app, 'GET', `/api/users?tenantId=${owner.tenantId}`, { token: owner.token })
    expect(all.data.pagination.limit).toBe(10)
    expect(all.data.users[3]).toEqual({
      id: owner.userId,
      email: owner.email,
      firstName: 'Test',
      lastName: 'User',
      role: 'owner',
      status: 'active',
      createdAt: expect.any(String),
      lastLoginAt: null,
      membershipId: expect.any(String),
      invitationExpiresAt: null,
    })
    const byRole = await call(ctx.app, 'GET', `/api/users?role=editor&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(byRole.data.users.map((u: { id: string }) => u.id).sort()).toEqual(
      editors.map((e) => e.userId).sort(),
    )
    const bySearch = await call(
      ctx.app,
      'GET',
      `/api/users?search=${editors[0]!.email.toUpperCase()}&tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(bySearch.data.users.map((u: { id: string }) => u.id)).toEqual([editors[0]!.userId])
    const wildcard = await call(ctx.app, 'GET', `/api/users?search=%25&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(wildcard.data.users).toEqual([])
    const inactive = await call(ctx.app, 'GET', `/api/users?status=inactive&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(inactive.data.pagination.total).toBe(0)
  })

  it('validates the query and needs users:view', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    for (const query of ['limit=0', 'limit=101', 'page=0', 'status=gone', 'search=', 'sort=email']) {
      expect(
        (await call(ctx.app, 'GET', `/api/users?${query}&tenantId=${owner.tenantId}`, { token: owner.token }))
          .statusCode,
      ).toBe(400)
    }
    expect((await call(ctx.app, 'GET', '/api/users')).statusCode).toBe(401)
    expect(
      (await call(ctx.app, 'GET', `/api/users?tenantId=${editor.tenantId}`, { token: editor.token }))
        .statusCode,
    ).toBe(403)
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read'] })
    expect(
      (await call(ctx.app, 'GET', `/api/users?tenantId=${owner.tenantId}`, { token })).data.pagination.total,
    ).toBe(2)
  })
})

describe('member by id', () => {
  it('reads a member with the membership, and answers another tenant’s user like a missing one', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const other = await seedTenant(ctx.db)
    const read = await call(ctx.app, 'GET', `/api/users/${editor.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(read.statusCode).toBe(200)
    expect(read.data.user.membership).toMatchObject({ role: 'editor', status: 'active', acceptedAt: null })
    expect(read.data.user.membership.roleMeta).toMatchObject({ key: 'editor', tenantId: owner.tenantId })
    const missing = await call(
      ctx.app,
      'GET',
      `/api/users/0123456789abcdef01234567?tenantId=${owner.tenantId}`,
      { token: owner.token },
    )
    expect(missing.statusCode).toBe(404)
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['PUT', '', { firstName: 'X' }],
      ['DELETE', ''],
      ['PUT', '/role', { role: 'viewer' }],
      ['PATCH', '/toggle-status'],
      ['POST', '/reinvite'],
    ]
    for (const [method, suffix, body] of routes) {
      const foreign = await call(
        ctx.app,
        method as 'GET',
        `/api/users/${other.userId}${suffix}?tenantId=${owner.tenantId}`,
        {
          token: owner.token,
          body,
        },
      )
      expect([method, suffix, foreign.statusCode]).toEqual([method, suffix, 404])
      expect(foreign.data).toEqual(missing.data)
    }
    expect(
      (await call(ctx.app, 'GET', `/api/users/not-an-id?tenantId=${owner.tenantId}`, { token: owner.token }))
        .statusCode,
    ).toBe(400)
  })

  it('changes a role, toggles status and removes a member, each recorded as an activity', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const role = await call(ctx.app, 'PUT', `/api/users/${member.userId}/role?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { role: 'editor' },
    })
    expect(role.statusCode).toBe(200)
    expect(role.data.membership).toMatchObject({ role: 'editor', status: 'active' })
    expect(role.data.membership.permissions).toContain('content:manage')
    const off = await call(
      ctx.app,
      'PATCH',
      `/api/users/${member.userId}/toggle-status?tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(off.data).toEqual({
      membership: { id: role.data.membership.id, role: 'editor', status: 'inactive' },
    })
    // Deactivation takes effect on the member's next request.
    expect((await call(ctx.app, 'GET', '/api/contents', { token: member.token })).statusCode).toBe(403)
    const on = await call(
      ctx.app,
      'PATCH',
      `/api/users/${member.userId}/toggle-status?tenantId=${owner.tenantId}`,
      {
        token: owner.token,
      },
    )
    expect(on.data.membership.status).toBe('active')
    expect((await call(ctx.app, 'GET', '/api/contents', { token: member.token })).statusCode).toBe(200)
    const removed = await call(ctx.app, 'DELETE', `/api/users/${member.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(removed.statusCode).toBe(200)
    expect(removed.data.success).toBe(true)
    expect((await call(ctx.app, 'GET', '/api/contents', { token: member.token })).statusCode).toBe(403)
    expect(
      (
        await call(ctx.app, 'GET', `/api/users/${member.userId}?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(404)
    const actions = await activityActions(ctx.app, owner.token, 4)
    expect(actions.slice(0, 4)).toEqual([
      'member.removed',
      'member.reactivated',
      'member.deactivated',
      'member.role-changed',
    ])
  })

  it('validates role and update bodies', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const url = `/api/users/${member.userId}`
    const query = `?tenantId=${owner.tenantId}`
    expect(
      (await call(ctx.app, 'PUT', `${url}/role${query}`, { token: owner.token, body: { role: 'ghost' } }))
        .statusCode,
    ).toBe(400)
    expect(
      (await call(ctx.app, 'PUT', `${url}/role${query}`, { token: owner.token, body: {} })).statusCode,
    ).toBe(400)
    expect((await call(ctx.app, 'PUT', `${url}${query}`, { token: owner.token, body: {} })).statusCode).toBe(
      400,
    )
    expect(
      (await call(ctx.app, 'PUT', `${url}${query}`, { token: owner.token, body: { email: 'nope' } }))
        .statusCode,
    ).toBe(400)
    expect(
      (await call(ctx.app, 'PUT', `${url}${query}`, { token: owner.token, body: { firstName: '' } }))
        .statusCode,
    ).toBe(400)
    // Another person's account is theirs to edit.
    expect(
      (await call(ctx.app, 'PUT', `${url}${query}`, { token: owner.token, body: { firstName: 'Y' } }))
        .statusCode,
    ).toBe(403)
    const own = await call(ctx.app, 'PUT', `/api/users/${owner.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { firstName: 'Olga' },
    })
    expect(own.statusCode).toBe(200)
    expect(own.data.user.firstName).toBe('Olga')
    expect(
      (
        await call(ctx.app, 'PUT', `/api/users/${owner.userId}?tenantId=${owner.tenantId}`, {
          token: owner.token,
          body: { email: 'a@b.test' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('corrects an invited address: the old link stops working and a reinvite reaches the new one', async () => {
    const owner = await seedTenant(ctx.db)
    const typo = uniqueEmail('typo')
    await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email: typo, role: 'viewer' },
    })
    const oldToken = await invitationTokenFor(ctx.dataDir, typo)
    const pending = (
      await call(ctx.app, 'GET', `/api/users?status=pending&tenantId=${owner.tenantId}`, {
        token: owner.token,
      })
    ).data.users[0]
    const fixed = uniqueEmail('fixed')
    const corrected = await call(ctx.app, 'PUT', `/api/users/${pending.id}?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email: fixed.toUpperCase(), firstName: 'Ada' },
    })
    expect(corrected.statusCode).toBe(200)
    expect(corrected.data.user).toMatchObject({ email: fixed, status: 'pending', invitationExpiresAt: null })
    const stale = await call(ctx.app, 'GET', `/api/auth/invitations/preview?token=${oldToken}`)
    expect(stale.data.error).toBe('InvalidToken')
    expect(
      (
        await call(ctx.app, 'POST', `/api/users/${pending.id}/reinvite?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(200)
    const preview = await call(
      ctx.app,
      'GET',
      `/api/auth/invitations/preview?token=${await invitationTokenFor(ctx.dataDir, fixed)}`,
    )
    expect(preview.data).toMatchObject({ email: fixed, firstName: 'Ada', requiresPasswordSetup: true })
    const taken = await call(ctx.app, 'PUT', `/api/users/${pending.id}?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email: owner.email },
    })
    expect(taken.statusCode).toBe(409)
  })
})

describe('the tenantId query parameter', () => {
  it('is required on every tenant user administration route (400 naming it), as the spec says', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users', { email: 'x@example.test', role: 'viewer' }],
      ['GET', `/api/users/${member.userId}`],
      ['PUT', `/api/users/${member.userId}`, { firstName: 'X' }],
      ['DELETE', `/api/users/${member.userId}`],
      ['PUT', `/api/users/${member.userId}/role`, { role: 'editor' }],
      ['PATCH', `/api/users/${member.userId}/toggle-status`],
      ['POST', '/api/users/invite', { email: 'y@example.test', role: 'viewer' }],
      ['POST', `/api/users/${member.userId}/reinvite`],
    ]
    for (const [method, url, body] of routes) {
      const response = await call(ctx.app, method as 'GET', url, { token: owner.token, body })
      expect(response.statusCode, `${method} ${url}`).toBe(400)
      expect(response.data).toMatchObject({
        error: 'ValidationFailed',
        message: expect.stringContaining('tenantId'),
      })
    }
    const list = await call(ctx.app, 'GET', '/api/users', { token: owner.token })
    expect(list.data.details).toEqual([expect.objectContaining({ path: 'querystring', member: 'tenantId' })])
    // Nothing changed meanwhile.
    const read = await call(ctx.app, 'GET', `/api/users/${member.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(read.data.user).toMatchObject({ role: 'viewer', status: 'active', firstName: 'Test' })
  })
})
