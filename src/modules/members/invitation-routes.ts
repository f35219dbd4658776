import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf, optionalPrincipal } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import { setSessionCookie } from '../../http/session-cookie.js'
import type { Credentials } from '../auth/index.js'
import {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  InvitationPreviewSchema,
  PreviewQuery,
} from './invitation-schemas.js'
import type { Invitations } from './invitations.js'

const tags = ['auth']

/** `/api/auth/invitations`: what an invitation needs, and accepting it (API contract). */
export const invitationRoutes: FastifyPluginAsyncTypebox<{
  service: Invitations
  credentials: Credentials
  secureCookie: boolean
}> = async (app, { service, credentials, secureCookie }) => {
  app.get(
    '/preview',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'previewInvitation',
        summary: 'What an invitation is for and what accepting it needs',
        description:
          'The invitation preview of a live token: the invited address, role, tenant and expiry; `requiresPasswordSetup` (and `requiresProfileSetup`) for an address without an account, `requiresAuthentication` for an existing account. A used, revoked, expired or unknown token is 400 InvalidToken.',
        querystring: PreviewQuery,
        response: { 200: InvitationPreviewSchema, ...errorResponses(400) },
      },
    },
    async (request) => service.preview(request.query.token),
  )

  app.post(
    '/accept',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation and start a session on its tenant',
        description:
          'For an address without an account: send password (min 6), firstName and lastName; the account is set up and a new session starts. For an existing account: send only the token while signed in as that account (401 without a session, 403 as another account); the session moves to the tenant. Answers csrfToken, user, membership (with acceptedAt), activeMembership, memberships, and the session token and cookie. A used, revoked, expired or unknown token is 400 InvalidToken and changes nothing.',
        body: AcceptInvitationBody,
        response: { 200: AcceptInvitationResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const principal = await optionalPrincipal(request, credentials)
      const result = await service.accept(principal, request.body, clientOf(request))
      setSessionCookie(reply, result, secureCookie)
      return result
    },
  )
}
