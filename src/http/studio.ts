import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../config.js'
import { phrase, translate } from '../i18n/index.js'
import { requestLanguage } from './language.js'

/** Where `npm run build` puts Studio (`vite build` of studio/): the same path from src/http and dist/http. */
export const STUDIO_DIR = fileURLToPath(new URL('../../studio/dist/', import.meta.url))

/**
 * The Content-Security-Policy of Studio's page (docs/decisions/studio.md "Serving"): scripts from
 * Folio's origin only, never inline; styles also inline, since Mantine writes its theme variables
 * in a `<style>` element and components set `style` attributes; uploads also reach the media
 * origins (a CDN or bucket serving media, an S3 endpoint taking presigned PUTs); images load from any
 * https origin (imported contents keep their images on the old site until copied); frames from any
 * http(s) origin: the live preview frames the tenant's own site, at whatever origin its edge policy
 * allows (a list per tenant, which a page shared by every tenant cannot name), and the content the
 * editor shows frames only the video players the sanitizer lets through (`EMBED_HOSTS`).
 */
export function studioPolicy(config: Pick<Config, 'publicUrl' | 'media'>): string {
  const media = new Set([originOf(config.publicUrl), originOf(config.media.publicUrl)])
  const uploads = new Set(media)
  if (config.media.driver === 's3') {
    uploads.add(config.media.s3?.endpoint ? originOf(config.media.s3.endpoint) : 'https://*.amazonaws.com')
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${[...media].join(' ')}`,
    "frame-src 'self' https: http:",
    `connect-src 'self' ${[...uploads].join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function queryOf(url: string): string {
  const start = url.indexOf('?')
  return start === -1 ? '' : url.slice(start)
}

function originOf(url: string): string {
  return new URL(url).origin
}

const HIDDEN = { config: { auth: 'none' }, schema: { hide: true } } as const

/**
 * Serves Studio, the editors' web app, outside `/api`: `/` redirects to `/admin/` (with its query); the hashed
 * files under `/admin/assets/` are immutable for a year (brotli or gzip when the browser takes
 * it); every other `/admin/…` path answers
 * index.html (`no-cache`, with the CSP), so the app's own router shows the screen. Without a
 * build (`dir` has no index.html, as in tests), `/admin` answers 503 `ServiceUnavailable`.
 */
export async function registerStudio(
  app: FastifyInstance,
  options: { dir: string; config: Pick<Config, 'publicUrl' | 'media'> },
): Promise<void> {
  // The query goes along: Google's sign-in lands on `APP_URL/?google=…` when APP_URL is Folio itself.
  app.get('/', HIDDEN, async (request, reply) => reply.redirect(`/admin/${queryOf(request.url)}`, 302))
  app.get('/admin', HIDDEN, async (_request, reply) => reply.redirect('/admin/', 301))

  const indexFile = join(options.dir, 'index.html')
  if (!existsSync(indexFile)) {
    app.get('/admin/*', HIDDEN, async (request, reply) =>
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({
          error: 'ServiceUnavailable',
          message: translate(phrase('http.studioNotBuilt'), requestLanguage(request)),
        }),
    )
    return
  }

  const html = readFileSync(indexFile)
  const policy = studioPolicy(options.config)
  await app.register(fastifyStatic, {
    root: join(options.dir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    // Hashed names: a file's content never changes under its name.
    cacheControl: true,
    maxAge: 365 * 24 * 3600 * 1000,
    immutable: true,
    // The build writes .br and .gz beside each script and stylesheet (studio/vite.config.ts).
    preCompressed: true,
    // The asset routes take no credential and stay out of the OpenAPI document.
    schemaHide: true,
  })
  app.get('/admin/*', HIDDEN, async (_request, reply) => sendIndex(reply, html, policy))
}

function sendIndex(reply: FastifyReply, html: Buffer, policy: string) {
  return reply
    .header('content-security-policy', policy)
    .header('cache-control', 'no-cache')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html)
}
