import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ACCOUNT_SCRIPT, ACCOUNT_STYLE } from './assets.js'
import { ACCOUNT_PAGES, renderPage } from './pages.js'

/**
 * Scripts, styles and requests from Folio's origin only; nothing inline, no framing, no forms
 * posted elsewhere, no base-URL tricks.
 */
export const ACCOUNT_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/**
 * `GET /account/<page>` and their assets (pages.ts). Not API routes: they take no credential and
 * are left out of the OpenAPI document (`hide`), which describes the JSON API only.
 */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const page of ACCOUNT_PAGES) {
    const html = renderPage(page)
    app.get(
      `/${page.slug}`,
      {
        config: { auth: 'none' },
        schema: { hide: true, response: { 200: Type.String({ description: 'HTML page' }) } },
      },
      async (_request, reply) => {
        // The link carries a one-time token: keep it out of caches and Referer headers.
        reply
          .header('content-security-policy', ACCOUNT_PAGE_POLICY)
          .header('referrer-policy', 'no-referrer')
          .header('x-frame-options', 'DENY')
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
        return html
      },
    )
  }

  asset('/assets/account.js', 'text/javascript; charset=utf-8', ACCOUNT_SCRIPT)
  asset('/assets/account.css', 'text/css; charset=utf-8', ACCOUNT_STYLE)

  function asset(path: string, type: string, body: string) {
    app.get(
      path,
      {
        config: { auth: 'none' },
        schema: { hide: true, response: { 200: Type.String() } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300').type(type)
        return body
      },
    )
  }
}
