import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses, MessageBody } from '../../http/schemas.js'
import { clearSessionCookie, setSessionCookie } from './cookie.js'
import {
  EmailBody,
  EmptyBody,
  LoginBody,
  LoginResponse,
  RefreshResponse,
  RegisterBody,
  RegisterResponse,
  SessionResponse,
  SwitchTenantBody,
  SwitchTenantResponse,
  TokenBody,
  VerifyEmailResponse,
} from './schemas.js'
import type { AuthService } from './service.js'

const tags = ['auth']

/** api-spec "Auth": registration, verification, login and the session lifecycle. */
export const authRoutes: FastifyPluginAsyncTypebox<{ service: AuthService; secureCookie: boolean }> = async (
  app,
  { service, secureCookie },
) => {
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
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'getSession',
        summary: 'The current session: user, memberships, active membership and CSRF token',
        response: { 200: SessionResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.session(request.principal)
    },
  )

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
    async (request) => service.verifyEmail(request.body.token),
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
}
