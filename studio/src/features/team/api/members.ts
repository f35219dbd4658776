import { type AnswerOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type Member = AnswerOf<'listUsers'>['users'][number]

/** Members per page of the team screen. */
export const MEMBERS_PAGE_SIZE = 25

/** The roles an invitation offers here: the system roles below owner (ownership moves by transfer). */
export const INVITABLE_ROLES = ['admin', 'editor', 'author', 'viewer'] as const

/** A page of the tenant's members, newest first, pending invitations included (`GET /api/users`). */
export const membersQuery = (tenantId: string, page = 1) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'members', { page }],
    queryFn: () =>
      unwrap(folio.GET('/api/users', { params: { query: { tenantId, page, limit: MEMBERS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  })

/** Invites `email` with `role`: a pending member and a mailed one-time link (`POST /api/users/invite`). */
export function inviteMember(tenantId: string, body: { email: string; role: string }) {
  return unwrap(folio.POST('/api/users/invite', { params: { query: { tenantId } }, body }))
}
