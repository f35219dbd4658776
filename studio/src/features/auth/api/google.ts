import { unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'
import { safeRedirect } from '../../../lib/redirect'

/** Whether this Folio offers Google sign-in (`GET /api/auth/google/config`; no session needed). */
export const googleConfigQuery = queryOptions({
  queryKey: ['google-config'],
  queryFn: () => unwrap(folio.GET('/api/auth/google/config')),
  staleTime: Number.POSITIVE_INFINITY,
})

/** Where the browser goes to sign in with Google; Folio's callback then lands on `APP_URL/?google=…`. */
export const GOOGLE_START = '/api/auth/google/start'

const RETURN_KEY = 'folio.afterGoogle'

/**
 * Keeps the path to return to across the round trip through Google, which lands on the app's home
 * (the callback's redirect carries no path of ours).
 */
export function rememberReturn(path: string | undefined): void {
  if (path === undefined) sessionStorage.removeItem(RETURN_KEY)
  else sessionStorage.setItem(RETURN_KEY, path)
}

/** The path kept by `rememberReturn`, once (then forgotten); only ever a path of the app. */
export function takeReturn(): string | undefined {
  const path = sessionStorage.getItem(RETURN_KEY)
  sessionStorage.removeItem(RETURN_KEY)
  return path === null ? undefined : safeRedirect(path)
}

/** A `googleError` code of the callback's redirect (letters only), or undefined. */
export function googleErrorOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z]{1,60}$/.test(value) ? value : undefined
}
