import type { FastifyInstance, FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'
import { errors } from '../errors.js'
import { phrase } from '../i18n/index.js'

/**
 * The JSON body parser, replacing Fastify's default for two reasons
 * (docs/decisions/input-hygiene.md):
 * - an empty body sent with `content-type: application/json` is accepted where the route takes no
 *   body (DELETE, logout, publish …), and read as `{}` where it takes one, so validation names the
 *   missing members instead of answering "the body is empty";
 * - a body with `__proto__` or `constructor.prototype` members is refused (as Fastify's default
 *   does) with the catalog's 400.
 * Any other media type is 415 UnsupportedMediaType (routes that take another type, the WordPress
 * import's XML and file uploads, register their own parser).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  // Bodies are JSON (the document declares application/json only): a text/plain body gets the same
  // 415 as any other media type, not a confusing "must be an object" from parsing it as a string.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, text: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const body = typeof text === 'string' ? text : text.toString('utf8')
      if (body.trim() === '') {
        done(null, request.routeOptions.schema?.body === undefined ? undefined : {})
        return
      }
      let parsed: unknown
      try {
        parsed = secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' })
      } catch (err) {
        const reason = err instanceof Error ? err.message : 'unreadable'
        done(
          /Object contains forbidden prototype property/.test(reason)
            ? errors.validation('http.prototypeMember')
            : errors.badRequest(phrase('http.invalidJsonBecause', { reason })),
        )
        return
      }
      done(null, parsed)
    },
  )
}
