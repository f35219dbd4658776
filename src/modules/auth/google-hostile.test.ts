import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TokenRequest } from '../../../test/google-fixtures.js'
import {
  cookieFrom,
  type FakeIssuer,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  googleFlow,
  startFakeIssuer,
} from '../../../test/google-fixtures.js'
import { call, createTestContext, type TestContext } from '../../../test/helpers.js'

let issuer: FakeIssuer
let ctx: TestContext

beforeAll(async () => {
  issuer = await startFakeIssuer()
  ctx = await createTestContext({
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER_URL: issuer.issuer,
      APP_URL: 'https://app.example.com',
    },
  })
})

afterAll(async () => {
  await ctx.close()
  await issuer.close()
})

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/**
 * Hostile ID tokens (docs/decisions/auth.md "Google sign-in"; Strapi CVE-2023-22893): each must be
 * refused.
 */
const HOSTILE: [string, (request: TokenRequest) => Promise<string> | string][] = [
  ['a wrong aud', (request) => issuer.sign(issuer.claims(request, { aud: 'someone-else' }))],
  ['a wrong iss', (request) => issuer.sign(issuer.claims(request, { iss: 'https://evil.example' }))],
  ['a bad nonce', (request) => issuer.sign(issuer.claims(request, { nonce: 'not-the-flow-nonce' }))],
  ['no nonce', (request) => issuer.sign(issuer.claims(request, { nonce: undefined }))],
  [
    'an expired token',
    (request) => issuer.sign(issuer.claims(request, { exp: Math.floor(Date.now() / 1000) - 3600 })),
  ],
  [
    'alg: none',
    (request) => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(issuer.claims(request))}.`,
  ],
  [
    'HS256 signed with the client secret',
    (request) => {
      const signingInput = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(issuer.claims(request))}`
      const signature = createHmac('sha256', GOOGLE_CLIENT_SECRET).update(signingInput).digest('base64url')
      return `${signingInput}.${signature}`
    },
  ],
  [
    'a forged signature',
    async (request) => {
      const [header, payload] = (await issuer.sign(issuer.claims(request))).split('.')
      const forged = base64url({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' })
      const valid = await issuer.sign(issuer.claims(request))
      return `${header}.${forged}.${valid.split('.')[2]}`
    },
  ],
]

describe('GET /api/auth/google/callback refuses hostile ID tokens', () => {
  it.each(HOSTILE)(
    'refuses %s: redirect with GoogleTokenInvalid, no session, no account',
    async (_name, make) => {
      issuer.idToken = make
      try {
        const { callback } = await googleFlow(ctx.app, issuer)
        expect(callback.statusCode).toBe(302)
        expect(callback.headers.location).toBe('https://app.example.com/?googleError=GoogleTokenInvalid')
        expect(cookieFrom(callback, 'folio_session')).toBeUndefined()
      } finally {
        issuer.idToken = (request) => issuer.sign(issuer.claims(request))
      }
      const status = await call(ctx.app, 'GET', '/api/auth/google/config')
      expect(status.data).toEqual({ enabled: true, clientId: GOOGLE_CLIENT_ID })
    },
  )

  it('refuses a replayed state, a flow from another browser and a made-up state', async () => {
    issuer.idToken = (request) =>
      issuer.sign(issuer.claims(request, { sub: 'replay-subject', email: 'replay@example.test' }))
    const first = await googleFlow(ctx.app, issuer)
    expect(first.callback.headers.location).toBe('https://app.example.com/?google=signed-in')
    expect(cookieFrom(first.callback, 'folio_session')).toBeDefined()

    const replayed = await call(ctx.app, 'GET', `/api/auth/google/callback?${first.callbackQuery}`, {
      headers: { cookie: `folio_google_flow=${first.browser}` },
    })
    expect(replayed.headers.location).toBe('https://app.example.com/?googleError=GoogleFlowInvalid')
    expect(cookieFrom(replayed, 'folio_session')).toBeUndefined()

    const started = await call(ctx.app, 'GET', '/api/auth/google/start')
    const { query } = issuer.authorize(String(started.headers.location))
    const otherBrowser = await call(ctx.app, 'GET', `/api/auth/google/callback?${query}`, {
      headers: { cookie: 'folio_google_flow=somebody-elses-cookie' },
    })
    expect(otherBrowser.headers.location).toBe('https://app.example.com/?googleError=GoogleFlowInvalid')
    // The flow is spent by the failed attempt: the right browser cannot use it afterwards either.
    const late = await call(ctx.app, 'GET', `/api/auth/google/callback?${query}`, {
      headers: { cookie: `folio_google_flow=${cookieFrom(started, 'folio_google_flow')}` },
    })
    expect(late.headers.location).toBe('https://app.example.com/?googleError=GoogleFlowInvalid')

    const madeUp = await call(ctx.app, 'GET', '/api/auth/google/callback?code=abc&state=made-up', {
      headers: { cookie: 'folio_google_flow=x' },
    })
    expect(madeUp.headers.location).toBe('https://app.example.com/?googleError=GoogleFlowInvalid')
    const noState = await call(ctx.app, 'GET', '/api/auth/google/callback?code=abc')
    expect(noState.headers.location).toBe('https://app.example.com/?googleError=GoogleFlowInvalid')
    issuer.idToken = (request) => issuer.sign(issuer.claims(request))
  })

  it('reports a refused consent, and refuses unknown callback parameters (400)', async () => {
    const started = await call(ctx.app, 'GET', '/api/auth/google/start')
    const state = new URL(String(started.headers.location)).searchParams.get('state')
    const denied = await call(
      ctx.app,
      'GET',
      `/api/auth/google/callback?error=access_denied&state=${state}`,
      {
        headers: { cookie: `folio_google_flow=${cookieFrom(started, 'folio_google_flow')}` },
      },
    )
    expect(denied.headers.location).toBe('https://app.example.com/?googleError=GoogleConsentDenied')
    const unknown = await call(ctx.app, 'GET', '/api/auth/google/callback?code=a&state=b&extra=1')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.data.error).toBe('ValidationFailed')
  })
})
