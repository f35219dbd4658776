import { readdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type SeededMember, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'

// A loopback SMTP server stands in for the tenant's: the guard's private-address switch is on here only.
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true' })

const USER = 'tenant-mailer'
const PASSWORD = 'smtp-Secret-4417'
const received: { from: string; to: string[]; data: string }[] = []
let logins = 0
let server: SMTPServer
let port: number

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    logger: false,
    onAuth(auth, _session, done) {
      logins++
      if (auth.username === USER && auth.password === PASSWORD) return done(null, { user: USER })
      return done(new Error('Invalid username or password'))
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const smtpOn = (overrides: Record<string, unknown> = {}) => ({
  smtp: {
    enabled: true,
    host: '127.0.0.1',
    port,
    secure: false,
    username: USER,
    password: PASSWORD,
    fromName: 'Ada Blog',
    fromEmail: 'news@ada.example',
    ...overrides,
  },
})

const put = (member: SeededMember, body: unknown) =>
  call(ctx.app, 'PUT', '/api/tenant-settings', { token: member.token, body })
const sendTest = (member: SeededMember | string) =>
  call(ctx.app, 'POST', '/api/tenant-settings/smtp/test', {
    token: typeof member === 'string' ? member : member.token,
  })

describe('SMTP settings', () => {
  it('checks the server with the credentials before saving, then sends the test mail through it', async () => {
    const owner = await seedTenant(ctx.db)
    const before = logins
    const saved = await put(owner, smtpOn())
    expect(saved.statusCode, saved.body).toBe(200)
    expect(logins).toBe(before + 1)
    expect(saved.data.settings.smtp).toEqual({
      enabled: true,
      host: '127.0.0.1',
      port,
      secure: false,
      username: USER,
      fromName: 'Ada Blog',
      fromEmail: 'news@ada.example',
      hasPassword: true,
    })

    const sent = await sendTest(owner)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.data).toEqual({ sent: true, to: owner.email, via: 'tenant' })
    const mail = received.at(-1)
    expect(mail?.from).toBe('news@ada.example')
    expect(mail?.to).toEqual([owner.email])
    expect(mail?.data).toContain('Subject: Folio: test mail')
    expect(mail?.data).toContain('From: Ada Blog <news@ada.example>')
  })

  it('keeps the stored password for the check when a later PUT leaves it out', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, smtpOn())).statusCode).toBe(200)
    const renamed = await put(owner, { smtp: { fromName: 'Renamed' } })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.data.settings.smtp).toMatchObject({ fromName: 'Renamed', hasPassword: true })
  })

  it('answers 400 with the reason and saves nothing when the login is refused or nothing listens', async () => {
    const owner = await seedTenant(ctx.db)
    const refused = await put(owner, smtpOn({ password: 'wrong-password' }))
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('ValidationFailed')
    expect(refused.data.message).toMatch(/^The SMTP server 127\.0\.0\.1 could not be used: EAUTH/)
    expect(refused.body).not.toContain('wrong-password')

    const closed = await put(owner, smtpOn({ port: 1 }))
    expect(closed.statusCode).toBe(400)
    expect(closed.data.message).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/)

    const read = await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    expect(read.data.settings.smtp).toMatchObject({ enabled: false, host: '', hasPassword: false })
  })

  it('sends through the platform mailer while tenant SMTP is off', async () => {
    const owner = await seedTenant(ctx.db)
    const count = received.length
    const sent = await sendTest(owner)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.data.via).toBe('platform')
    expect(received).toHaveLength(count)
    expect(readdirSync(join(ctx.dataDir, 'mail')).length).toBeGreaterThan(0)
  })

  it('counts mail against limits.emailPerMonth: past it 403 LimitExceeded naming the limit', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await put(owner, { ...smtpOn(), limits: { emailPerMonth: 2 } })).statusCode).toBe(200)
    expect((await sendTest(owner)).statusCode).toBe(200)
    expect((await sendTest(owner)).statusCode).toBe(200)
    const third = await sendTest(owner)
    expect(third.statusCode).toBe(403)
    expect(third.data).toEqual({
      error: 'LimitExceeded',
      message: expect.stringContaining('"emailPerMonth" limit (2)'),
      limitName: 'emailPerMonth',
      limit: 2,
      usage: 2,
    })
    // Another tenant's count is its own.
    const other = await seedTenant(ctx.db)
    expect((await sendTest(other)).statusCode).toBe(200)
  })

  it('is for owners and admins with a user session: API tokens 403, 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read', 'write'] })
    expect((await sendTest(token)).statusCode).toBe(403)
    expect((await call(ctx.app, 'POST', '/api/tenant-settings/smtp/test')).statusCode).toBe(401)
  })
})
