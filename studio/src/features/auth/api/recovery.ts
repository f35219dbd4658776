import { unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

/** Mails a reset link (`POST /api/auth/forgot-password`); the same answer for every address. */
export function forgotPassword(email: string) {
  return unwrap(folio.POST('/api/auth/forgot-password', { body: { email } }))
}

/** Sets a new password with the mailed token (`POST /api/auth/reset-password`); ends every session. */
export function resetPassword(token: string, password: string) {
  return unwrap(folio.POST('/api/auth/reset-password', { body: { token, password } }))
}

/** Confirms an e-mail address with the mailed token (`POST /api/auth/verify-email`). */
export function verifyEmail(token: string) {
  return unwrap(folio.POST('/api/auth/verify-email', { body: { token } }))
}

/** The `token` query parameter of a mailed link, or an empty string. */
export function tokenSearch(search: Record<string, unknown>): { token: string } {
  return { token: typeof search.token === 'string' ? search.token : '' }
}

/** What an invitation's token is for (`GET /api/auth/invitations/preview`). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => unwrap(folio.GET('/api/auth/invitations/preview', { params: { query: { token } } })),
    retry: false,
  })

/**
 * Accepts an invitation (`POST /api/auth/invitations/accept`): with names and a password for a new
 * account, or with the signed-in session (its cookie) for an existing one. Signs the account in.
 */
export function acceptInvitation(body: {
  token: string
  firstName?: string
  lastName?: string
  password?: string
}) {
  return unwrap(folio.POST('/api/auth/invitations/accept', { body }))
}
