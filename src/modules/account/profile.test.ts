import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, joinTenant, mailArriving, verificationTokenIn } from '../../../test/auth-fixtures.js'
import {
  call,
  lastMailTo,
  seedApiToken,
  seedSession,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { users } from '../../db/schema/index.js'
import type { Membership } from '../auth/schemas.js'

const ctx = useTestContext()

describe('GET /api/users/me', () => {
  it('returns the profile, every membership and the session tenant as currentMembership', async () => {
    const member = await seedTenant(ctx.db, 'admin')
    const second = await joinTenant(ctx.db, member.userId, 'viewer')
    const response = await call(ctx.app, 'GET', '/api/users/me', { token: member.token })
    expect(response.statusCode).toBe(200)
    expect(response.data.user).toEqual({
      id: member.userId,
      email: member.email,
      firstName: 'Test',
      lastName: 'User',
      language: null,
      mustChangePassword: false,
      emailVerified: true,
      lastLoginAt: null,
    })
    expect(response.data.memberships.map((m: Membership) => [m.tenantId, m.role])).toEqual([
      [member.tenantId, 'admin'],
      [second, 'viewer'],
    ])
    expect(response.data.memberships[1].tenant).toMatchObject({ id: second, plan: 'pro', status: 'active' })
    expect(response.data.currentMembership).toMatchObject({ tenantId: member.tenantId, role: 'admin' })
    expect(response.data.currentMembership.roleMeta).toMatchObject({ key: 'admin', level: 40 })
  })

  it('picks currentMembership from ?tenantId, and null for a tenant without membership', async () => {
    const member = await seedTenant(ctx.db)
    const second = await joinTenant(ctx.db, member.userId, 'author')
    const stranger = await seedTenant(ctx.db)
    const chosen = await call(ctx.app, 'GET', `/api/users/me?tenantId=${second}`, { token: member.token })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.data.currentMembership).toMatchObject({ tenantId: second, role: 'author' })
    const foreign = await call(ctx.app, 'GET', `/api/users/me?tenantId=${stranger.tenantId}`, {
      token: member.token,
    })
    expect(foreign.statusCode).toBe(200)
    expect(foreign.data.currentMembership).toBeNull()
    expect(foreign.data.memberships).toHaveLength(2)
  })

  it('has no currentMembership for a user without tenants', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'GET', '/api/users/me', { token: user.token })
    expect(response.statusCode).toBe(200)
    expect(response.data.memberships).toEqual([])
    expect(response.data.currentMembership).toBeNull()
  })

  it.each([
    ['an unknown parameter', '?role=owner'],
    ['a prototype-pollution key', '?__proto__=x'],
    ['a malformed tenantId', '?tenantId=1%27%20OR%201=1'],
    ['a repeated tenantId', `?tenantId=${'a'.repeat(24)}&tenantId=${'b'.repeat(24)}`],
  ])('rejects %s in the query (400)', async (_label, query) => {
    const member = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'GET', `/api/users/me${query}`, { token: member.token })
    expect(response.statusCode).toBe(400)
  })

  it('needs a user session: 401 without one, 403 for an API token', async () => {
    expect((await call(ctx.app, 'GET', '/api/users/me')).statusCode).toBe(401)
    const member = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, member.tenantId, { role: 'owner', scopes: ['read'] })
    const response = await call(ctx.app, 'GET', '/api/users/me', { token: apiToken })
    expect(response.statusCode).toBe(403)
  })
})

