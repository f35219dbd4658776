import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { joinTenant } from '../../../test/auth-fixtures.js'
import {
  call,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  useTestContext,
} from '../../../test/helpers.js'
import { activityActions } from '../../../test/member-fixtures.js'
import { memberships, tenants, users } from '../../db/schema/index.js'

const ctx = useTestContext()

const deleteMe = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, 'DELETE', '/api/users/me', { token, body })

describe('DELETE /api/users/me', () => {
  it('is blocked while the user is the last owner of a tenant with other members, as the preflight says', async () => {
    const owner = await seedTenant(ctx.db)
    await seedMember(ctx.db, owner.tenantId, 'editor')
    const preflight = await call(ctx.app, 'GET', '/api/users/me/deletion-preflight', { token: owner.token })
    expect(preflight.statusCode).toBe(200)
    expect(preflight.data).toEqual({
      canDelete: false,
      confirmation: owner.email,
      blockingTenants: [
        {
          tenantId: owner.tenantId,
          name: `Tenant ${owner.tenantId}`,
          slug: `t-${owner.tenantId}`,
          ownerCount: 1,
          otherMembers: 1,
        },
      ],
      tenantsToDelete: [],
      membershipsToRevoke: 1,
    })
    const refused = await deleteMe(owner.token, { currentPassword: TEST_PASSWORD, confirmation: owner.email })
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('LastOwnerRestriction')
    expect(refused.data.blockingTenants).toHaveLength(1)
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: owner.token })).statusCode).toBe(200)
  })

  it('deletes the account: memberships end, solo tenants go, the address is freed and sessions die', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, other.tenantId, 'editor')
    const solo = await joinTenant(ctx.db, member.userId, 'owner')
    const preflight = await call(ctx.app, 'GET', '/api/users/me/deletion-preflight', { token: member.token })
    expect(preflight.data).toMatchObject({ canDelete: true, membershipsToRevoke: 2 })
    expect(preflight.data.tenantsToDelete.map((t: { tenantId: string }) => t.tenantId)).toEqual([solo])
    expect(
      (await deleteMe(member.token, { currentPassword: 'wrong-password', confirmation: member.email }))
        .statusCode,
    ).toBe(401)
    expect(
      (await deleteMe(member.token, { currentPassword: TEST_PASSWORD, confirmation: 'someone@else.test' }))
        .statusCode,
    ).toBe(400)
    expect(
      (await deleteMe(member.token, { currentPassword: TEST_PASSWORD, confirmation: 'ab' })).statusCode,
    ).toBe(400)
    expect((await deleteMe(member.token, { currentPassword: TEST_PASSWORD })).statusCode).toBe(400)
    const deleted = await deleteMe(member.token, {
      currentPassword: TEST_PASSWORD,
      confirmation: member.email.toUpperCase(),
    })
    expect(deleted.statusCode).toBe(200)
    expect(deleted.data).toEqual({ message: 'Your account has been deleted.' })
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).statusCode).toBe(401)
    const [account] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    expect(account).toMatchObject({
      email: `deleted+${member.userId}@users.invalid`,
      status: 'deleted',
      firstName: 'Deleted',
    })
    expect(await ctx.db.select().from(memberships).where(eq(memberships.userId, member.userId))).toEqual([])
    const [gone] = await ctx.db.select().from(tenants).where(eq(tenants.id, solo))
    expect(gone?.status).toBe('deletion_pending')
    expect(gone?.purgeAfter?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000)
    expect(await activityActions(ctx.app, other.token, 1)).toEqual(['member.left'])
    const again = await seedUser(ctx.db, { email: member.email })
    expect(again.userId).not.toBe(member.userId)
    expect((await call(ctx.app, 'DELETE', '/api/users/me', { body: {} })).statusCode).toBe(401)
    expect(owner.tenantId).not.toBe(other.tenantId)
  })
})

describe('POST /api/memberships/{id}/leave', () => {
  it('ends the own membership with the password, guarding the last owner', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: editor.token })
    const membershipId = me.data.currentMembership.id
    const ownerMembership = (await call(ctx.app, 'GET', '/api/users/me', { token: owner.token })).data
      .currentMembership.id
    const leave = (token: string, id: string, password = TEST_PASSWORD) =>
      call(ctx.app, 'POST', `/api/memberships/${id}/leave`, { token, body: { password } })
    expect((await leave(editor.token, ownerMembership)).statusCode).toBe(404)
    expect((await leave(editor.token, membershipId, 'wrong-password')).statusCode).toBe(401)
    expect(
      (
        await call(ctx.app, 'POST', `/api/memberships/${membershipId}/leave`, {
          token: editor.token,
          body: {},
        })
      ).statusCode,
    ).toBe(400)
    const last = await leave(owner.token, ownerMembership)
    expect(last.statusCode).toBe(400)
    expect(last.data.error).toBe('LastOwnerRestriction')
    const left = await leave(editor.token, membershipId)
    expect(left.statusCode).toBe(200)
    expect(left.data).toEqual({ success: true, message: 'You have left the tenant.' })
    expect((await call(ctx.app, 'GET', '/api/contents', { token: editor.token })).statusCode).toBe(403)
    expect((await leave(editor.token, membershipId)).statusCode).toBe(404)
    expect(await activityActions(ctx.app, owner.token, 1)).toEqual(['member.left'])
    expect(
      (await call(ctx.app, 'POST', `/api/memberships/${membershipId}/leave`, { body: { password: 'x' } }))
        .statusCode,
    ).toBe(401)
  })
})
