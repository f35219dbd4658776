import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isConnectionFailure, pgErrorOf } from '../db/errors.js'
import { AppError } from '../errors.js'
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

const FASTIFY_CODES: Record<string, [number, string, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLarge', 'The request body is larger than the server accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaType', 'Send the body as application/json.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BadRequest', 'The body is not valid JSON.'],
}

/**
 * PostgreSQL errors a client can cause, by SQLSTATE (docs/decisions/http.md "Bad input is a 4xx and
 * changes nothing; a 5xx is a bug"; after directus' dialect map).
 */
const PG_CODES: Record<string, [number, string, string]> = {
  '23505': [409, 'Conflict', 'A record with the same unique value already exists.'],
  '23503': [409, 'Conflict', 'The record refers to something that does not exist, or is still referred to.'],
  '22001': [400, 'ValidationFailed', 'A value is longer than allowed.'],
  '22P02': [400, 'ValidationFailed', 'A value has the wrong format.'],
  '22003': [400, 'ValidationFailed', 'A number is outside the range the field can hold.'],
  '22008': [400, 'ValidationFailed', 'A date is outside the range the field can hold.'],
  '54000': [400, 'ValidationFailed', 'A value is too large for the field.'],
}

/**
 * The one error renderer: every error leaves as `{ error, message }` (docs/decisions/http.md "Error
 * body").
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const rendered = render(err)
    // A database outage is not a bug: the database's own state change is logged once
    // (`app.ts`), each answer it costs only as a warning.
    if (isConnectionFailure(err)) request.log.warn({ failure: failureOf(err) }, 'database unavailable')
    else if (rendered.status >= 500) request.log.error({ failure: failureOf(err) }, 'request failed')
    if (rendered.headers) reply.headers(rendered.headers)
    return reply.status(rendered.status).send(rendered.body)
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  )
}

/**
 * Errors Fastify's router raises before any route runs (Fastify's `frameworkErrors` option): a URL
 * that cannot be decoded, or a path parameter past `maxParamLength`. Rendered in the same shape as
 * every other error, as 400s (the documented status for bad input on every route).
 */
export function renderFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is longer than any valid value.'
      : 'The URL is not valid (it holds a malformed percent-encoding).'
  return reply.status(400).send({ error: 'BadRequest', message })
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

function render(err: FastifyError): Rendered {
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: { error: err.code, message: err.message, ...err.extra },
      headers: err.headers,
    }
  }
  if (err.validation) {
    const details = describeValidation(
      err.validation as unknown as ValidationIssue[],
      err.validationContext ?? 'body',
    )
    return {
      status: 400,
      body: { error: 'ValidationFailed', message: details.map((d) => d.message).join(' '), details },
    }
  }
  const known = err.code ? FASTIFY_CODES[err.code] : undefined
  if (known) return { status: known[0], body: { error: known[1], message: known[2] ?? err.message } }
  const pgError = pgErrorOf(err)
  const pgKnown = pgError ? PG_CODES[pgError.code] : undefined
  if (pgKnown) return { status: pgKnown[0], body: { error: pgKnown[1], message: pgKnown[2] } }
  if (isConnectionFailure(err)) {
    return {
      status: 503,
      body: {
        error: 'ServiceUnavailable',
        message: `The database cannot be reached right now; retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
        retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    }
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, body: { error: 'BadRequest', message: err.message } }
  }
  return { status: 500, body: { error: 'InternalServerError', message: 'An unexpected error occurred.' } }
}
