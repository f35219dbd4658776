import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { clientOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { SESSION_COOKIE, setSessionCookie } from '../../http/session-cookie.js'
import { FLOW_TTL_MS, type GoogleSignIn } from './google.js'
import { CurrentPassword } from './schemas.js'

const tags = ['auth']
const FLOW_COOKIE = 'folio_google_flow'
const FLOW_COOKIE_PATH = '/api/auth/google'

const Redirect = Type.Null({ description: 'Redirect: see the Location header' })
const Param = Type.Optional(Type.String({ maxLength: 4096 }))

/**
 * The callback's query: what Google (and other OpenID providers) put on the redirect. Unknown
 * members stay refused, as on every route.
 */
const CallbackQuery = Type.Object(
  {
    code: Param,
    state: Param,
    error: Param,
    error_description: Param,
    error_uri: Param,
    scope: Param,
    authuser: Param,
    prompt: Param,
    hd: Param,
    iss: Param,
    session_state: Param,
  },
  { additionalProperties: false },
)

/** `/api/auth/google/*` (API contract): Google sign-in with OpenID Connect (google.ts). */
export const googleRoutes: FastifyPluginAsyncTypebox<{
  service: GoogleSignIn
  secureCookie: boolean
}> = async (app, { service, secureCookie }) => {
  app.get(
    '/config',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'getGoogleConfig',
        summary: 'Whether Google sign-in is enabled, and its OAuth client id',
        description: 'Anyone may call it. `clientId` is null when GOOGLE_CLIENT_ID is unset.',
        response: {
          200: Type.Object({ enabled: Type.Boolean(), clientId: Type.Union([Type.String(), Type.Null()]) }),
        },
      },
    },
    async () => service.config(),
  )

  app.get(
    '/status',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'getGoogleStatus',
        summary: "Whether the caller's account is linked to a Google account",
        description:
          'A user session (API tokens: 403). `enabled`: whether Google sign-in is configured on this server; the link is shown either way (it can be removed while sign-in is off). `email` is the Google address at link time. 401 without a session.',
        response: {
          200: Type.Object({
            enabled: Type.Boolean(),
            linked: Type.Boolean(),
            email: Type.Union([Type.String(), Type.Null()]),
            linkedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.status(request.principal)
    },
  )

  app.get(
    '/start',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'startGoogleSignIn',
        summary: "Redirect to Google's sign-in (state, nonce and PKCE), to sign in or to link",
        description:
          "Anyone may start `mode=signin` (default). `mode=link` needs a user session: a Bearer token, or the session cookie plus `csrfToken` (the session's CSRF token) in the query. Answers 302 to Google and sets a 10-minute HttpOnly flow cookie that binds the flow to this browser. 401 for link without a session, 403 `CsrfTokenInvalid`, 503 `GoogleSignInDisabled` or `ServiceUnavailable` (Google unreachable).",
        querystring: Type.Object(
          {
            mode: Type.Optional(Type.Union([Type.Literal('signin'), Type.Literal('link')])),
            csrfToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 302: Redirect, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
      const started = await service.start(request.query.mode ?? 'signin', {
        bearer,
        cookie: request.cookies[SESSION_COOKIE] || undefined,
        csrfToken: request.query.csrfToken,
      })
      reply.setCookie(FLOW_COOKIE, started.browser, {
        httpOnly: true,
        // Lax: the cookie must come back on Google's top-level redirect to the callback.
        sameSite: 'lax',
        path: FLOW_COOKIE_PATH,
        secure: secureCookie,
        maxAge: FLOW_TTL_MS / 1000,
      })
      return reply.header('cache-control', 'no-store').redirect(started.location, 302)
    },
  )

  app.get(
    '/callback',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'finishGoogleSignIn',
        summary: "Google's redirect back: verify the ID token, then sign in or link",
        description:
          "Called by the browser coming back from Google. The flow must be live, unused and started by this browser. The code is exchanged and the ID token verified (signature from the issuer's JWKS, iss, aud, exp, nonce). Redirects (302) to APP_URL with `?google=signed-in` (the session cookie set: read it with GET /api/auth/session) or `?google=linked`, or with `?googleError=` one of GoogleConsentDenied, GoogleFlowInvalid, GoogleTokenInvalid, GoogleUnavailable, GoogleEmailUnverified, GoogleLinkRequired (an account has that address: sign in and link it), GoogleAccountInUse, GoogleAlreadyLinked, AccountDisabled. 503 `GoogleSignInDisabled`.",
        querystring: CallbackQuery,
        response: { 302: Redirect, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const outcome = await service.callback(
        {
          state: request.query.state,
          error: request.query.error,
          raw: request.url.slice(request.url.indexOf('?') + 1),
        },
        request.cookies[FLOW_COOKIE],
        clientOf(request),
      )
      reply.clearCookie(FLOW_COOKIE, {
        httpOnly: true,
        sameSite: 'lax',
        path: FLOW_COOKIE_PATH,
        secure: secureCookie,
      })
      if (outcome.session !== undefined) setSessionCookie(reply, outcome.session, secureCookie)
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302)
    },
  )

  app.post(
    '/unlink',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'unlinkGoogle',
        summary: 'Remove the Google link of the account (needs the current password)',
        description:
          'A user session (API tokens: 403). The current password is checked first: 401 `InvalidCredentials` when wrong (429 past its limit). Then 409 `GoogleNotLinked` when no Google account is linked, 409 `GoogleUnlinkRefused` when the account has no password (Google is its only way in). Works whether or not Google sign-in is configured.',
        body: Type.Object({ currentPassword: CurrentPassword }, { additionalProperties: false }),
        response: {
          200: Type.Object({ linked: Type.Boolean(), message: Type.String() }),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request) => service.unlink(request.principal, request.body.currentPassword, clientOf(request)),
  )
}
