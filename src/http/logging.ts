import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

/**
 * Paths pino must never print: credentials in headers and secrets in bodies. The request
 * serializer below logs the credential headers on purpose, so this list is what keeps them out.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
]

/** Headers worth having in a request's log line; the credential ones arrive redacted. */
const LOGGED_HEADERS = [
  'user-agent',
  'content-type',
  'content-length',
  'x-tenant-id',
  'origin',
  'authorization',
  'x-api-key',
  'cookie',
  'x-csrf-token',
]

/**
 * Query parameters that carry credentials, never logged: one-time tokens of mailed links (`token`),
 * the OpenID Connect callback's `code` and `state` (which binds the flow to the browser),
 * `csrfToken`, and the local upload URL's `signature`. Names match in any case.
 */
const TOKEN_IN_QUERY = /([?&](?:token|code|state|csrfToken|signature)=)[^&#]*/gi

function serializeRequest(request: FastifyRequest) {
  const headers: Record<string, unknown> = {}
  for (const name of LOGGED_HEADERS) {
    const value = request.headers[name]
    if (value !== undefined) headers[name] = value
  }
  return {
    method: request.method,
    url: request.url.replace(TOKEN_IN_QUERY, '$1[redacted]'),
    remoteAddress: request.ip,
    headers,
  }
}

/**
 * Fastify's logger options: pino JSON at `LOG_LEVEL` with request ids, selected headers and secrets
 * redacted. `stream` replaces stdout (tests read the lines).
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: { write(line: string): void }) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(stream === undefined ? {} : { stream }),
  }
}
