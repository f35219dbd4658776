import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

/** The account screens mailed links open; Studio serves each at `/admin/account/<screen>`. */
export const ACCOUNT_SCREENS = [
  'verify-email',
  'reset-password',
  'forgot-password',
  'accept-invitation',
  'accept-transfer',
] as const

/**
 * `GET /account/<screen>` answers 302 to Studio's `/admin/account/<screen>` with the same query
 * string: links mailed while `APP_URL` was Folio itself (the default before Studio had these
 * screens) keep working, token and all. Not API routes: no credential, no OpenAPI entry (`hide`).
 */
export const accountScreenRedirects: FastifyPluginAsyncTypebox = async (app) => {
  for (const screen of ACCOUNT_SCREENS) {
    app.get(`/${screen}`, { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
      const query = request.url.indexOf('?')
      const search = query === -1 ? '' : request.url.slice(query)
      // The query carries a one-time token: keep it out of caches and of Referer headers.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(`/admin/account/${screen}${search}`, 302)
    })
  }
}
