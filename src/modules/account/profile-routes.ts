import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { setSessionCookie } from '../../http/session-cookie.js'
import { IssuedSessionResponse } from '../auth/index.js'
import { ChangePasswordBody, MeResponse, UpdateMeBody, UpdateMeResponse } from './profile-schemas.js'
import type { UsersService } from './profile-service.js'

const tags = ['users']

/** `/api/users/me` (API contract): the caller's own profile and password. */
export const usersRoutes: FastifyPluginAsyncTypebox<{
  service: UsersService
  secureCookie: boolean
}> = async (app, { service, secureCookie }) => {
  app.get(
    '/me',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'getMe',
        summary: 'The own profile with memberships',
        querystring: TenantOnlyQuery,
        response: { 200: MeResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.me(request.principal, request.query.tenantId),
  )

  app.put(
    '/me',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'updateMe',
        summary: 'Update the own profile; changing the e-mail needs currentPassword and a new verification',
        body: UpdateMeBody,
        response: { 200: UpdateMeResponse, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => service.updateMe(request.principal, request.body, clientOf(request)),
  )

  app.put(
    '/me/password',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'changeMyPassword',
        summary: 'Change the own password; ends every session and starts a new one',
        body: ChangePasswordBody,
        response: { 200: IssuedSessionResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const result = await service.changePassword(request.principal, request.body, clientOf(request))
      setSessionCookie(reply, result, secureCookie)
      return result
    },
  )
}