describe('PUT /api/users/me', () => {
  it('updates names and language, and clears the language with null', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { firstName: "O'Brien; DROP TABLE users; --", lastName: 'Şahin 日本', language: 'tr' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({
      user: {
        id: user.userId,
        email: user.email,
        firstName: "O'Brien; DROP TABLE users; --",
        lastName: 'Şahin 日本',
        language: 'tr',
      },
    })
    const cleared = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { language: null },
    })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.data.user).toMatchObject({ language: null, lastName: 'Şahin 日本' })
    const unchanged = await call(ctx.app, 'PUT', '/api/users/me', { token: user.token, body: {} })
    expect(unchanged.data.user).toEqual(cleared.data.user)
  })

  it.each([
    ['an unsupported language', { language: 'de' }],
    ['an empty first name', { firstName: '' }],
    ['an empty last name', { lastName: '' }],
    ['a malformed e-mail', { email: 'someone' }],
    ['an unknown member', { password: 'new-password' }],
    ['a status change', { mustChangePassword: false }],
  ])('rejects %s (400)', async (_label, body) => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me', { token: user.token, body })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('changes the e-mail: unverified again, a link to the new address, a notice to the old, old links dead', async () => {
    const registeredEmail = uniqueEmail('before')
    await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email: registeredEmail, password: 'secret1', firstName: 'E', lastName: 'M' },
      remoteAddress: freshIp(),
    })
    const oldLink = verificationTokenIn(await mailArriving(ctx.dataDir, registeredEmail))
    const [account] = await ctx.db.select().from(users).where(eq(users.email, registeredEmail))
    const session = await seedSession(ctx.db, account!.id, null)

    const newEmail = uniqueEmail('after')
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: session.token,
      body: { email: newEmail.toUpperCase(), currentPassword: 'secret1' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.user.email).toBe(newEmail)
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: session.token })
    expect(me.data.user).toMatchObject({ email: newEmail, emailVerified: false })
    await mailArriving(ctx.dataDir, registeredEmail, (mail) => mail.includes(`changed to ${newEmail}`))

    const stale = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: oldLink } })
    expect(stale.statusCode).toBe(400)
    const newLink = verificationTokenIn(await mailArriving(ctx.dataDir, newEmail))
    const verified = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: newLink } })
    expect(verified.statusCode).toBe(200)
    const after = await call(ctx.app, 'GET', '/api/users/me', { token: session.token })
    expect(after.data.user.emailVerified).toBe(true)
  })

  it("answers 409 for another account's e-mail in any letter case, and changes nothing", async () => {
    const user = await seedUser(ctx.db)
    const other = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { email: other.email.toUpperCase(), firstName: 'Changed', currentPassword: TEST_PASSWORD },
    })
    expect(response.statusCode).toBe(409)
    expect(response.data.error).toBe('Conflict')
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.userId))
    expect(row).toMatchObject({ email: user.email, firstName: 'Test' })
    expect(row?.emailVerifiedAt).not.toBeNull()
  })

  it('needs currentPassword to change the e-mail: 400 naming it when missing, and nothing changes', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { email: uniqueEmail('elsewhere'), firstName: 'Changed' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data).toEqual({
      error: 'ValidationFailed',
      message: 'currentPassword is required to change the e-mail address.',
    })
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.userId))
    expect(row).toMatchObject({ email: user.email, firstName: 'Test' })
  })

  it('answers a wrong currentPassword with 401 InvalidCredentials, keeps the session and changes nothing', async () => {
    const user = await seedUser(ctx.db)
    const target = uniqueEmail('elsewhere')
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { email: target, currentPassword: 'not the password' },
    })
    expect(response.statusCode).toBe(401)
    expect(response.data).toEqual({ error: 'InvalidCredentials', message: 'Invalid e-mail or password.' })
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.userId))
    expect(row?.email).toBe(user.email)
    expect(row?.emailVerifiedAt).not.toBeNull()
    expect(lastMailTo(ctx.dataDir, target)).toBeUndefined()
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: user.token })).statusCode).toBe(200)
    // A wrong currentPassword is refused with any change, not only an e-mail change.
    const rename = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { firstName: 'Renamed', currentPassword: 'not the password' },
    })
    expect(rename.statusCode).toBe(401)
  })

  it('keeps the account verified when the e-mail is resent in another letter case', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me', {
      token: user.token,
      body: { email: user.email.toUpperCase() },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data.user.email).toBe(user.email)
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: user.token })
    expect(me.data.user.emailVerified).toBe(true)
  })

  it('needs a session (401)', async () => {
    const response = await call(ctx.app, 'PUT', '/api/users/me', { body: { firstName: 'X' } })
    expect(response.statusCode).toBe(401)
  })
})

