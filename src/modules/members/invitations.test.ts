import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailArriving, subjectOf } from '../../../test/auth-fixtures.js'
import {
  call,
  type SeededMember,
  seedMember,
  seedTenant,
  seedUser,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { activityActions, invitationTokenFor } from '../../../test/member-fixtures.js'
import { invitations, users } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'

const ctx = useTestContext()

function invite(member: SeededMember, email: string, role = 'editor') {
  return call(ctx.app, 'POST', `/api/users/invite?tenantId=${member.tenantId}`, {
    token: member.token,
    body: { email, role },
  })
}

const preview = (token: string) =>
  call(ctx.app, 'GET', `/api/auth/invitations/preview?token=${encodeURIComponent(token)}`)

const accept = (body: Record<string, unknown>, token?: string) =>
  call(ctx.app, 'POST', '/api/auth/invitations/accept', { body, ...(token ? { token } : {}) })

describe('inviting a new address', () => {
  it('mails a one-time link whose preview asks for setup, and accepting starts a session on the tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const email = uniqueEmail('new')
    const invited = await invite(owner, email)
    expect(invited.statusCode).toBe(200)
    expect(invited.data).toEqual({
      message: 'Invitation sent.',
      invitation: { email, role: 'editor', status: 'pending', expiresAt: expect.any(String) },
    })
    const hours = (Date.parse(invited.data.invitation.expiresAt) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(71.9)
    expect(hours).toBeLessThanOrEqual(72)
    const token = await invitationTokenFor(ctx.dataDir, email)
    expect(token).toHaveLength(43)
    const [stored] = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, sha256Hex(token)))
    expect(stored?.tenantId).toBe(owner.tenantId)
    const shown = await preview(token)
    expect(shown.statusCode).toBe(200)
    expect(shown.data).toEqual({
      email,
      firstName: '',
      lastName: '',
      role: 'editor',
      status: 'pending',
      expiresAt: invited.data.invitation.expiresAt,
      requiresPasswordSetup: true,
      requiresProfileSetup: true,
      requiresAuthentication: false,
      tenant: {
        id: owner.tenantId,
        name: `Tenant ${owner.tenantId}`,
        slug: `t-${owner.tenantId}`,
        plan: 'enterprise',
        status: 'active',
      },
    })
    const list = await call(ctx.app, 'GET', `/api/users?status=pending&tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(list.data.users).toMatchObject([{ email, status: 'pending', firstName: '' }])
    expect((await accept({ token })).statusCode).toBe(400)
    const accepted = await accept({ token, password: 'secret1', firstName: 'Nina', lastName: 'Neu' })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.data.user).toMatchObject({
      email,
      firstName: 'Nina',
      role: 'editor',
      emailVerified: true,
    })
    expect(accepted.data.membership).toMatchObject({
      tenantId: owner.tenantId,
      status: 'active',
      acceptedAt: expect.any(String),
    })
    expect(accepted.data.activeMembership.tenantId).toBe(owner.tenantId)
    expect(accepted.data.memberships).toHaveLength(1)
    expect(accepted.data.csrfToken).toEqual(expect.any(String))
    expect(accepted.headers['set-cookie']).toContain('folio_session=')
    expect((await call(ctx.app, 'GET', '/api/contents', { token: accepted.data.token })).statusCode).toBe(200)
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } })
    expect(login.statusCode).toBe(200)
    // Spent: the same token answers InvalidToken and changes nothing.
    const again = await accept({ token, password: 'other12', firstName: 'X', lastName: 'Y' })
    expect(again.statusCode).toBe(400)
    expect(again.data.error).toBe('InvalidToken')
    expect((await preview(token)).data.error).toBe('InvalidToken')
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email))
    expect(user?.firstName).toBe('Nina')
    expect(await activityActions(ctx.app, owner.token, 2)).toEqual(['member.joined', 'member.invited'])
  })
})

describe('inviting an existing account', () => {
  it('needs the account signed in, and moves its session to the tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const person = await seedUser(ctx.db)
    const stranger = await seedUser(ctx.db)
    await invite(owner, person.email.toUpperCase(), 'viewer')
    const token = await invitationTokenFor(ctx.dataDir, person.email)
    const shown = await preview(token)
    expect(shown.data).toMatchObject({
      firstName: 'Test',
      requiresAuthentication: true,
      requiresPasswordSetup: false,
    })
    expect((await accept({ token })).statusCode).toBe(401)
    expect((await accept({ token }, stranger.token)).statusCode).toBe(403)
    expect((await accept({ token, password: 'secret1' }, person.token)).statusCode).toBe(400)
    const accepted = await accept({ token }, person.token)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.data.user).toMatchObject({ id: person.userId, role: 'viewer' })
    // The session rotated: the old token is dead, the new one acts on the tenant.
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token: person.token })).statusCode).toBe(401)
    const contents = await call(ctx.app, 'GET', '/api/contents', { token: accepted.data.token })
    expect(contents.statusCode).toBe(200)
  })
})

describe('invitation rules', () => {
  it('rotates the token on re-invite, and revoking or expiring it leaves InvalidToken', async () => {
    const owner = await seedTenant(ctx.db)
    const email = uniqueEmail('rotate')
    await invite(owner, email)
    const first = await invitationTokenFor(ctx.dataDir, email)
    const member = (
      await call(ctx.app, 'GET', `/api/users?status=pending&tenantId=${owner.tenantId}`, {
        token: owner.token,
      })
    ).data.users[0]
    const again = await call(ctx.app, 'POST', `/api/users/${member.id}/reinvite?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(again.statusCode).toBe(200)
    const second = await invitationTokenFor(ctx.dataDir, email, first)
    expect(second).not.toBe(first)
    expect((await preview(first)).statusCode).toBe(400)
    expect((await preview(second)).statusCode).toBe(200)
    await ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.tokenHash, sha256Hex(second)))
    expect((await preview(second)).data.error).toBe('InvalidToken')
    await call(ctx.app, 'POST', `/api/users/${member.id}/reinvite?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    const third = await invitationTokenFor(ctx.dataDir, email, second)
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/users/${member.id}?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(200)
    const revoked = await accept({ token: third, password: 'secret1', firstName: 'A', lastName: 'B' })
    expect(revoked.data.error).toBe('InvalidToken')
    const [gone] = await ctx.db.select().from(users).where(eq(users.email, email))
    expect(gone).toBeUndefined()
  })

  it('answers 409 for a member or pending invitee, 409 on reinviting an active member, 400 for bad input', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'viewer')
    expect((await invite(owner, member.email)).statusCode).toBe(409)
    const email = uniqueEmail('twice')
    await invite(owner, email)
    expect((await invite(owner, email)).statusCode).toBe(409)
    const active = await call(
      ctx.app,
      'POST',
      `/api/users/${member.userId}/reinvite?tenantId=${owner.tenantId}`,
      { token: owner.token },
    )
    expect(active.statusCode).toBe(409)
    expect((await invite(owner, 'not-an-email')).statusCode).toBe(400)
    expect((await invite(owner, uniqueEmail(), 'ghost')).statusCode).toBe(400)
    expect((await preview('short')).statusCode).toBe(400)
    expect((await accept({ token: 'short' })).statusCode).toBe(400)
    expect(
      (await accept({ token: 'x'.repeat(43), password: '12345', firstName: 'A', lastName: 'B' })).statusCode,
    ).toBe(400)
    expect(
      (await call(ctx.app, 'POST', '/api/users/invite', { body: { email, role: 'viewer' } })).statusCode,
    ).toBe(401)
  })

  it('takes POST /api/users as an invitation too, and needs users:create / users:invite', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const email = uniqueEmail('added')
    const added = await call(ctx.app, 'POST', `/api/users?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email, role: 'author' },
    })
    expect(added.statusCode).toBe(200)
    expect(added.data.invitation).toMatchObject({ email, role: 'author', status: 'pending' })
    expect(await invitationTokenFor(ctx.dataDir, email)).toHaveLength(43)
    expect((await invite(editor, uniqueEmail())).statusCode).toBe(403)
    const body = { email: uniqueEmail(), role: 'viewer' }
    expect(
      (await call(ctx.app, 'POST', `/api/users?tenantId=${editor.tenantId}`, { token: editor.token, body }))
        .statusCode,
    ).toBe(403)
    // An admin may not re-send an owner's invitation (it would grant a role above their own).
    await invite(owner, uniqueEmail('boss'), 'owner')
    const pending = await call(
      ctx.app,
      'GET',
      `/api/users?role=owner&status=pending&tenantId=${owner.tenantId}`,
      { token: owner.token },
    )
    const bossId = pending.data.users[0].id
    expect(
      (
        await call(ctx.app, 'POST', `/api/users/${bossId}/reinvite?tenantId=${admin.tenantId}`, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await call(ctx.app, 'PATCH', `/api/users/${bossId}/toggle-status?tenantId=${owner.tenantId}`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(409)
  })

  it('enforces limits.users over members and pending invitations with 403 LimitExceeded', async () => {
    const owner = await seedTenant(ctx.db)
    const settings = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { users: 2 } },
    })
    expect(settings.statusCode).toBe(200)
    expect((await invite(owner, uniqueEmail())).statusCode).toBe(200)
    const over = await invite(owner, uniqueEmail())
    expect(over.statusCode).toBe(403)
    expect(over.data).toMatchObject({ error: 'LimitExceeded', limitName: 'users', limit: 2, usage: 2 })
  })

  it('answers alike for known and unknown addresses (timed in invitations.timing.test.ts)', async () => {
    const owner = await seedTenant(ctx.db)
    const known = await invite(owner, (await seedUser(ctx.db)).email, 'viewer')
    const unknown = await invite(owner, uniqueEmail('unknown'), 'viewer')
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200)
      expect(Object.keys(response.data)).toEqual(['message', 'invitation'])
      expect(Object.keys(response.data.invitation)).toEqual(['email', 'role', 'status', 'expiresAt'])
      expect(response.data.invitation).toMatchObject({ role: 'viewer', status: 'pending' })
    }
    expect(known.data.message).toBe(unknown.data.message)
  })
})

