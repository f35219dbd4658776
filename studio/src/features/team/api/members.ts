import { type AnswerOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type Member = AnswerOf<'listUsers'>['users'][number]

/** Members per page of the team screen. */
export const MEMBERS_PAGE_SIZE = 25

/** The roles an invitation offers here: the system roles below owner (ownership moves by transfer). */
export const INVITABLE_ROLES = ['admin', 'editor', 'author', 'viewer'] as const

/** A page of the tenant's members, newest first, pending invitations included (`GET /api/users`). */
export const membersQuery = (tenantId: string, page = 1) =>
  queryOptions({
    ...tenantQuery(tenantId, ['members', { page }], (api) =>
      unwrap(api.GET('/api/users', { params: { query: { tenantId, page, limit: MEMBERS_PAGE_SIZE } } })),
    ),
    placeholderData: keepPreviousData,
  })

/** Invites `email` with `role`: a pending member and a mailed one-time link (`POST /api/users/invite`). */
export function inviteMember(tenantId: string, body: { email: string; role: string }) {
  return unwrap(tenantApi(tenantId).POST('/api/users/invite', { params: { query: { tenantId } }, body }))
}

const member = (tenantId: string, id: string) => ({ params: { path: { id }, query: { tenantId } } })

/** Gives the member `userId` another role, system or custom (`PUT /api/users/{id}/role`). */
export function changeMemberRole(tenantId: string, userId: string, role: string) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/users/{id}/role', { ...member(tenantId, userId), body: { role } }),
  )
}

/** Deactivates an active member or reactivates an inactive one (`PATCH /api/users/{id}/toggle-status`). */
export function toggleMemberStatus(tenantId: string, userId: string) {
  return unwrap(tenantApi(tenantId).PATCH('/api/users/{id}/toggle-status', member(tenantId, userId)))
}

/** Ends a membership, or revokes a pending invitation (`DELETE /api/users/{id}`). */
export function removeMember(tenantId: string, userId: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/users/{id}', member(tenantId, userId)))
}

/** Mails a pending member a new link; the previous one stops working (`POST /api/users/{id}/reinvite`). */
export function reinviteMember(tenantId: string, userId: string) {
  return unwrap(tenantApi(tenantId).POST('/api/users/{id}/reinvite', member(tenantId, userId)))
}

/** How many members (invitations included) hold the role `role` (`GET /api/users?role=`). */
export const roleHoldersQuery = (tenantId: string, role: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['members', { role }],
      async (api) =>
        (await unwrap(api.GET('/api/users', { params: { query: { tenantId, role, limit: 1 } } }))).pagination
          .total,
    ),
  )
