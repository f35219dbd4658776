import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type SeededMember, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-fixtures.js'

// A loopback SMTP server stands in for the tenant's: the guard's private-address switch is on here only.
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true' })

const USER = 'tenant-mailer'
const PASSWORD = 'smtp-Secret-4417'
let sink: SmtpSink
let port: number

beforeAll(async () => {
  sink = await startSmtpSink(USER, PASSWORD)
  port = sink.port
})

afterAll(() => sink.close())

const smtpOn = (overrides: Record<string, unknown> = {}) => ({
  smtp: {
    enabled: true,
    host: '127.0.0.1',
    port,
    secure: false,
    requireTls: false,
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
    const before = sink.logins.length
    const saved = await put(owner, smtpOn())
    expect(saved.statusCode, saved.body).toBe(200)
    expect(sink.logins.length).toBe(before + 1)
    expect(saved.data.settings.smtp).toEqual({
      enabled: true,
      host: '127.0.0.1',
      port,
      secure: false,
      requireTls: false,
      username: USER,
      fromName: 'Ada Blog',
      fromEmail: 'news@ada.example',
      hasPassword: true,
    })

    const sent = await sendTest(owner)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.data).toEqual({ sent: true, to: owner.email, via: 'tenant' })
    const mail = sink.received.at(-1)
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
    const count = sink.received.length
    const sent = await sendTest(owner)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.data.via).toBe('platform')
    expect(sink.received).toHaveLength(count)
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

describe('a stored SMTP password stays bound to its server', () => {
  it('refuses to move it to another host or port without the password again, and never logs in there with it', async () => {
    const attacker = await startSmtpSink('collector', 'anything')
    try {
      const owner = await seedTenant(ctx.db)
      expect((await put(owner, smtpOn())).statusCode).toBe(200)
      for (const change of [
        { port: attacker.port },
        { host: 'smtp.attacker.example' },
        { username: 'collector' },
      ]) {
        const moved = await put(owner, { smtp: change })
        expect(moved.statusCode, moved.body).toBe(400)
        expect(moved.data).toEqual({
          error: 'ValidationFailed',
          message: expect.stringMatching(
            /^smtp\.password is required again when (port|host|username) change/,
          ),
          details: [{ path: 'body/smtp/password', message: expect.stringContaining('is required again') }],
        })
      }
      const insecure = await put(owner, { smtp: { secure: true } })
      expect(insecure.statusCode).toBe(400)
      expect(insecure.data.details[0].path).toBe('body/smtp/password')
      expect(attacker.logins).toEqual([])
      const read = await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
      expect(read.data.settings.smtp).toMatchObject({
        host: '127.0.0.1',
        port,
        username: USER,
        hasPassword: true,
      })

      // With the password of the new server, the move is a new credential: it is checked there.
      const withPassword = await put(owner, {
        smtp: { port: attacker.port, username: 'collector', password: 'anything' },
      })
      expect(withPassword.statusCode, withPassword.body).toBe(200)
      expect(attacker.logins).toEqual([{ username: 'collector', password: 'anything' }])
      // Sending through it uses that password, never the first server's.
      expect((await sendTest(owner)).statusCode).toBe(200)
      expect(attacker.logins.map((login) => login.password)).not.toContain(PASSWORD)
    } finally {
      await attacker.close()
    }
  })

  it('requires TLS before a password login unless requireTls is false', async () => {
    const owner = await seedTenant(ctx.db)
    const before = sink.logins.length
    const plain = await put(owner, smtpOn({ requireTls: undefined }))
    expect(plain.statusCode).toBe(400)
    expect(plain.data.message).toMatch(/^The SMTP server 127\.0\.0\.1 could not be used: .*STARTTLS/i)
    expect(sink.logins.length).toBe(before)
    const read = await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    expect(read.data.settings.smtp).toMatchObject({ enabled: false, requireTls: true, hasPassword: false })

    const allowed = await put(owner, smtpOn({ requireTls: false }))
    expect(allowed.statusCode, allowed.body).toBe(200)
    expect(allowed.data.settings.smtp.requireTls).toBe(false)
    expect(sink.logins.length).toBe(before + 1)
  })
})
