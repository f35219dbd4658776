import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { interactionPolicy } from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookieFrom, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } from '../../../test/google-fixtures.js'
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers.js'

const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback'
const EMAIL = uniqueEmail('oidc-provider')

let server: Server
let issuer: string
let ctx: TestContext

/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1 with a random port, whose interactions
 * (login and consent) finish at once for the account `google-account-42`.
 */
async function startProvider() {
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // Google honours `prompt=select_account` (OpenID Connect Core 3.1.2.1); oidc-provider needs it declared.
  const policy = interactionPolicy.base()
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0)
  const provider = new Provider(issuer, {
    interactions: { policy },
    clients: [
      {
        client_id: GOOGLE_CLIENT_ID,
        client_secret: GOOGLE_CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Google puts the profile claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['folio-test-cookie-key'] },
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: EMAIL,
        email_verified: true,
        given_name: 'Alan',
        family_name: 'Turing',
      }),
    }),
  })
  const handle = provider.callback()
  server.on('request', async (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return handle(request, response)
    const details = await provider.interactionDetails(request, response)
    const grant = new provider.Grant({ accountId: 'google-account-42', clientId: GOOGLE_CLIENT_ID })
    grant.addOIDCScope(String(details.params.scope))
    const grantId = await grant.save()
    await provider.interactionFinished(
      request,
      response,
      { select_account: {}, login: { accountId: 'google-account-42' }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  })
}

/** Follows the provider's redirects as a browser would (keeping its cookies) until it leaves for Folio. */
async function browse(location: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = new URL(location)
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(REDIRECT_URI)) return url
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      jar.set(name!, value.join('='))
    }
    const next = response.headers.get('location')
    if (next === null) throw new Error(`the provider answered ${response.status}: ${await response.text()}`)
    url = new URL(next, url)
  }
  throw new Error('too many redirects')
}

beforeAll(async () => {
  await startProvider()
  ctx = await createTestContext({
    env: { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER_URL: issuer },
  })
})

afterAll(async () => {
  await ctx.close()
  await new Promise((resolve) => server.close(resolve))
})

describe('Google sign-in against oidc-provider', () => {
  it('signs in through the whole flow: discovery, PKCE, code exchange, JWKS-verified ID token', async () => {
    const started = await call(ctx.app, 'GET', '/api/auth/google/start')
    expect(started.statusCode).toBe(302)
    const back = await browse(String(started.headers.location))
    expect(back.searchParams.get('error_description')).toBeNull()
    expect(back.searchParams.get('iss')).toBe(issuer)

    const callback = await call(ctx.app, 'GET', `/api/auth/google/callback${back.search}`, {
      headers: { cookie: `folio_google_flow=${cookieFrom(started, 'folio_google_flow')}` },
    })
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('http://localhost:3000/admin/?google=signed-in')
    const cookie = cookieFrom(callback, 'folio_session')!
    const session = await call(ctx.app, 'GET', '/api/auth/session', {
      headers: { cookie: `folio_session=${cookie}` },
    })
    expect(session.statusCode).toBe(200)
    expect(session.data.user).toMatchObject({
      email: EMAIL,
      firstName: 'Alan',
      lastName: 'Turing',
      emailVerified: true,
    })
  })
})
