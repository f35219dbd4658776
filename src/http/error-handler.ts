import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isConnectionFailure, pgErrorOf } from '../db/errors.js'
import { AppError } from '../errors.js'
import { type Language, Phrase, phrase, translate } from '../i18n/index.js'
import { requestLanguage } from './language.js'
import { describeValidation, type ValidationIssue } from './validation-messages.js'

interface Rendered {
  status: number
  body: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * How long a client is asked to wait (Retry-After, seconds) when the database cannot serve: about
 * what a PostgreSQL restart takes (docs/decisions/configuration.md "PostgreSQL outages").
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5

const FASTIFY_CODES: Record<string, [number, string, Phrase]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLarge', phrase('http.bodyTooLarge')],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaType', phrase('http.sendJson')],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BadRequest', phrase('http.invalidJson')],
}

/**
 * PostgreSQL errors a client can cause, by SQLSTATE (docs/decisions/http.md "Bad input is a 4xx and
 * changes nothing; a 5xx is a bug"; after directus' dialect map).
 */
const PG_CODES: Record<string, [number, string, Phrase]> = {
  '23505': [409, 'Conflict', phrase('database.uniqueViolation')],
  '23503': [409, 'Conflict', phrase('database.foreignKeyViolation')],
  '22001': [400, 'ValidationFailed', phrase('database.tooLong')],
  '22P02': [400, 'ValidationFailed', phrase('database.wrongFormat')],
  '22003': [400, 'ValidationFailed', phrase('database.numberOutOfRange')],
  '22008': [400, 'ValidationFailed', phrase('database.dateOutOfRange')],
  '54000': [400, 'ValidationFailed', phrase('database.tooLarge')],
}

/**
 * The one error renderer: every error leaves as `{ error, message }` (docs/decisions/http.md "Error
 * body"), its message and its details' messages in the request's language (`requestLanguage`).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const rendered = render(err, requestLanguage(request))
    // A database outage is not a bug: the database's own state change is logged once
    // (`app.ts`), each answer it costs only as a warning.
    if (isConnectionFailure(err)) request.log.warn({ failure: failureOf(err) }, 'database unavailable')
    else if (rendered.status >= 500) request.log.error({ failure: failureOf(err) }, 'request failed')
    if (rendered.headers) reply.headers(rendered.headers)
    return reply.status(rendered.status).send(rendered.body)
  })
  app.setNotFoundHandler((request, reply) => {
    const noRoute = phrase('http.noRoute', { method: request.method, path: request.url.split('?')[0] ?? '' })
    return reply
      .status(404)
      .send({ error: 'NotFound', message: translate(noRoute, requestLanguage(request)) })
  })
}

/**
 * Errors Fastify's router raises before any route runs (Fastify's `frameworkErrors` option): a URL
 * that cannot be decoded, or a path parameter past `maxParamLength`. Rendered in the same shape as
 * every other error, as 400s (the documented status for bad input on every route).
 */
export function renderFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? phrase('http.paramTooLong') : phrase('http.malformedUrl')
  return reply
    .status(400)
    .send({ error: 'BadRequest', message: translate(message, requestLanguage(request)) })
}

/**
 * What a 500 logs: the error's class, SQLSTATE, constraint and the statement (prepared name or
 * SQL text), and the stack of our own code; never a query's parameters (password and token
 * hashes) or a database message that may quote a value. Drizzle's `DrizzleQueryError` puts the
 * parameters into its message, so no message of a database error is logged.
 */
export function failureOf(err: unknown): Record<string, unknown> {
  const pgError = pgErrorOf(err)
  const query = (err as { query?: unknown }).query
  if (pgError !== undefined || typeof query === 'string') {
    return {
      type: (err as Error).constructor?.name ?? 'Error',
      sqlstate: pgError?.code,
      constraint: pgError?.constraint,
      statement: typeof query === 'string' ? query.slice(0, 300) : undefined,
      cause: (err as { cause?: unknown }).cause?.constructor?.name,
    }
  }
  if (err instanceof Error) return { type: err.constructor.name, message: err.message, stack: err.stack }
  return { type: typeof err }
}

function render(err: FastifyError, language: Language): Rendered {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: { error: err.code, message: translate(err.phrase, language), ...inLanguage(err.extra, language) },
      headers: err.headers,
    }
  }
  if (err.validation) {
    const details = describeValidation(
      err.validation as unknown as ValidationIssue[],
      err.validationContext ?? 'body',
    ).map((detail) => ({ ...detail, message: translate(detail.message, language) }))
    return {
      status: 400,
      body: { error: 'ValidationFailed', message: details.map((d) => d.message).join(' '), details },
    }
  }
  const known = err.code ? FASTIFY_CODES[err.code] : undefined
  if (known) return { status: known[0], body: { error: known[1], message: translate(known[2], language) } }
  const pgError = pgErrorOf(err)
  const pgKnown = pgError ? PG_CODES[pgError.code] : undefined
  if (pgKnown)
    return { status: pgKnown[0], body: { error: pgKnown[1], message: translate(pgKnown[2], language) } }
  if (isConnectionFailure(err)) {
    return {
      status: 503,
      body: {
        error: 'ServiceUnavailable',
        message: translate(
          phrase('database.unavailable', { seconds: DATABASE_RETRY_AFTER_SECONDS }),
          language,
        ),
        retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    }
  }
  // Fastify's other client errors (an empty JSON body …) keep Fastify's own English words.
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, body: { error: 'BadRequest', message: err.message } }
  }
  return {
    status: 500,
    body: { error: 'InternalServerError', message: translate(phrase('http.unexpected'), language) },
  }
}

/** An error's extra members with every phrase among them (`details[].message`) put in `language`. */
function inLanguage(value: Record<string, unknown>, language: Language): Record<string, unknown> {
  const walk = (member: unknown): unknown => {
    if (member instanceof Phrase) return translate(member, language)
    if (Array.isArray(member)) return member.map(walk)
    if (typeof member === 'object' && member !== null && Object.getPrototypeOf(member) === Object.prototype) {
      return Object.fromEntries(Object.entries(member).map(([name, inner]) => [name, walk(inner)]))
    }
    return member
  }
  return walk(value) as Record<string, unknown>
}
