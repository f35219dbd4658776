import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cookieFrom,
  type FakeIssuer,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  googleFlow,
  startFakeIssuer,
} from '../../../test/google-fixtures.js'
import {
  call,
  createTestContext,
  seedApiToken,
  seedTenant,
  seedUser,
  type TestContext,
  uniqueEmail,
} from '../../../test/helpers.js'
import { externalIdentities, users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

let issuer: FakeIssuer
let ctx: TestContext

beforeAll(async () => {
  issuer = await startFakeIssuer()
  ctx = await createTestContext({
    env: { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL: issuer.issuer },
  })
})

afterAll(async () => {
  await ctx.close()
  await issuer.close()
})

/** The next tokens the provider issues are for this Google account. */
function googleAccount(claims: Record<string, unknown>) {
  issuer.idToken = (request) => issuer.sign(issuer.claims(request, claims))
}

function sessionOf(cookie: string) {
  return call(ctx.app, 'GET', '/api/auth/session', { headers: { cookie: `folio_session=${cookie}` } })
}

async function actionsOf(token: string) {
  await ctx.app.folio.platform.relay.wake()
  const page = await call(ctx.app, 'GET', '/api/activities', { token })
  return page.data.activities.map((activity: { action: string }) => activity.action)
}

describe('Google sign-in', () => {
  it('starts with state, nonce and PKCE (S256) and a 10-minute HttpOnly flow cookie', async () => {
    const started = await call(ctx.app, 'GET', '/api/auth/google/start')
    expect(started.statusCode).toBe(302)
    const url = new URL(String(started.headers.location))
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.issuer}/authorize`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: 'http://localhost:3000/api/auth/google/callback',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      prompt: 'select_account',
    })
    const cookie = String(started.headers['set-cookie'])
    expect(cookie).toMatch(
      /^folio_google_flow=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth\/google; HttpOnly; SameSite=Lax$/,
    )
    const config = await call(ctx.app, 'GET', '/api/auth/google/config')
    expect(config.data).toEqual({ enabled: true, clientId: GOOGLE_CLIENT_ID })
    const badMode = await call(ctx.app, 'GET', '/api/auth/google/start?mode=admin')
    expect(badMode.statusCode).toBe(400)
  })

  it('creates a verified account without a password for a new verified address, and signs it in by cookie', async () => {
    const email = uniqueEmail('google')
    googleAccount({
      sub: `sub-${newId()}`,
      email: email.toUpperCase(),
      given_name: 'Ada',
      family_name: 'Byron',
    })
    const { callback } = await googleFlow(ctx.app, issuer)
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('http://localhost:3000/admin/?google=signed-in')
    expect(callback.headers.location).not.toContain('token')
    const cookie = cookieFrom(callback, 'folio_session')!
    const session = await sessionOf(cookie)
    expect(session.statusCode).toBe(200)
    expect(session.data.user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Byron',
      emailVerified: true,
    })
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, email))
    expect(stored?.passwordHash).toBe('!')
    const status = await call(ctx.app, 'GET', '/api/auth/google/status', {
      headers: { cookie: `folio_session=${cookie}` },
    })
    expect(status.data).toEqual({ enabled: true, linked: true, email, linkedAt: expect.any(String) })
    // No password: unlinking would leave no way in.
    const unlink = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      headers: { cookie: `folio_session=${cookie}`, 'x-csrf-token': session.data.csrfToken },
      body: { currentPassword: 'anything' },
    })
    expect(unlink.statusCode).toBe(409)
    expect(unlink.data.error).toBe('GoogleUnlinkRefused')
  })

  it('never creates an account for an unverified address, nor links an existing account by e-mail', async () => {
    googleAccount({ sub: `sub-${newId()}`, email: uniqueEmail('unverified'), email_verified: false })
    const unverified = await googleFlow(ctx.app, issuer)
    expect(unverified.callback.headers.location).toBe(
      'http://localhost:3000/admin/?googleError=GoogleEmailUnverified',
    )

    const existing = await seedUser(ctx.db)
    googleAccount({ sub: `sub-${newId()}`, email: existing.email })
    const taken = await googleFlow(ctx.app, issuer)
    expect(taken.callback.headers.location).toBe(
      'http://localhost:3000/admin/?googleError=GoogleLinkRequired',
    )
    expect(cookieFrom(taken.callback, 'folio_session')).toBeUndefined()
    const links = await ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, existing.userId))
    expect(links).toEqual([])
  })

  it('links on an explicit link flow, then signs in that account, and unlinks with the password', async () => {
    const owner = await seedTenant(ctx.db)
    const subject = `sub-${newId()}`
    googleAccount({ sub: subject, email: 'another-address@gmail.example' })
    const linked = await googleFlow(ctx.app, issuer, {
      mode: 'link',
      startHeaders: { authorization: `Bearer ${owner.token}` },
    })
    expect(linked.callback.headers.location).toBe('http://localhost:3000/admin/?google=linked')
    expect(cookieFrom(linked.callback, 'folio_session')).toBeUndefined()
    const status = await call(ctx.app, 'GET', '/api/auth/google/status', { token: owner.token })
    expect(status.data).toMatchObject({ linked: true, email: 'another-address@gmail.example' })

    const signedIn = await googleFlow(ctx.app, issuer)
    const session = await sessionOf(cookieFrom(signedIn.callback, 'folio_session')!)
    expect(session.data.user.id).toBe(owner.userId)
    expect(session.data.activeMembership.tenantId).toBe(owner.tenantId)

    const wrong = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: owner.token,
      body: { currentPassword: 'wrong password' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.data.error).toBe('InvalidCredentials')
    const unlinked = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: owner.token,
      body: { currentPassword: owner.password },
    })
    expect(unlinked.statusCode).toBe(200)
    expect(unlinked.data).toEqual({ linked: false, message: 'The Google account is no longer linked.' })
    // Nothing linked any more: the password is still checked first, then 409 GoogleNotLinked.
    const wrongAgain = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: owner.token,
      body: { currentPassword: 'wrong password' },
    })
    expect([wrongAgain.statusCode, wrongAgain.data.error]).toEqual([401, 'InvalidCredentials'])
    const again = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: owner.token,
      body: { currentPassword: owner.password },
    })
    expect(again.statusCode).toBe(409)
    expect(again.data).toEqual({
      error: 'GoogleNotLinked',
      message: 'No Google account is linked to this account.',
    })

    expect((await actionsOf(owner.token)).slice(0, 3)).toEqual([
      'user.google-unlinked',
      'user.google-signed-in',
      'user.google-linked',
    ])
  })

  it('refuses a Google account linked elsewhere, a second link, and a disabled account', async () => {
    const first = await seedUser(ctx.db)
    const second = await seedUser(ctx.db)
    const subject = `sub-${newId()}`
    googleAccount({ sub: subject, email: first.email })
    const link = (user: { token: string }) =>
      googleFlow(ctx.app, issuer, { mode: 'link', startHeaders: { authorization: `Bearer ${user.token}` } })
    expect((await link(first)).callback.headers.location).toBe('http://localhost:3000/admin/?google=linked')
    expect((await link(first)).callback.headers.location).toBe('http://localhost:3000/admin/?google=linked')
    expect((await link(second)).callback.headers.location).toBe(
      'http://localhost:3000/admin/?googleError=GoogleAccountInUse',
    )
    googleAccount({ sub: `sub-${newId()}`, email: first.email })
    expect((await link(first)).callback.headers.location).toBe(
      'http://localhost:3000/admin/?googleError=GoogleAlreadyLinked',
    )

    googleAccount({ sub: subject, email: first.email })
    await ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, first.userId))
    const disabled = await googleFlow(ctx.app, issuer)
    expect(disabled.callback.headers.location).toBe(
      'http://localhost:3000/admin/?googleError=AccountDisabled',
    )
  })

  it('needs a session to link (401), the CSRF token with a cookie session (403), and user sessions only', async () => {
    const user = await seedUser(ctx.db)
    const anonymous = await call(ctx.app, 'GET', '/api/auth/google/start?mode=link')
    expect(anonymous.statusCode).toBe(401)
    const cookieOnly = await call(ctx.app, 'GET', '/api/auth/google/start?mode=link', {
      headers: { cookie: `folio_session=${user.token}` },
    })
    expect(cookieOnly.statusCode).toBe(403)
    expect(cookieOnly.data.error).toBe('CsrfTokenInvalid')
    const withCsrf = await call(
      ctx.app,
      'GET',
      `/api/auth/google/start?mode=link&csrfToken=${user.csrfToken}`,
      {
        headers: { cookie: `folio_session=${user.token}` },
      },
    )
    expect(withCsrf.statusCode).toBe(302)

    expect((await call(ctx.app, 'GET', '/api/auth/google/status')).statusCode).toBe(401)
    expect(
      (await call(ctx.app, 'POST', '/api/auth/google/unlink', { body: { currentPassword: 'x' } })).statusCode,
    ).toBe(401)
    const tenant = await seedTenant(ctx.db)
    const apiToken = await seedApiToken(ctx.db, tenant.tenantId, { scopes: ['read', 'write'] })
    expect((await call(ctx.app, 'GET', '/api/auth/google/status', { token: apiToken })).statusCode).toBe(403)
    const byToken = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: apiToken,
      body: { currentPassword: 'x' },
    })
    expect(byToken.statusCode).toBe(403)
    const unlinkedStatus = await call(ctx.app, 'GET', '/api/auth/google/status', { token: user.token })
    expect(unlinkedStatus.data).toEqual({ enabled: true, linked: false, email: null, linkedAt: null })
  })

  it('validates the unlink body: currentPassword 1..1024, no other members', async () => {
    const user = await seedUser(ctx.db)
    for (const body of [
      {},
      { currentPassword: '' },
      { currentPassword: 'x'.repeat(1025) },
      { currentPassword: 12345678 },
      { currentPassword: user.password, extra: true },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/auth/google/unlink', { token: user.token, body })
      expect([body, response.statusCode, response.data.error]).toEqual([body, 400, 'ValidationFailed'])
    }
    const longest = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: user.token,
      body: { currentPassword: 'x'.repeat(1024) },
    })
    // Valid, but not the password.
    expect(longest.statusCode).toBe(401)
  })
})
