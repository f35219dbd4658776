import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

/** A signed-in session (`GET /api/auth/session` with `authenticated: true`). */
export type Session = Extract<AnswerOf<'getSession'>, { authenticated: true }>
export type Membership = Session['memberships'][number]
/** The signed-in account: the session (user, memberships, active one) and the user's language. */
export interface Account extends Session {
  language: 'en' | 'tr' | null
}

/**
 * The signed-in account, or null without a session: `GET /api/auth/session` answers 200
 * `{ authenticated: false }` then, so a first visit logs no failed request. The session answer also
 * hands the client the session's CSRF token, so a reloaded page can write again.
 */
export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: async (): Promise<Account | null> => {
    const session = await unwrap(folio.GET('/api/auth/session'))
    if (!session.authenticated) return null
    const { user } = await unwrap(folio.GET('/api/users/me'))
    return { ...session, language: user.language }
  },
  staleTime: 5 * 60_000,
})

export function signIn(body: BodyOf<'login'>) {
  return unwrap(folio.POST('/api/auth/login', { body }))
}

export function register(body: BodyOf<'register'>) {
  return unwrap(folio.POST('/api/auth/register', { body }))
}

export function signOut() {
  return unwrap(folio.POST('/api/auth/logout', {}))
}

/** Changes the signed-in user's own profile (`PUT /api/users/me`); `language: null` follows the browser. */
export function updateProfile(body: BodyOf<'updateMe'>) {
  return unwrap(folio.PUT('/api/users/me', { body }))
}
