import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, joinTenant, login } from '../../../test/auth-fixtures.js'
import {
  call,
  seedApiToken,
  seedMember,
  seedSession,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { users, userTokens } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

describe('session lifecycle', () => {
  it('accepts the login token as Bearer and as cookie; cookie writes need the X-CSRF-Token', async () => {
    const member = await seedTenant(ctx.db)
    const { token, csrfToken } = (await login(ctx.app, { email: member.email, password: TEST_PASSWORD })).data
    const bearerRead = await call(ctx.app, 'GET', '/api/users/me', { token })
    expect(bearerRead.statusCode).toBe(200)
    expect(bearerRead.data.user.id).toBe(member.userId)

    const cookie = { cookie: `folio_session=${token}` }
    const cookieRead = await call(ctx.app, 'GET', '/api/auth/session', { headers: cookie })
    expect(cookieRead.statusCode).toBe(200)
    expect(cookieRead.data.csrfToken).toBe(csrfToken)

    const noCsrf = await call(ctx.app, 'PUT', '/api/users/me', {
      headers: cookie,
      body: { firstName: 'Cookie' },
    })
    expect(noCsrf.statusCode).toBe(403)
    expect(noCsrf.data.error).toBe('CsrfTokenInvalid')
    const wrongCsrf = await call(ctx.app, 'PUT', '/api/users/me', {
      headers: { ...cookie, 'x-csrf-token': 'forged' },
      body: { firstName: 'Cookie' },
    })
    expect(wrongCsrf.statusCode).toBe(403)
    // Same length, last character changed: compared in constant time, still refused.
    const nearMiss = `${csrfToken.slice(0, -1)}${csrfToken.endsWith('A') ? 'B' : 'A'}`
    const nearCsrf = await call(ctx.app, 'PUT', '/api/users/me', {
      headers: { ...cookie, 'x-csrf-token': nearMiss },
      body: { firstName: 'Cookie' },
    })
    expect(nearCsrf.statusCode).toBe(403)
    expect(nearCsrf.data.error).toBe('CsrfTokenInvalid')
    const withCsrf = await call(ctx.app, 'PUT', '/api/users/me', {
      headers: { ...cookie, 'x-csrf-token': csrfToken },
      body: { firstName: 'Cookie' },
    })
    expect(withCsrf.statusCode).toBe(200)
    expect(withCsrf.data.user.firstName).toBe('Cookie')
    const bearerWrite = await call(ctx.app, 'PUT', '/api/users/me', { token, body: { firstName: 'Bearer' } })
    expect(bearerWrite.statusCode).toBe(200)
  })

  it('GET /api/auth/session returns the session state, uncached', async () => {
    const member = await seedTenant(ctx.db, 'admin')
    const response = await call(ctx.app, 'GET', '/api/auth/session', { token: member.token })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.data).toMatchObject({
      authenticated: true,
      user: { id: member.userId, email: member.email, role: 'admin', emailVerified: true },
      activeMembership: { tenantId: member.tenantId, role: 'admin', status: 'active' },
      requiresTenantSelection: false,
      csrfToken: member.csrfToken,
    })
    expect(response.data.memberships).toHaveLength(1)
  })

  it('GET /api/auth/session answers 200 { authenticated: false } to nobody, and to a cookie whose session ended', async () => {
    const nobody = await call(ctx.app, 'GET', '/api/auth/session')
    expect(nobody.statusCode).toBe(200)
    expect(nobody.headers['cache-control']).toBe('no-store')
    expect(nobody.data).toEqual({ authenticated: false })

    const member = await seedTenant(ctx.db)
    const { token } = (await login(ctx.app, { email: member.email, password: TEST_PASSWORD })).data
    await call(ctx.app, 'POST', '/api/auth/logout-all', { token })
    const stale = await call(ctx.app, 'GET', '/api/auth/session', {
      headers: { cookie: `folio_session=${token}` },
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.data).toEqual({ authenticated: false })
    expect(stale.cookies.find((c) => c.name === 'folio_session')?.value).toBe('')
    const garbled = await call(ctx.app, 'GET', '/api/auth/session', {
      headers: { cookie: 'folio_session=x.y.z' },
    })
    expect(garbled.data).toEqual({ authenticated: false })

    // A Bearer token is the caller's own claim: a bad one is still 401, an API token 403.
    const ended = await call(ctx.app, 'GET', '/api/auth/session', { token })
    expect([ended.statusCode, ended.data.error]).toEqual([401, 'Unauthorized'])
    const apiToken = await seedApiToken(ctx.db, member.tenantId, { scopes: ['read'] })
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token: apiToken })).statusCode).toBe(403)
  })

  it('logout revokes the token at once and clears the cookie', async () => {
    const member = await seedTenant(ctx.db)
    const { token } = (await login(ctx.app, { email: member.email, password: TEST_PASSWORD })).data
    const response = await call(ctx.app, 'POST', '/api/auth/logout', { token })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({ message: 'Logged out.' })
    const cleared = response.cookies.find((c) => c.name === 'folio_session')
    expect(cleared?.value).toBe('')
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token })).statusCode).toBe(401)
    // Another session of the same user lives on.
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token: member.token })).statusCode).toBe(200)
  })

  it('logout-all revokes every session of the user, and only theirs', async () => {
    const member = await seedTenant(ctx.db)
    const other = await seedSession(ctx.db, member.userId, null)
    const bystander = await seedMember(ctx.db, member.tenantId, 'viewer')
    const response = await call(ctx.app, 'POST', '/api/auth/logout-all', { token: member.token })
    expect(response.statusCode).toBe(200)
    expect(response.data.message).toEqual(expect.any(String))
    for (const token of [member.token, other.token]) {
      expect((await call(ctx.app, 'GET', '/api/auth/session', { token })).statusCode).toBe(401)
    }
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token: bystander.token })).statusCode).toBe(200)
  })

  it('refresh rotates the token: the old one dies, the new one works', async () => {
    const member = await seedTenant(ctx.db, 'author')
    const response = await call(ctx.app, 'POST', '/api/auth/refresh', { token: member.token, body: {} })
    expect(response.statusCode).toBe(200)
    expect(response.data).toEqual({
      csrfToken: expect.any(String),
      token: expect.any(String),
      expiresAt: expect.any(String),
      role: 'author',
      permissions: expect.arrayContaining(['content:create']),
    })
    expect(response.data.csrfToken).not.toBe(member.csrfToken)
    expect(response.cookies.find((c) => c.name === 'folio_session')?.value).toBe(response.data.token)
    const replaced = await call(ctx.app, 'GET', '/api/auth/session', { token: member.token })
    expect(replaced.statusCode).toBe(401)
    expect(replaced.data).toEqual({
      error: 'Unauthorized',
      message: 'The session token was replaced; use the token from the last response.',
    })
    const next = await call(ctx.app, 'GET', '/api/auth/session', { token: response.data.token })
    expect(next.statusCode).toBe(200)
    expect(next.data.csrfToken).toBe(response.data.csrfToken)

    // Once the session itself ends, every token of it says so.
    await call(ctx.app, 'POST', '/api/auth/logout', { token: response.data.token })
    for (const token of [member.token, response.data.token]) {
      const ended = await call(ctx.app, 'GET', '/api/auth/session', { token })
      expect(ended.data.message).toBe('The session has ended; log in again.')
    }
  })

  it('refresh without a tenant reports no role, and rejects a non-empty body', async () => {
    const user = await seedUser(ctx.db)
    const refreshed = await call(ctx.app, 'POST', '/api/auth/refresh', { token: user.token, body: {} })
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.data).toMatchObject({ role: null, permissions: [] })
    const extra = await call(ctx.app, 'POST', '/api/auth/refresh', {
      token: refreshed.data.token,
      body: { tenantId: newId() },
    })
    expect(extra.statusCode).toBe(400)
  })

  it('switch-tenant moves the session to another active membership and rotates it', async () => {
    const member = await seedTenant(ctx.db, 'owner')
    const second = await joinTenant(ctx.db, member.userId, 'editor')
    const response = await call(ctx.app, 'POST', '/api/auth/switch-tenant', {
      token: member.token,
      body: { tenantId: second },
    })
    expect(response.statusCode).toBe(200)
    expect(response.data).toMatchObject({
      user: { id: member.userId, role: 'editor' },
      activeMembership: { tenantId: second, role: 'editor' },
      requiresTenantSelection: false,
      csrfToken: expect.any(String),
      token: expect.any(String),
    })
    expect(response.data.memberships).toHaveLength(2)
    expect((await call(ctx.app, 'GET', '/api/auth/session', { token: member.token })).statusCode).toBe(401)
    const roles = await call(ctx.app, 'GET', '/api/roles', { token: response.data.token })
    expect(roles.statusCode).toBe(403) // editors lack roles:view in the tenant they switched to
  })

  it('switch-tenant refuses tenants without an active membership (403) and malformed ids (400)', async () => {
    const member = await seedTenant(ctx.db)
    const stranger = await seedTenant(ctx.db)
    const inactive = await joinTenant(ctx.db, member.userId, 'admin', 'inactive')
    for (const tenantId of [stranger.tenantId, inactive, newId()]) {
      const response = await call(ctx.app, 'POST', '/api/auth/switch-tenant', {
        token: member.token,
        body: { tenantId },
      })
      expect(response.statusCode).toBe(403)
      expect(response.data.error).toBe('Forbidden')
    }
    const malformed = await call(ctx.app, 'POST', '/api/auth/switch-tenant', {
      token: member.token,
      body: { tenantId: "x' OR 1=1 --" },
    })
    expect(malformed.statusCode).toBe(400)
    // The refused switches left the session where it was.
    const session = await call(ctx.app, 'GET', '/api/auth/session', { token: member.token })
    expect(session.data.activeMembership.tenantId).toBe(member.tenantId)
  })

  it.each([
    ['POST', '/api/auth/refresh'],
    ['POST', '/api/auth/logout'],
    ['POST', '/api/auth/logout-all'],
    ['POST', '/api/auth/switch-tenant'],
  ] as const)('%s %s needs a user session: 401 without one, 403 for an API token', async (method, url) => {
    const body = method === 'POST' ? {} : undefined
    const anonymous = await call(ctx.app, method, url, { body })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.data.error).toBe('Unauthorized')
    const garbage = await call(ctx.app, method, url, { body, token: 'not.a.jwt' })
    expect(garbage.statusCode).toBe(401)
    const member = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, member.tenantId, { scopes: ['read', 'write'] })
    const withApiToken = await call(ctx.app, method, url, { body, token: apiToken })
    expect(withApiToken.statusCode).toBe(403)
  })
})