describe('the language of an invitation', () => {
  it('is the inviter’s for an address without an account, and the account’s own for an existing one', async () => {
    const owner = await seedTenant(ctx.db)
    await ctx.db.update(users).set({ language: 'tr' }).where(eq(users.id, owner.userId))
    const newcomer = uniqueEmail('yeni')
    expect((await invite(owner, newcomer)).statusCode).toBe(200)
    const inTurkish = await mailArriving(ctx.dataDir, newcomer, () => true, 15_000)
    expect(subjectOf(inTurkish)).toBe(`Folio’da Tenant ${owner.tenantId} kiracısına davet edildiniz`)
    expect(inTurkish).toContain(
      `Folio’da Tenant ${owner.tenantId} kiracısına editor rolüyle katılmaya davet edildiniz.`,
    )
    expect(inTurkish).toContain('Ya da aşağıdaki sayfayı açıp davet kodunu yapıştırın:')
    expect(await invitationTokenFor(ctx.dataDir, newcomer)).toHaveLength(43)

    const existing = await seedUser(ctx.db)
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, existing.userId))
    expect((await invite(owner, existing.email)).statusCode).toBe(200)
    const inEnglish = await mailArriving(ctx.dataDir, existing.email, () => true, 15_000)
    expect(subjectOf(inEnglish)).toBe(`You are invited to Tenant ${owner.tenantId} on Folio`)
  })
})
