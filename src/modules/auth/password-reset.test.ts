import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { freshIp, login, mailArriving, resetTokenIn } from '../../../test/auth-fixtures.js'
import { call, lastMailTo, seedTenant, seedUser, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { users, userTokens } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext({ APP_URL: 'https://app.example.com' })

const FORGOT_MESSAGE = 'If an account exists for this address, a password reset e-mail is on its way.'

function forgot(email: string, remoteAddress = freshIp()) {
  return call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email }, remoteAddress })
}

function reset(body: unknown, remoteAddress = freshIp()) {
  return call(ctx.app, 'POST', '/api/auth/reset-password', { body, remoteAddress })
}

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('mails a one-time link, resets the password, ends every session and records the event', async () => {
    const owner = await seedTenant(ctx.db)
    const requested = await forgot(owner.email.toUpperCase())
    expect(requested.statusCode).toBe(200)
    expect(requested.data).toEqual({ message: FORGOT_MESSAGE })

    const mail = await mailArriving(ctx.dataDir, owner.email)
    expect(mail).toContain('Subject: Reset your Folio password')
    expect(mail).toContain('https://app.example.com/account/reset-password?token=')
    const token = resetTokenIn(mail)
    const [stored] = await ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, sha256Hex(token)))
    expect(stored).toMatchObject({ userId: owner.userId, purpose: 'reset_password', usedAt: null })
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime()
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(60_000)

    const done = await reset({ token, password: 'brand new secret' })
    expect(done.statusCode).toBe(200)
    expect(done.data).toEqual({ message: 'Your password has been reset; log in with the new one.' })

    const oldSession = await call(ctx.app, 'GET', '/api/auth/session', { token: owner.token })
    expect(oldSession.statusCode).toBe(401)
    expect((await login(ctx.app, { email: owner.email, password: owner.password })).statusCode).toBe(401)
    const fresh = await login(ctx.app, { email: owner.email, password: 'brand new secret' })
    expect(fresh.statusCode).toBe(200)

    const reused = await reset({ token, password: 'another secret' })
    expect(reused.statusCode).toBe(400)
    expect(reused.data).toEqual({
      error: 'InvalidToken',
      message: 'The password reset link is invalid, used or expired.',
    })

    await ctx.app.folio.platform.relay.wake()
    const activities = await call(ctx.app, 'GET', '/api/activities', { token: fresh.data.token })
    expect(activities.data.activities[0]).toMatchObject({
      action: 'user.password-reset',
      description: expect.stringContaining(`reset the password of the account “${owner.email}”`),
    })
    expect(JSON.stringify(activities.data)).not.toContain(token)
  })

  it('answers unknown and disabled addresses alike and mails neither', async () => {
    const disabled = await seedUser(ctx.db)
    await ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, disabled.userId))
    const unknown = uniqueEmail('nobody')
    const answers = [await forgot(unknown), await forgot(disabled.email)]
    const existing = await seedUser(ctx.db)
    answers.push(await forgot(existing.email))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.data).toEqual({ message: FORGOT_MESSAGE })
    }
    // Jobs run in the order they were queued: the last one's mail means the others are done.
    await mailArriving(ctx.dataDir, existing.email)
    expect(lastMailTo(ctx.dataDir, unknown)).toBeUndefined()
    expect(lastMailTo(ctx.dataDir, disabled.email)).toBeUndefined()
  })

  it('retires the older link when a new one is asked for, and refuses an expired one', async () => {
    const user = await seedUser(ctx.db)
    await forgot(user.email)
    const first = resetTokenIn(await mailArriving(ctx.dataDir, user.email))
    await forgot(user.email)
    const second = resetTokenIn(
      await mailArriving(ctx.dataDir, user.email, (mail) => resetTokenIn(mail) !== first),
    )
    expect((await reset({ token: first, password: 'secret1' })).statusCode).toBe(400)

    await ctx.db.insert(userTokens).values({
      id: newId(),
      userId: user.userId,
      purpose: 'reset_password',
      tokenHash: sha256Hex('expired-reset-token'),
      expiresAt: new Date(Date.now() - 1000),
    })
    const expired = await reset({ token: 'expired-reset-token', password: 'secret1' })
    expect(expired.data.error).toBe('InvalidToken')
    // A verification token is no reset token.
    await ctx.db.insert(userTokens).values({
      id: newId(),
      userId: user.userId,
      purpose: 'verify_email',
      tokenHash: sha256Hex('a-verification-token'),
      expiresAt: new Date(Date.now() + 60_000),
    })
    expect((await reset({ token: 'a-verification-token', password: 'secret1' })).data.error).toBe(
      'InvalidToken',
    )

    const minimal = await reset({ token: second, password: '123456' })
    expect(minimal.statusCode).toBe(200)
    expect((await login(ctx.app, { email: user.email, password: '123456' })).statusCode).toBe(200)
  })

  it('validates the bodies: token 1..200, password 6..1024, e-mail format, no other members', async () => {
    const cases: [string, unknown][] = [
      ['/api/auth/reset-password', { token: '', password: 'secret1' }],
      ['/api/auth/reset-password', { token: 'x'.repeat(201), password: 'secret1' }],
      ['/api/auth/reset-password', { token: 'abc', password: '12345' }],
      ['/api/auth/reset-password', { token: 'abc', password: 'x'.repeat(1025) }],
      ['/api/auth/reset-password', { token: 'abc' }],
      ['/api/auth/reset-password', { token: 'abc', password: 'secret1', email: 'a@b.co' }],
      ['/api/auth/reset-password', { token: 123456, password: 'secret1' }],
      ['/api/auth/forgot-password', { email: 'not-an-address' }],
      ['/api/auth/forgot-password', {}],
      ['/api/auth/forgot-password', { email: 'a@b.co', tenantId: newId() }],
    ]
    for (const [url, body] of cases) {
      const response = await call(ctx.app, 'POST', url, { body, remoteAddress: freshIp() })
      expect([url, body, response.statusCode, response.data.error]).toEqual([
        url,
        body,
        400,
        'ValidationFailed',
      ])
    }
    const longest = await reset({ token: 'abc', password: 'x'.repeat(1024) })
    expect(longest.data.error).toBe('InvalidToken')
  })
})

describe('throttles', () => {
  it('limit reset requests per network (10) and per address from everywhere (3), known or not', async () => {
    const remoteAddress = freshIp()
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await forgot(uniqueEmail('spray'), remoteAddress)).statusCode).toBe(200)
    }
    const blocked = await forgot(uniqueEmail('spray'), remoteAddress)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.data.error).toBe('RateLimitExceeded')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)

    const known = await seedUser(ctx.db)
    for (const address of [known.email, uniqueEmail('unknown')]) {
      const statuses = []
      for (let attempt = 1; attempt <= 4; attempt++) statuses.push((await forgot(address)).statusCode)
      expect(statuses).toEqual([200, 200, 200, 429])
    }
  })

  it('refuses a network after 20 invalid reset tokens, before checking the 21st', async () => {
    const remoteAddress = freshIp()
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await reset({ token: `guess-${attempt}`, password: 'secret1' }, remoteAddress)
      expect(response.statusCode).toBe(400)
    }
    const blocked = await reset({ token: 'guess-21', password: 'secret1' }, remoteAddress)
    expect(blocked.statusCode).toBe(429)
    expect((await reset({ token: 'guess-22', password: 'secret1' })).statusCode).toBe(400)
  })
})
