import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError, errors } from '../../errors.js'
import { clientOf, optionalPrincipal } from '../../http/auth.js'
import { errorResponses, MessageBody } from '../../http/schemas.js'
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.js'
import type { Credentials, Principal } from './credentials.js'
import {
  EmailBody,
  EmptyBody,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SessionResponse,
  SwitchTenantBody,
  SwitchTenantResponse,
  TokenBody,
  VerifyEmailResponse,
} from './schemas.js'
import type { AuthService } from './service.js'

const tags = ['auth']

/** `/api/auth` (API contract): registration, verification, login and the session lifecycle. */
export const authRoutes: FastifyPluginAsyncTypebox<{
  service: AuthService
  credentials: Credentials
  secureCookie: boolean
}> = async (app, { service, credentials, secureCookie }) => {
  app.post(
    '/register',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'register',
        summary: 'Create an account and mail a verification link',
        body: RegisterBody,
        response: { 201: RegisterResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.status(201)
      return service.register(request.body, { ip: request.ip })
    },
  )

  app.post(
    '/login',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Log in with e-mail and password; sets the session cookie and returns a Bearer token',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const result = await service.login(request.body, { ip: request.ip })
      setSessionCookie(reply, result, secureCookie)
      return result
    },
  )

  app.post(
    '/refresh',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'refreshSession',
        summary: 'Rotate the session token and CSRF token',
        body: EmptyBody,
        response: { 200: RefreshResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await service.refresh(request.principal)
      setSessionCookie(reply, result, secureCookie)
      return result
    },
  )

  app.post(
    '/logout',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'logout',
        summary: 'End the current session',
        response: { 200: MessageBody, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const result = await service.logout(request.principal)
      clearSessionCookie(reply, secureCookie)
      return result
    },
  )

  app.post(
    '/logout-all',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'logoutAll',
        summary: 'End every session of the account',
        response: { 200: MessageBody, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const result = await service.logoutAll(request.principal)
      clearSessionCookie(reply, secureCookie)
      return result
    },
  )

  app.get(
    '/session',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'getSession',
        summary: 'The current session: user, memberships, active membership and CSRF token',
        description:
          'Without a session (no cookie, or a cookie whose session has ended, which is then cleared) 200 `{ authenticated: false }`. A Bearer token is checked as on every route: 401 when invalid or ended; API tokens 403.',
        response: { 200: SessionResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const principal = await sessionCaller(request, reply)
      if (principal === null) return { authenticated: false as const }
      return { authenticated: true as const, ...(await service.session(principal)) }
    },
  )

  /**
   * Who asks for the session: null when nobody is signed in, which includes a cookie whose session
   * ended elsewhere (logout-all, expiry): a browser keeps such a cookie, so it is cleared. A Bearer
   * token or API key is checked as on every route (401 when invalid, 403 for an API token).
   */
  async function sessionCaller(request: FastifyRequest, reply: FastifyReply): Promise<Principal | null> {
    const presentedHeader =
      request.headers.authorization !== undefined || request.headers['x-api-key'] !== undefined
    try {
      const principal = await optionalPrincipal(request, credentials)
      if (principal?.kind === 'apiToken') {
        throw errors.forbidden('http.userSessionOnly')
      }
      return principal
    } catch (err) {
      if (presentedHeader || !(err instanceof AppError && err.code === 'Unauthorized')) throw err
      clearSessionCookie(reply, secureCookie)
      return null
    }
  }

  app.post(
    '/switch-tenant',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'switchTenant',
        summary: 'Move the session to another tenant of an active membership (rotates the session)',
        body: SwitchTenantBody,
        response: { 200: SwitchTenantResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await service.switchTenant(request.principal, request.body.tenantId)
      setSessionCookie(reply, result, secureCookie)
      return result
    },
  )

  app.post(
    '/verify-email',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'verifyEmail',
        summary: 'Confirm an e-mail address with the mailed token (single use, 24 h)',
        body: TokenBody,
        response: { 200: VerifyEmailResponse, ...errorResponses(400) },
      },
    },
    async (request) => service.verifyEmail(request.body.token, clientOf(request)),
  )

  app.post(
    '/resend-verification',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'resendVerification',
        summary: 'Mail a new verification link (same answer whether or not the account exists)',
        body: EmailBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.resendVerification(request.body.email, { ip: request.ip }),
  )

  app.post(
    '/forgot-password',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'forgotPassword',
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        description:
          'Anyone may call it. Answers 200 with the same message for every address; only an existing, active account gets the mail, with a one-time link to APP_URL/account/reset-password that expires in 1 hour (older links stop working). 400 for a malformed address; 429 `RateLimitExceeded` past the per-network or per-address limit (Retry-After).',
        body: EmailBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.forgotPassword(request.body.email, { ip: request.ip }),
  )

  app.post(
    '/reset-password',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: 'Set a new password with the mailed reset token; ends every session of the account',
        description:
          'Anyone holding a reset token may call it. The token works once, for 1 hour; the new password needs 6 to 1024 characters. Every session of the account ends and the address counts as verified. 400 `InvalidToken` for an unknown, used or expired token, 400 `ValidationFailed` for a bad body; 429 `RateLimitExceeded` after too many invalid tokens from one network.',
        body: ResetPasswordBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => service.resetPassword(request.body, clientOf(request)),
  )
}
