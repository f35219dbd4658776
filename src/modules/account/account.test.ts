import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freshIp, mailArriving } from '../../../test/auth-fixtures.js'
import {
  call,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
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

/** The lines of a raw mail, as a person copies them out of the file. */
const linesOf = (raw: string) => raw.split(/\r?\n/)

/** The code of a raw mail: the one line made only of base64url characters (43 of them). */
function codeLineOf(raw: string): string {
  const codes = linesOf(raw).filter((line) => /^[A-Za-z0-9_-]{43}$/.test(line))
  expect(codes).toHaveLength(1)
  return codes[0]!
}

describe('account mails in the .eml files', () => {
  /** Each account mail, asked for through the API; resolves to the address it goes to. */
  const mails: [string, string, () => Promise<string>][] = [
    [
      'verification',
      '/account/verify-email?token=',
      async () => {
        const email = uniqueEmail('verify')
        const registered = await call(ctx.app, 'POST', '/api/auth/register', {
          body: { email, password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' },
          remoteAddress: freshIp(),
        })
        expect(registered.statusCode).toBe(201)
        return email
      },
    ],
    [
      'e-mail change',
      '/account/verify-email?token=',
      async () => {
        const user = await seedUser(ctx.db)
        const email = uniqueEmail('changed')
        const changed = await call(ctx.app, 'PUT', '/api/users/me', {
          token: user.token,
          body: { email, currentPassword: user.password },
        })
        expect(changed.statusCode, changed.body).toBe(200)
        return email
      },
    ],
    [
      'password reset',
      '/account/reset-password?token=',
      async () => {
        const user = await seedUser(ctx.db)
        const asked = await call(ctx.app, 'POST', '/api/auth/forgot-password', {
          body: { email: user.email },
          remoteAddress: freshIp(),
        })
        expect(asked.statusCode).toBe(200)
        return user.email
      },
    ],
    [
      'invitation',
      '/account/accept-invitation?token=',
      async () => {
        const owner = await seedTenant(ctx.db)
        const email = uniqueEmail('invited')
        const invited = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
          token: owner.token,
          body: { email, role: 'editor' },
        })
        expect(invited.statusCode).toBe(200)
        return email
      },
    ],
    [
      'ownership transfer',
      '/account/accept-transfer?tenant=',
      async () => {
        const owner = await seedTenant(ctx.db)
        const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
        const offered = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, {
          token: owner.token,
          body: { email: editor.email, password: TEST_PASSWORD },
        })
        expect(offered.statusCode, offered.body).toBe(200)
        return editor.email
      },
    ],
  ]

  it.each(mails)(
    'keep the %s link whole on one line, and its code on a line of its own',
    async (_kind, path, ask) => {
      const raw = await rawMailTo(await ask())
      expect(raw).toMatch(/^Content-Transfer-Encoding: 8bit$/m)
      const code = codeLineOf(raw)
      // Copied out of the raw file: the link is one line, ending in the same code.
      const link = linesOf(raw).find((line) => line.startsWith(`https://app.example.com${path}`))
      expect(link).toMatch(new RegExp(`[?&]token=${code}$`))
    },
  )

  it('take the code pasted from the raw file', async () => {
    const email = uniqueEmail('mail')
    await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email, password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' },
      remoteAddress: freshIp(),
    })
    const raw = await rawMailTo(email)
    expect(linesOf(raw)).toContain('https://app.example.com/account/verify-email')
    const verified = await call(ctx.app, 'POST', '/api/auth/verify-email', {
      body: { token: codeLineOf(raw) },
    })
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
