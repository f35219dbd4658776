import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, joinTenant, LEGACY_TEST_PASSWORD_HASH, login } from '../../../test/auth-fixtures.js'
import { call, seedTenant, TEST_PASSWORD, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { users } from '../../db/schema/index.js'
import type { Membership } from './schemas.js'

const ctx = useTestContext()

describe('POST /api/auth/login', () => {
  it('logs a single-tenant member into that tenant and sets the session cookie', async () => {
    const member = await seedTenant(ctx.db, 'editor')
    const response = await login(ctx.app, { email: member.email.toUpperCase(), password: TEST_PASSWORD })
    expect(response.statusCode).toBe(200)
    const body = response.data
    expect(body.user).toEqual({
      id: member.userId,
      email: member.email,
      firstName: 'Test',
      lastName: 'User',
      mustChangePassword: false,
      emailVerified: true,
      role: 'editor',
      permissions: expect.arrayContaining(['content:view', 'content:create', 'media:delete']),
    })
    expect(body.user.permissions).not.toContain('users:manage')
    expect(body.memberships).toHaveLength(1)
    expect(body.memberships[0]).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      tenantId: member.tenantId,
      tenant: {
        id: member.tenantId,
        name: `Tenant ${member.tenantId}`,
        slug: `t-${member.tenantId}`,
        plan: 'enterprise',
        status: 'active',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      role: 'editor',
      roleMeta: {
        id: 'editor',
        key: 'editor',
        name: 'Editor',
        description: expect.any(String),
        level: 30,
        permissions: expect.arrayContaining(['content:manage']),
        tenantId: member.tenantId,
        isDefault: true,
        isSystem: true,
      },
      status: 'active',
      permissions: body.user.permissions,
    })
    expect(body.activeMembership).toEqual(body.memberships[0])
    expect(body.requiresTenantSelection).toBe(false)
    expect(body.message).toBe('Logged in.')
    expect(body.csrfToken).toEqual(expect.any(String))
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000)

    const cookie = response.cookies.find((c) => c.name === 'folio_session')
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeUndefined()
    expect(response.headers['cache-control']).toBe('no-store')

    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    expect(row?.lastLoginAt?.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('asks a member of several tenants to choose, and honours tenantId only where the user is an active member', async () => {
    const member = await seedTenant(ctx.db, 'owner')
    const second = await joinTenant(ctx.db, member.userId, 'viewer')
    const inactive = await joinTenant(ctx.db, member.userId, 'admin', 'inactive')
    const stranger = await seedTenant(ctx.db)

    const choose = await login(ctx.app, { email: member.email, password: TEST_PASSWORD })
    expect(choose.statusCode).toBe(200)
    expect(choose.data.requiresTenantSelection).toBe(true)
    expect(choose.data.activeMembership).toBeNull()
    expect(choose.data.user).toMatchObject({ role: null, permissions: [] })
    expect(
      choose.data.memberships.map((m: Membership) => [m.tenantId, m.status, m.permissions.length > 0]),
    ).toEqual([
      [member.tenantId, 'active', true],
      [second, 'active', true],
      [inactive, 'inactive', false],
    ])

    const chosen = await login(ctx.app, { email: member.email, password: TEST_PASSWORD, tenantId: second })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.data.activeMembership.tenantId).toBe(second)
    expect(chosen.data.user.role).toBe('viewer')
    const session = await call(ctx.app, 'GET', '/api/auth/session', { token: chosen.data.token })
    expect(session.data.activeMembership.tenantId).toBe(second)

    for (const tenantId of [inactive, stranger.tenantId]) {
      const refused = await login(ctx.app, { email: member.email, password: TEST_PASSWORD, tenantId })
      expect(refused.statusCode).toBe(403)
      expect(refused.data.error).toBe('Forbidden')
    }
  })

  it('answers an unknown e-mail and a wrong password with the same 401', async () => {
    const member = await seedTenant(ctx.db)
    const wrong = await login(ctx.app, { email: member.email, password: 'wrong password' })
    const unknown = await login(ctx.app, { email: uniqueEmail('ghost'), password: 'wrong password' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.data).toEqual({ error: 'InvalidCredentials', message: 'Invalid e-mail or password.' })
    expect(unknown.data).toEqual(wrong.data)
    expect(wrong.cookies).toEqual([])
  })

  it('refuses a network after 5 failures on one account, even the right password from there, while the owner elsewhere logs in', async () => {
    const member = await seedTenant(ctx.db)
    const attacker = freshIp()
    const before = Date.now()
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        login(ctx.app, { email: member.email, password: `parallel-${index}` }, attacker),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    const blocked = responses.find((response) => response.statusCode === 429)
    expect(blocked?.data.error).toBe('RateLimitExceeded')
    const retryAfter = Number(blocked?.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(blocked?.data.retryAfter).toBe(retryAfter)
    expect(blocked?.data.message).toMatch(
      /^Too many failed logins for this account from this network address; this clears in 1[45] minutes \(at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)\.$/,
    )
    // The time in the message is when the refusal was made plus Retry-After, to the second.
    const clearsAt = Date.parse(/\(at (.+)\)/.exec(blocked?.data.message)?.[1] ?? '')
    expect(clearsAt).toBeGreaterThanOrEqual(before + retryAfter * 1000 - 1000)
    expect(clearsAt).toBeLessThanOrEqual(Date.now() + retryAfter * 1000)

    const fromAttacker = await login(ctx.app, { email: member.email, password: TEST_PASSWORD }, attacker)
    expect(fromAttacker.statusCode).toBe(429)
    const fromOwner = await login(ctx.app, { email: member.email, password: TEST_PASSWORD })
    expect(fromOwner.statusCode).toBe(200)
  })

  it('clears the failures of an account from a network on success, so earlier failures do not add up', async () => {
    const member = await seedTenant(ctx.db)
    const remoteAddress = freshIp()
    for (let attempt = 1; attempt <= 4; attempt++) {
      const failed = await login(ctx.app, { email: member.email, password: 'nope' }, remoteAddress)
      expect(failed.statusCode).toBe(401)
    }
    const success = await login(ctx.app, { email: member.email, password: TEST_PASSWORD }, remoteAddress)
    expect(success.statusCode).toBe(200)
    // Without the reset this would be the 6th attempt in the window, hence 429.
    const again = await login(ctx.app, { email: member.email, password: 'nope' }, remoteAddress)
    expect(again.statusCode).toBe(401)
  })

  it('upgrades a hash stored with the earlier N=2^17 parameters on a successful login', async () => {
    const member = await seedTenant(ctx.db)
    await ctx.db
      .update(users)
      .set({ passwordHash: LEGACY_TEST_PASSWORD_HASH })
      .where(eq(users.id, member.userId))
    const failed = await login(ctx.app, { email: member.email, password: 'not the password' })
    expect(failed.statusCode).toBe(401)
    const [untouched] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    expect(untouched?.passwordHash).toBe(LEGACY_TEST_PASSWORD_HASH)

    expect((await login(ctx.app, { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(200)
    const [upgraded] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    expect(upgraded?.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/)
    expect((await login(ctx.app, { email: member.email, password: TEST_PASSWORD })).statusCode).toBe(200)
  })

  it.each([
    ['a missing password', { password: undefined }],
    ['an empty password', { password: '' }],
    ['a malformed e-mail', { email: 'x@' }],
    ['a malformed tenantId', { tenantId: 'abc' }],
    ['an unknown body member', { remember: true }],
  ])('rejects a login with %s (400)', async (_label, change) => {
    const response = await login(ctx.app, { email: uniqueEmail(), password: 'secret1', ...change })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })
})
