import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import {
  InviteBody,
  InviteResponse,
  ListMembersQuery,
  MemberBody,
  MemberPage,
  MemberParams,
  MemberQuery,
  MembershipBody,
  RemoveMemberResponse,
  RoleBody,
  ToggleStatusResponse,
  UpdateMemberBody,
} from './schemas.js'
import type { MembersService } from './service.js'

const tags = ['users']
const GUARDS =
  'Nobody grants a role above their own level, only owners make owners, and only owners act on members at or above their own level (403); a tenant always keeps an active owner (400 LastOwnerRestriction).'

/** `/api/users` tenant administration (API contract); `{id}` is the user id. */
export const membersRoutes: FastifyPluginAsyncTypebox<{ service: MembersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'users:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'List the members of the tenant',
        description:
          'Members with their role and membership status, newest first; `search` matches name or e-mail literally, `status` and `role` filter. A pending member shows only the invited e-mail.',
        querystring: ListMembersQuery,
        response: { 200: MemberPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  for (const [url, operationId, permission] of [
    ['/', 'addUser', 'users:create'],
    ['/invite', 'inviteUser', 'users:invite'],
  ] as const) {
    app.post(
      url,
      {
        config: { auth: 'tenant', permission },
        schema: {
          tags,
          operationId,
          summary: 'Invite someone to the tenant by e-mail, with a role',
          description: `Creates a pending membership (and an account placeholder for an address without an account) and mails a one-time link valid 72 hours; the answer is the same whether or not the address has an account. Nobody joins without accepting. 400 for an unknown role, 403 for a role the caller may not grant, when limits.users (members and pending invitations) or the day's platform mail (TENANT_PLATFORM_MAIL_PER_DAY) is reached (LimitExceeded), or while no owner of the tenant has verified their address (EmailNotVerified: Folio does not mail for it), 409 when the address is already a member or invited.`,
          querystring: MemberQuery,
          body: InviteBody,
          response: { 200: InviteResponse, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => service.invite(tenantContext(request), request.role, request.body),
    )
  }

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'users:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'A member of the tenant with their membership',
        description: 'A user who is not a member of the tenant (another tenant’s included) is 404.',
        params: MemberParams,
        querystring: MemberQuery,
        response: { 200: MemberBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(tenantContext(request), request.params.id),
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'users:update' },
      schema: {
        tags,
        operationId: 'updateUser',
        summary: 'Correct a member’s names, or an invited address',
        description:
          'An account belongs to its person (PUT /api/users/me). This changes the caller’s own names, or the names and e-mail of an invited account that has not accepted and is invited only to this tenant; anything else is 403. 409 for an e-mail in use; 404 for a non-member.',
        params: MemberParams,
        querystring: MemberQuery,
        body: UpdateMemberBody,
        response: { 200: MemberBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(tenantContext(request), request.role, request.params.id, request.body),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'users:delete' },
      schema: {
        tags,
        operationId: 'removeUser',
        summary: 'Remove a member from the tenant (or revoke their invitation)',
        description: `Ends the membership; the member loses access on their next request (sessions and their API tokens). A pending invitation is revoked. Removing oneself is 400 (leave instead). ${GUARDS} 404 for a non-member.`,
        params: MemberParams,
        querystring: MemberQuery,
        response: { 200: RemoveMemberResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(tenantContext(request), request.role, request.params.id),
  )

  app.put(
    '/:id/role',
    {
      config: { auth: 'tenant', permission: 'users:assign-role' },
      schema: {
        tags,
        operationId: 'changeUserRole',
        summary: 'Change a member’s role',
        description: `Sets the membership’s role (system or custom; an unknown one is 400). ${GUARDS} 404 for a non-member.`,
        params: MemberParams,
        querystring: MemberQuery,
        body: RoleBody,
        response: { 200: MembershipBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.changeRole(tenantContext(request), request.role, request.params.id, request.body.role),
  )

  app.patch(
    '/:id/toggle-status',
    {
      config: { auth: 'tenant', permission: 'users:update' },
      schema: {
        tags,
        operationId: 'toggleUserStatus',
        summary: 'Deactivate an active member, or reactivate an inactive one',
        description: `active ↔ inactive; a deactivated member loses access on their next request. A pending invitation is 409 (only the invitee accepts it); one’s own status is 400. ${GUARDS} 404 for a non-member.`,
        params: MemberParams,
        querystring: MemberQuery,
        response: { 200: ToggleStatusResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.toggleStatus(tenantContext(request), request.role, request.params.id),
  )

  app.post(
    '/:id/reinvite',
    {
      config: { auth: 'tenant', permission: 'users:invite' },
      schema: {
        tags,
        operationId: 'reinviteUser',
        summary: 'Send a pending member a new invitation link',
        description:
          "A new one-time link valid 72 hours; the previous link stops working. 409 when the member is not pending; 403 when the caller may not grant the invited role, while no owner of the tenant has verified their address (EmailNotVerified) or past the day's platform mail (LimitExceeded); 404 for a non-member.",
        params: MemberParams,
        querystring: MemberQuery,
        response: { 200: InviteResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.reinvite(tenantContext(request), request.role, request.params.id),
  )
}
