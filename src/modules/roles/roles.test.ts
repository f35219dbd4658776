import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { activityActions } from '../../../test/member-fixtures.js'

const ctx = useTestContext()

const translator = {
  key: 'translator',
  name: 'Translator',
  description: 'Translates content',
  level: 25,
  permissions: ['content:view', 'content:update'],
}

async function createRole(token: string, body: Record<string, unknown> = translator) {
  return call(ctx.app, 'POST', '/api/roles', { token, body })
}

describe('custom roles', () => {
  it('lists system roles first, then a created role, which grants its permissions to its members', async () => {
    const owner = await seedTenant(ctx.db)
    const created = await createRole(owner.token)
    expect(created.statusCode).toBe(201)
    expect(created.data.role).toMatchObject({ ...translator, tenantId: owner.tenantId, isSystem: false })
    const list = await call(ctx.app, 'GET', '/api/roles', { token: owner.token })
    expect(list.data.roles.map((r: { key: string }) => r.key)).toEqual([
      'owner',
      'admin',
      'editor',
      'author',
      'viewer',
      'translator',
    ])
    const member = await seedMember(ctx.db, owner.tenantId, 'translator')
    const read = await call(ctx.app, 'GET', '/api/contents', { token: member.token })
    expect(read.statusCode).toBe(200)
    const write = await call(ctx.app, 'POST', '/api/tags', { token: member.token, body: { title: 'x' } })
    expect(write.statusCode).toBe(403)
  })

  it('takes an update at once: a member gains the permission on the next request', async () => {
    const owner = await seedTenant(ctx.db)
    const role = (await createRole(owner.token)).data.role
    const member = await seedMember(ctx.db, owner.tenantId, 'translator')
    expect((await call(ctx.app, 'GET', '/api/activities', { token: member.token })).statusCode).toBe(403)
    const updated = await call(ctx.app, 'PUT', `/api/roles/${role.id}`, {
      token: owner.token,
      body: { permissions: ['content:view', 'activities:view'], name: 'Reviewer' },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.data.role).toMatchObject({
      name: 'Reviewer',
      permissions: ['content:view', 'activities:view'],
    })
    expect((await call(ctx.app, 'GET', '/api/activities', { token: member.token })).statusCode).toBe(200)
    const actions = await activityActions(ctx.app, owner.token, 2)
    expect(actions).toEqual(expect.arrayContaining(['role.created', 'role.updated']))
  })

  it('refuses levels and permissions above the caller, and system keys', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const tooHigh = await createRole(admin.token, { ...translator, level: 40 })
    expect(tooHigh.statusCode).toBe(403)
    const billing = await createRole(admin.token, { ...translator, permissions: ['billing:manage'] })
    expect(billing.statusCode).toBe(403)
    expect(billing.data.message).toContain('billing:manage')
    const system = await createRole(owner.token, { ...translator, key: 'admin' })
    expect(system.statusCode).toBe(400)
    const unknownPermission = await createRole(owner.token, { ...translator, permissions: ['content:fly'] })
    expect(unknownPermission.statusCode).toBe(400)
    expect((await createRole(owner.token, { ...translator, level: 50 })).statusCode).toBe(400)
    expect((await createRole(owner.token, { ...translator, key: 'X' })).statusCode).toBe(400)
    expect((await createRole(owner.token, { ...translator, name: '' })).statusCode).toBe(400)
    expect((await createRole(admin.token, { ...translator, level: 39 })).statusCode).toBe(201)
    expect((await createRole(owner.token, { ...translator, level: 10 })).statusCode).toBe(409)
  })

  it('keeps system roles read-only and another tenant’s roles out of reach', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const theirs = (await createRole(other.token)).data.role
    expect(
      (await call(ctx.app, 'PUT', '/api/roles/admin', { token: owner.token, body: { name: 'x' } }))
        .statusCode,
    ).toBe(403)
    expect((await call(ctx.app, 'DELETE', '/api/roles/owner', { token: owner.token })).statusCode).toBe(403)
    const put = await call(ctx.app, 'PUT', `/api/roles/${theirs.id}`, {
      token: owner.token,
      body: { name: 'x' },
    })
    const missing = await call(ctx.app, 'PUT', '/api/roles/0123456789abcdef01234567', {
      token: owner.token,
      body: { name: 'x' },
    })
    expect(put.statusCode).toBe(404)
    expect(put.data).toEqual(missing.data)
    expect(
      (await call(ctx.app, 'DELETE', `/api/roles/${theirs.id}`, { token: owner.token })).statusCode,
    ).toBe(404)
  })

  it('refuses to delete a role in use unless its members move to a role the caller may grant', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const role = (await createRole(owner.token)).data.role
    const member = await seedMember(ctx.db, owner.tenantId, 'translator')
    const inUse = await call(ctx.app, 'DELETE', `/api/roles/${role.id}`, { token: admin.token })
    expect(inUse.statusCode).toBe(409)
    const toOwner = await call(ctx.app, 'DELETE', `/api/roles/${role.id}?reassignTo=owner`, {
      token: admin.token,
    })
    expect(toOwner.statusCode).toBe(403)
    const toUnknown = await call(ctx.app, 'DELETE', `/api/roles/${role.id}?reassignTo=ghost`, {
      token: admin.token,
    })
    expect(toUnknown.statusCode).toBe(400)
    const moved = await call(ctx.app, 'DELETE', `/api/roles/${role.id}?reassignTo=viewer`, {
      token: admin.token,
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.data).toEqual({ success: true, reassigned: 1 })
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: member.token })
    expect(me.data.currentMembership).toMatchObject({ role: 'viewer' })
  })

  it('fails closed for a membership whose role no longer resolves, for sessions and API tokens', async () => {
    const owner = await seedTenant(ctx.db)
    const ghost = await seedMember(ctx.db, owner.tenantId, 'ghost')
    expect((await call(ctx.app, 'GET', '/api/contents', { token: ghost.token })).statusCode).toBe(403)
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'ghost', scopes: ['read'] })
    expect((await call(ctx.app, 'GET', '/api/contents', { token })).statusCode).toBe(403)
  })

  it('answers 401 without credentials and 403 without roles permissions', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect((await call(ctx.app, 'GET', '/api/roles')).statusCode).toBe(401)
    expect((await createRole(editor.token)).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/roles', { token: editor.token })).statusCode).toBe(403)
  })
})
