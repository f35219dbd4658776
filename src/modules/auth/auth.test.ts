import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, login, mailArriving, verificationTokenIn } from '../../../test/auth-fixtures.js'
import { call, lastMailTo, seedUser, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { users, userTokens } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

describe('POST /api/auth/register and e-mail verification', () => {
  it('registers an unverified user, mails a link, verifies once, and login then reports emailVerified', async () => {
    const email = uniqueEmail('Reg').replace('reg', 'Reg')
    const registered = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' },
      remoteAddress: freshIp(),
    })
    expect(registered.statusCode).toBe(201)
    expect(registered.data).toEqual({
      user: {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        email: email.toLowerCase(),
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailVerified: false,
      },
      tenant: null,
    })

    const mail = await mailArriving(ctx.dataDir, email.toLowerCase())
    expect(mail).toContain('http://localhost:3000/admin/account/verify-email?token=')
    const token = verificationTokenIn(mail)
    const [stored] = await ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, registered.data.user.id))
    expect(stored?.tokenHash).toBe(sha256Hex(token))
    expect(stored?.purpose).toBe('verify_email')

    const beforeVerification = await login(ctx.app, { email, password: 'secret1' })
    expect(beforeVerification.statusCode).toBe(200)
    expect(beforeVerification.data.user.emailVerified).toBe(false)

    const verified = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token } })
    expect(verified.statusCode).toBe(200)
    expect(verified.data).toEqual({
      message: 'Your e-mail address is verified.',
      verified: true,
      alreadyVerified: false,
    })
    const reused = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token } })
    expect(reused.statusCode).toBe(400)
    expect(reused.data).toEqual({ error: 'InvalidToken', message: expect.any(String) })

    const loggedIn = await login(ctx.app, { email: email.toLowerCase(), password: 'secret1' })
    expect(loggedIn.statusCode).toBe(200)
    expect(loggedIn.data.user).toMatchObject({ id: registered.data.user.id, emailVerified: true })
    expect(loggedIn.data.memberships).toEqual([])
    expect(loggedIn.data.activeMembership).toBeNull()
    expect(loggedIn.data.requiresTenantSelection).toBe(false)
  })

  it('answers an already registered e-mail with the same 201 shape, creates no account and mails the owner', async () => {
    const owner = await seedUser(ctx.db)
    const [before] = await ctx.db.select().from(users).where(eq(users.id, owner.userId))
    const response = await call(ctx.app, 'POST', '/api/auth/register', {
      body: {
        email: owner.email.toUpperCase(),
        password: 'another-pass',
        firstName: 'Eve',
        lastName: 'Mallory',
      },
      remoteAddress: freshIp(),
    })
    expect(response.statusCode).toBe(201)
    expect(response.data).toEqual({
      user: {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        email: owner.email,
        firstName: 'Eve',
        lastName: 'Mallory',
        emailVerified: false,
      },
      tenant: null,
    })
    expect(response.data.user.id).not.toBe(owner.userId)
    const rows = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${owner.email}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.passwordHash).toBe(before?.passwordHash)
    expect(await mailArriving(ctx.dataDir, owner.email)).toContain('already has one')
  })

  it.each([
    ['a password of 5 characters', { password: '12345' }],
    ['a password over 1024 characters', { password: 'x'.repeat(1025) }],
    ['a malformed e-mail', { email: 'not-an-email' }],
    ['an empty first name', { firstName: '' }],
    ['a last name over 200 characters', { lastName: 'x'.repeat(201) }],
    ['an unknown body member', { role: 'owner' }],
    ['a missing last name', { lastName: undefined }],
  ])('rejects registration with %s (400)', async (_label, change) => {
    const body = { email: uniqueEmail(), password: 'secret1', firstName: 'A', lastName: 'B', ...change }
    const response = await call(ctx.app, 'POST', '/api/auth/register', { body, remoteAddress: freshIp() })
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('rejects unknown and expired verification tokens with 400 InvalidToken', async () => {
    const unknown = await call(ctx.app, 'POST', '/api/auth/verify-email', {
      body: { token: 'no-such-token' },
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.data.error).toBe('InvalidToken')

    const user = await seedUser(ctx.db)
    await ctx.db.insert(userTokens).values({
      id: newId(),
      userId: user.userId,
      purpose: 'verify_email',
      tokenHash: sha256Hex('expired-token'),
      expiresAt: new Date(Date.now() - 1000),
    })
    const expired = await call(ctx.app, 'POST', '/api/auth/verify-email', {
      body: { token: 'expired-token' },
    })
    expect(expired.statusCode).toBe(400)
    expect(expired.data.error).toBe('InvalidToken')

    const empty = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: '' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.data.error).toBe('ValidationFailed')
  })

  it('re-sends only to unverified accounts, answers every address alike and retires the older link', async () => {
    const remoteAddress = freshIp()
    const email = uniqueEmail('resend')
    await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'secret1', firstName: 'R', lastName: 'S' },
      remoteAddress,
    })
    const firstToken = verificationTokenIn(await mailArriving(ctx.dataDir, email))
    const verifiedUser = await seedUser(ctx.db)

    const answers = await Promise.all(
      [email, verifiedUser.email, uniqueEmail('nobody')].map((address) =>
        call(ctx.app, 'POST', '/api/auth/resend-verification', { body: { email: address }, remoteAddress }),
      ),
    )
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.data).toEqual(answers[0]?.data)
    }
    const secondToken = verificationTokenIn(
      await mailArriving(ctx.dataDir, email, (mail) => verificationTokenIn(mail) !== firstToken),
    )
    expect(secondToken).not.toBe(firstToken)
    expect(lastMailTo(ctx.dataDir, verifiedUser.email)).toBeUndefined()

    const old = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: firstToken } })
    expect(old.statusCode).toBe(400)
    const fresh = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: secondToken } })
    expect(fresh.statusCode).toBe(200)
  })

  it('throttles re-sends per client IP (6th within 15 minutes → 429 with Retry-After)', async () => {
    const remoteAddress = freshIp()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await call(ctx.app, 'POST', '/api/auth/resend-verification', {
        body: { email: uniqueEmail() },
        remoteAddress,
      })
      expect(response.statusCode).toBe(200)
    }
    const blocked = await call(ctx.app, 'POST', '/api/auth/resend-verification', {
      body: { email: uniqueEmail() },
      remoteAddress,
    })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.data.error).toBe('RateLimitExceeded')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    const malformed = await call(ctx.app, 'POST', '/api/auth/resend-verification', {
      body: { email: 'nope' },
      remoteAddress: freshIp(),
    })
    expect(malformed.statusCode).toBe(400)
  })
})
