import { unwrap } from '@folio/client'
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
