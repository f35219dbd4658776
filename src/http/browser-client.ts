import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { phrase, translate } from '../i18n/index.js'
import { noneMatch, strongEtag } from './http-cache.js'
import { requestLanguage } from './language.js'

/**
 * Where `npm run build` puts the browser helpers of `@folio/client` (`packages/client/src/browser.ts`):
 * the same path from src/http and dist/http.
 */
export const BROWSER_CLIENT_FILE = fileURLToPath(
  new URL('../../packages/client/dist/browser.js', import.meta.url),
)

/**
 * How long browsers and CDNs may reuse the script (seconds): short, since its address carries no
 * version, so a Folio upgrade reaches sites within minutes; the ETag makes the revalidation cheap.
 */
const MAX_AGE_SECONDS = 300

const HIDDEN = { config: { auth: 'none' }, schema: { hide: true } } as const

/**
 * Serves the browser helpers at `GET /client/browser.js` (docs/architecture.md "The typed client"),
 * for static sites that import them from Folio without a build: JavaScript any origin may load as a
 * module (`Access-Control-Allow-Origin: *`; it holds nothing of a tenant), cacheable for five
 * minutes with a strong ETag (304 on `If-None-Match`). Without a build it answers 404 `NotFound`
 * naming the command; the file is read at its first request after it exists, then kept.
 */
export function registerBrowserClient(app: FastifyInstance, options: { file: string }): void {
  let script: { body: Buffer; etag: string } | undefined
  app.get('/client/browser.js', HIDDEN, async (request, reply) => {
    reply.header('access-control-allow-origin', '*')
    if (script === undefined) {
      const body = await readFile(options.file).catch(() => undefined)
      if (body === undefined) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({
            error: 'NotFound',
            message: translate(phrase('http.browserClientNotBuilt'), requestLanguage(request)),
          })
      }
      script = { body, etag: strongEtag(body) }
    }
    reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`).header('etag', script.etag)
    if (noneMatch(request.headers['if-none-match'], script.etag)) return reply.code(304).send()
    return reply.type('text/javascript; charset=utf-8').send(script.body)
  })
}
