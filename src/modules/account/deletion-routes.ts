import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf } from '../../http/auth.js'
import { errorResponses, MessageBody } from '../../http/schemas.js'
import { clearSessionCookie } from '../../http/session-cookie.js'
import { DeleteMeBody, DeletionPreflight, LeaveBody, LeaveParams, LeaveResponse } from './deletion-schemas.js'
import type { AccountService } from './deletion-service.js'

const tags = ['users']

/** `DELETE /api/users/me` and its preflight (registered under `/api/users`). */
export const accountDeletionRoutes: FastifyPluginAsyncTypebox<{
  service: AccountService
  secureCookie: boolean
}> = async (app, { service, secureCookie }) => {
  app.get(
    '/me/deletion-preflight',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'accountDeletionPreflight',
        summary: 'What deleting the own account would remove, and what blocks it',
        description:
          'Lists the tenants that block deletion (the caller is their last active owner and they have other members), the tenants deleted with the account (the caller is their only member), and how many memberships end; `confirmation` is what DELETE /api/users/me expects.',
        response: { 200: DeletionPreflight, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.preflight(request.principal),
  )

  app.delete(
    '/me',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'deleteMe',
        summary: 'Delete the own account',
        description:
          'Needs the current password (401 when wrong) and `confirmation` equal to the account’s e-mail (400). Refused with 400 LastOwnerRestriction (and `blockingTenants`) while the caller is the last active owner of a tenant with other members. Ends every membership and session, deletes tenants whose only member the caller is, and anonymises the account.',
        body: DeleteMeBody,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const result = await service.deleteAccount(request.principal, request.body, clientOf(request))
      clearSessionCookie(reply, secureCookie)
      return result
    },
  )
}

/** `/api/memberships/{id}/leave`. */
export const membershipsRoutes: FastifyPluginAsyncTypebox<{ service: AccountService }> = async (
  app,
  { service },
) => {
  app.post(
    '/:id/leave',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'leaveMembership',
        summary: 'Leave a tenant (or decline its invitation)',
        description:
          'Ends the caller’s own membership; access to the tenant ends at once. Needs the password (401 when wrong). The last active owner cannot leave (400 LastOwnerRestriction). Another user’s membership is 404.',
        params: LeaveParams,
        body: LeaveBody,
        response: { 200: LeaveResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      service.leave(request.principal, request.params.id, request.body.password, clientOf(request)),
  )
}