describe('secrets', () => {
  it('never appear in auth responses: no password hash, no token hash, no session id', async () => {
    const member = await seedTenant(ctx.db)
    const email = uniqueEmail('secret')
    const bodies: string[] = []
    const registered = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'secret1', firstName: 'S', lastName: 'T' },
      remoteAddress: freshIp(),
    })
    bodies.push(registered.body)
    const loggedIn = await login(ctx.app, { email: member.email, password: TEST_PASSWORD })
    bodies.push(loggedIn.body)
    const token = loggedIn.data.token
    bodies.push((await call(ctx.app, 'GET', '/api/auth/session', { token })).body)
    bodies.push((await call(ctx.app, 'GET', '/api/users/me', { token })).body)
    bodies.push((await call(ctx.app, 'POST', '/api/auth/refresh', { token, body: {} })).body)

    const [account] = await ctx.db.select().from(users).where(eq(users.id, member.userId))
    const tokenHashes = (await ctx.db.select().from(userTokens)).map((row) => row.tokenHash)
    for (const body of bodies) {
      expect(body).not.toMatch(/passwordHash|password_hash|tokenHash|scrypt\$|sessionId/)
      expect(body).not.toContain(account?.passwordHash)
      for (const hash of tokenHashes) expect(body).not.toContain(hash)
    }
  })
})
