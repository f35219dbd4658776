import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freshIp, mailArriving } from '../../../test/auth-fixtures.js'
import { call, seedTenant, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { invitationTokenIn } from '../../../test/member-fixtures.js'
import { ACCOUNT_PAGE_POLICY } from './page-routes.js'

const ctx = useTestContext({ APP_URL: 'https://app.example.com/' })

/** The raw `.eml` written for `to` (no decoding: what `cat data/mail/*.eml` shows), once it arrived. */
async function rawMailTo(to: string): Promise<string> {
  await mailArriving(ctx.dataDir, to)
  const directory = join(ctx.dataDir, 'mail')
  const mails = readdirSync(directory).map((file) => readFileSync(join(directory, file), 'utf8'))
  const found = mails.filter((mail) => mail.includes(`To: ${to}`))
  expect(found).toHaveLength(1)
  return found[0]!
}

/** What a mail client shows: quoted-printable soft breaks joined and `=XX` escapes decoded. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

describe('verification mail', () => {
  it('links to APP_URL/account/verify-email and shows a code a user can copy from the raw .eml', async () => {
    const email = uniqueEmail('mail')
    const registered = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' },
      remoteAddress: freshIp(),
    })
    expect(registered.statusCode).toBe(201)
    const raw = await rawMailTo(email)

    // Copy and paste from the raw file: the code is the one line made only of base64url characters.
    const codeLines = raw.split(/\r?\n/).filter((line) => /^[A-Za-z0-9_-]{43}$/.test(line))
    expect(codeLines).toHaveLength(1)
    const pasted = codeLines[0]!

    const shown = decodeQuotedPrintable(raw)
    expect(shown).toContain(`https://app.example.com/account/verify-email?token=${pasted}\n`)
    expect(shown).toContain('\nhttps://app.example.com/account/verify-email\n')

    const verified = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: pasted } })
    expect(verified.statusCode).toBe(200)
    expect(verified.data.verified).toBe(true)
  })
})

describe('GET /account/verify-email', () => {
  it('serves an HTML page under a strict Content-Security-Policy, without inline script or style', async () => {
    const response = await call(ctx.app, 'GET', '/account/verify-email?token=abc')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['content-security-policy']).toBe(ACCOUNT_PAGE_POLICY)
    expect(ACCOUNT_PAGE_POLICY).toContain("script-src 'self'")
    expect(ACCOUNT_PAGE_POLICY).not.toContain('unsafe-inline')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-frame-options']).toBe('DENY')

    const html = response.body
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<form data-endpoint="/api/auth/verify-email" data-auto-submit>')
    expect(html).toContain('<input name="token" type="text" required autocomplete="off" data-from-query>')
    expect([...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => [m[1], m[2]])).toEqual([
      [' src="/account/assets/account.js" defer', ''],
    ])
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i)
    // The token stays out of the served HTML; the script reads it from the address bar.
    expect(html).not.toContain('abc')
  })

  it('serves its script and style as files of their own', async () => {
    const script = await call(ctx.app, 'GET', '/account/assets/account.js')
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(() => new Function(script.body)).not.toThrow()
    expect(script.body).toContain("credentials: 'omit'")
    expect(script.body).toContain('status.textContent = text')
    expect(script.body).not.toContain('innerHTML')

    const style = await call(ctx.app, 'GET', '/account/assets/account.css')
    expect(style.statusCode).toBe(200)
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8')
  })

  it('is no API route: it needs no credential and stays out of the OpenAPI document', async () => {
    const page = await call(ctx.app, 'GET', '/account/verify-email', {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(page.statusCode).toBe(200)
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/account'))).toEqual([])
    expect((await call(ctx.app, 'GET', '/account/unknown-page')).statusCode).toBe(404)
  })
})

describe('GET /account/accept-invitation', () => {
  it('is where the invitation mail leads, and its form posts what the accept route takes', async () => {
    const owner = await seedTenant(ctx.db)
    const email = uniqueEmail('invitee')
    const invited = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email, role: 'editor' },
    })
    expect(invited.statusCode).toBe(200)
    const mail = await mailArriving(ctx.dataDir, email)
    expect(mail).toContain('https://app.example.com/account/accept-invitation?token=')
    const token = invitationTokenIn(mail)

    const page = await call(ctx.app, 'GET', '/account/accept-invitation')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toBe(ACCOUNT_PAGE_POLICY)
    expect(page.body).toContain(
      '<form data-endpoint="/api/auth/invitations/accept" data-preview="/api/auth/invitations/preview"',
    )
    const names = [...page.body.matchAll(/<input name="([a-zA-Z]+)"/g)].map((m) => m[1])
    // The code, then the new account's fields or (for an existing account) the sign-in fields.
    expect(names).toEqual(['token', 'firstName', 'lastName', 'password', 'email', 'password'])
    expect(page.body).not.toMatch(/sign in to your app/i)

    // What the page's script sends: every field by name, as JSON.
    const body = { token, firstName: 'Ada', lastName: 'Lovelace', password: 'analytical' }
    const accepted = await call(ctx.app, 'POST', '/api/auth/invitations/accept', { body })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.data.membership).toMatchObject({
      tenantId: owner.tenantId,
      role: 'editor',
      status: 'active',
    })
  })
})
