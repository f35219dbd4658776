import type { FastifyReply } from 'fastify'

/** The cookie a browser session rides in (the auth guard reads it, `http/auth.ts`). */
export const SESSION_COOKIE = 'folio_session'

/**
 * The browser half of a session (docs/decisions/auth.md "The cookie and CSRF"): HttpOnly,
 * SameSite=Lax, Path=/, Secure when PUBLIC_URL is https, expiring with the token. Responses that
 * carry a session token are never cached.
 */
export function setSessionCookie(
  reply: FastifyReply,
  session: { token: string; expiresAt: string },
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(session.expiresAt),
  })
  reply.header('cache-control', 'no-store')
}

/** Ends the browser half of a session (sign-out, a deleted account). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure })
  reply.header('cache-control', 'no-store')
}
