import { type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'
import { GOOGLE_START, rememberReturn } from './google'

/** Changes the own password; the API ends every session and starts this one anew (`PUT /api/users/me/password`). */
export function changePassword(body: BodyOf<'changeMyPassword'>) {
  return unwrap(folio.PUT('/api/users/me/password', { body }))
}

/** Whether the account is linked to a Google account, and which (`GET /api/auth/google/status`). */
export const googleStatusQuery = queryOptions({
  queryKey: ['account', 'google'],
  queryFn: () => unwrap(folio.GET('/api/auth/google/status')),
})

/**
 * Leaves for Google to link an account to this one; Google's answer lands on the app's home,
 * which returns to `back` (`?google=linked`, or `?googleError=`).
 */
export function linkGoogle(back: string): void {
  rememberReturn(back)
  const query = new URLSearchParams({ mode: 'link', csrfToken: folio.csrfToken ?? '' })
  window.location.assign(`${GOOGLE_START}?${query}`)
}

/** Removes the Google link; refused (409 GoogleUnlinkRefused) while the account has no password. */
export function unlinkGoogle(currentPassword: string) {
  return unwrap(folio.POST('/api/auth/google/unlink', { body: { currentPassword } }))
}

/** What deleting the account would remove, what blocks it, and the confirmation it expects. */
export const deletionPreflightQuery = queryOptions({
  queryKey: ['account', 'deletion-preflight'],
  queryFn: () => unwrap(folio.GET('/api/users/me/deletion-preflight')),
  staleTime: 0,
})

/** Deletes the own account (`DELETE /api/users/me`): the password and the e-mail as confirmation. */
export function deleteAccount(body: BodyOf<'deleteMe'>) {
  return unwrap(folio.DELETE('/api/users/me', { body }))
}
