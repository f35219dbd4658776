import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freshIp, mailArriving } from '../../../test/auth-fixtures.js'
import { call, seedTenant, uniqueEmail, useTestContext } from '../../../test/helpers.js'
import { invitationTokenIn } from '../../../test/member-fixtures.js'
import { ACCOUNT_SCREENS } from './screen-redirects.js'

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

describe('GET /account/<screen>', () => {
  it('redirects (302) every account screen to Studio, keeping the query string', async () => {
    for (const screen of ACCOUNT_SCREENS) {
      const linked = await call(ctx.app, 'GET', `/account/${screen}?tenant=t1&token=a_b-c%2Fd`)
      expect(linked.statusCode, screen).toBe(302)
      expect(linked.headers.location).toBe(`/admin/account/${screen}?tenant=t1&token=a_b-c%2Fd`)
      expect(linked.headers['cache-control']).toBe('no-store')
      expect(linked.headers['referrer-policy']).toBe('no-referrer')
      const bare = await call(ctx.app, 'GET', `/account/${screen}`)
      expect([bare.statusCode, bare.headers.location]).toEqual([302, `/admin/account/${screen}`])
    }
    expect((await call(ctx.app, 'GET', '/account/unknown-page')).statusCode).toBe(404)
    // The former pages' script and style are gone with them.
    expect((await call(ctx.app, 'GET', '/account/assets/account.js')).statusCode).toBe(404)
  })

  it('is no API route: it needs no credential and stays out of the OpenAPI document', async () => {
    const linked = await call(ctx.app, 'GET', '/account/verify-email?token=abc', {
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(linked.statusCode).toBe(302)
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/account'))).toEqual([])
  })

  it('leads an invitation mailed with APP_URL at Folio itself to Studio, where its token still works', async () => {
    const owner = await seedTenant(ctx.db)
    const email = uniqueEmail('invitee')
    const invited = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { email, role: 'editor' },
    })
    expect(invited.statusCode).toBe(200)
    const mail = await mailArriving(ctx.dataDir, email)
    const link = /https:\/\/app\.example\.com(\/account\/accept-invitation\?token=[A-Za-z0-9_-]+)/.exec(mail)
    expect(link).not.toBeNull()
    const token = invitationTokenIn(mail)

    const followed = await call(ctx.app, 'GET', link![1]!)
    expect(followed.statusCode).toBe(302)
    expect(followed.headers.location).toBe(`/admin/account/accept-invitation?token=${token}`)

    // What Studio's screen then sends with the token of its address.
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