describe('PUT /api/users/me/password', () => {
  it('changes the password, ends every session and starts a fresh one for the caller', async () => {
    const member = await seedTenant(ctx.db)
    const otherSession = await seedSession(ctx.db, member.userId, null)
    await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, member.userId))

    const response = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: member.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'brand new password' },
      remoteAddress: freshIp(),
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({
      message: expect.any(String),
      token: expect.any(String),
      csrfToken: expect.any(String),
      expiresAt: expect.any(String),
    })
    const cookie = response.cookies.find((c) => c.name === 'folio_session')
    expect(cookie).toMatchObject({ value: response.data.token, httpOnly: true, sameSite: 'Lax' })

    for (const token of [member.token, otherSession.token]) {
      expect((await call(ctx.app, 'GET', '/api/users/me', { token })).statusCode).toBe(401)
    }
    const me = await call(ctx.app, 'GET', '/api/users/me', { token: response.data.token })
    expect(me.statusCode).toBe(200)
    expect(me.data.user.mustChangePassword).toBe(false)
    // The fresh session stays on the tenant the caller was working in.
    expect(me.data.currentMembership.tenantId).toBe(member.tenantId)

    const oldPassword = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: member.email, password: TEST_PASSWORD },
      remoteAddress: freshIp(),
    })
    expect(oldPassword.statusCode).toBe(401)
    const newPassword = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: member.email, password: 'brand new password' },
      remoteAddress: freshIp(),
    })
    expect(newPassword.statusCode).toBe(200)
  })

  it('answers a wrong current password with 401 InvalidCredentials and keeps the session and password', async () => {
    const user = await seedUser(ctx.db)
    const [before] = await ctx.db.select().from(users).where(eq(users.id, user.userId))
    const response = await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: user.token,
      body: { currentPassword: 'not it', newPassword: 'whatever1' },
      remoteAddress: freshIp(),
    })
    expect(response.statusCode).toBe(401)
    expect(response.data.error).toBe('InvalidCredentials')
    expect((await call(ctx.app, 'GET', '/api/users/me', { token: user.token })).statusCode).toBe(200)
    const [after] = await ctx.db.select().from(users).where(eq(users.id, user.userId))
    expect(after?.passwordHash).toBe(before?.passwordHash)
  })

  it.each([
    ['a new password of 5 characters', { currentPassword: TEST_PASSWORD, newPassword: '12345' }],
    ['an empty current password', { currentPassword: '', newPassword: 'long enough' }],
    ['a missing new password', { currentPassword: TEST_PASSWORD }],
    [
      'an unknown member',
      { currentPassword: TEST_PASSWORD, newPassword: 'long enough', logoutOthers: false },
    ],
  ])('rejects %s (400)', async (_label, body) => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'PUT', '/api/users/me/password', { token: user.token, body })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('needs a session (401)', async () => {
    const response = await call(ctx.app, 'PUT', '/api/users/me/password', {
      body: { currentPassword: 'a', newPassword: 'bbbbbb' },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('secrets', () => {
  it('never appear in profile responses', async () => {
    const member = await seedTenant(ctx.db)
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    const bodies = [
      (await call(ctx.app, 'GET', '/api/users/me', { token: member.token })).body,
      (await call(ctx.app, 'PUT', '/api/users/me', { token: member.token, body: { firstName: 'Q' } })).body,
    ]
    for (const body of bodies) {
      expect(body).not.toMatch(/passwordHash|password_hash|tokenHash|scrypt\$|csrf/i)
      expect(body).not.toContain(row?.passwordHash)
    }
  })
})
