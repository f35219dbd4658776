import { createHash, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { call } from './helpers.js'

/** Test fixtures of Google sign-in: a hand-written OpenID provider on loopback. */

export const GOOGLE_CLIENT_ID = 'folio-test-client.apps.googleusercontent.com'
export const GOOGLE_CLIENT_SECRET = 'folio-test-client-secret'

/** What the token endpoint was asked for: the authorization request it answers. */
export interface TokenRequest {
  nonce: string
  code: string
}

/**
 * A minimal OpenID provider (discovery, JWKS, token endpoint, and an authorization endpoint that
 * consents at once) on 127.0.0.1 with a random port.
 * The token endpoint checks the client secret and the PKCE verifier against the challenge of the
 * authorization URL, then answers with the ID token `idToken(request)` makes: tests craft hostile
 * tokens (wrong aud/iss, alg none, HS256, bad nonce) with it.
 */
export async function startFakeIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const challenges = new Map<string, { challenge: string; nonce: string }>()
  let issuer = ''
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer)
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      })
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] })
    // A browser sent here (Studio's tests) is let through at once, as after choosing an account.
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '')
      response.writeHead(302, { location: `${back.href}?${fake.authorize(url.href).query}` })
      response.end()
      return
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', async () => {
        const form = new URLSearchParams(body)
        const expected = challenges.get(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        const challenge = createHash('sha256').update(verifier).digest('base64url')
        if (
          expected === undefined ||
          challenge !== expected.challenge ||
          form.get('client_secret') !== GOOGLE_CLIENT_SECRET
        ) {
          return json(400, { error: 'invalid_grant' })
        }
        const idToken = await fake.idToken({ nonce: expected.nonce, code: form.get('code') ?? '' })
        json(200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 3600, id_token: idToken })
      })
      return
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const fake = {
    issuer,
    /** Claims of a valid token for `subject`; tests override members. */
    claims(request: TokenRequest, overrides: Record<string, unknown> = {}) {
      const now = Math.floor(Date.now() / 1000)
      return {
        iss: issuer,
        aud: GOOGLE_CLIENT_ID,
        sub: 'google-subject-1',
        email: 'someone@example.test',
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
        nonce: request.nonce,
        iat: now,
        exp: now + 600,
        ...overrides,
      }
    },
    /** An RS256 token signed by the provider's published key. */
    sign(claims: Record<string, unknown>) {
      return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey)
    },
    /** The ID token the token endpoint returns (default: valid claims for `google-subject-1`). */
    idToken: (request: TokenRequest): Promise<string> | string => fake.sign(fake.claims(request)),
    /**
     * Plays Google's part of the browser flow: reads the authorization URL Folio redirected to,
     * remembers its PKCE challenge and nonce under a new code, and returns the callback query.
     */
    authorize(location: string): { query: string; state: string } {
      const url = new URL(location)
      const state = url.searchParams.get('state') ?? ''
      const code = randomUUID()
      challenges.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        nonce: url.searchParams.get('nonce') ?? '',
      })
      return { query: new URLSearchParams({ code, state, scope: 'openid email profile' }).toString(), state }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}

export type FakeIssuer = Awaited<ReturnType<typeof startFakeIssuer>>

/** The value of cookie `name` in a response's Set-Cookie headers, or undefined. */
export function cookieFrom(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = response.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)]
  for (const line of lines) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line as string)
    if (match?.[1]) return match[1]
  }
  return undefined
}

/**
 * Runs a whole browser flow: `/start` (with `startHeaders`), the provider's part, `/callback`
 * with the flow cookie. Returns the callback response and the flow's pieces for replays.
 */
export async function googleFlow(
  app: FastifyInstance,
  issuer: FakeIssuer,
  options: { mode?: 'signin' | 'link'; startHeaders?: Record<string, string>; csrfToken?: string } = {},
) {
  const query = new URLSearchParams()
  if (options.mode) query.set('mode', options.mode)
  if (options.csrfToken) query.set('csrfToken', options.csrfToken)
  const started = await call(app, 'GET', `/api/auth/google/start?${query}`, {
    ...(options.startHeaders ? { headers: options.startHeaders } : {}),
  })
  if (started.statusCode !== 302) throw new Error(`start answered ${started.statusCode}: ${started.body}`)
  const browser = cookieFrom(started, 'folio_google_flow') ?? ''
  const authorized = issuer.authorize(String(started.headers.location))
  const callback = await call(app, 'GET', `/api/auth/google/callback?${authorized.query}`, {
    headers: { cookie: `folio_google_flow=${browser}` },
  })
  return { started, callback, browser, callbackQuery: authorized.query }
}
