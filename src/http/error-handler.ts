import type { FastifyError, FastifyInstance } from 'fastify'
import { pgErrorOf } from '../db/errors.js'
import { AppError } from './errors.js'

interface Rendered {
  status: number
  body: Record<string, unknown>
  headers?: Record<string, string>
}

const FASTIFY_CODES: Record<string, [number, string, string?]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PayloadTooLarge', 'The request body is larger than the server accepts.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UnsupportedMediaType', 'Send the body as application/json.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BadRequest', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BadRequest', 'The body is not valid JSON.'],
}

/** PostgreSQL errors a client can cause, by SQLSTATE (style.md 4.4, after directus' dialect map). */
const PG_CODES: Record<string, [number, string, string]> = {
  '23505': [409, 'Conflict', 'A record with the same unique value already exists.'],
  '23503': [409, 'Conflict', 'The record refers to something that does not exist, or is still referred to.'],
  '22001': [400, 'ValidationFailed', 'A value is longer than allowed.'],
  '22P02': [400, 'ValidationFailed', 'A value has the wrong format.'],
}

/** The one error renderer: every error leaves as `{ error, message }` (decisions.md "HTTP conventions"). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const rendered = render(err)
    if (rendered.status >= 500) request.log.error({ err }, 'request failed')
    if (rendered.headers) reply.headers(rendered.headers)
    return reply.status(rendered.status).send(rendered.body)
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  )
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
    return {
      status: 400,
      body: {
        error: 'ValidationFailed',
        message: err.message,
        details: err.validation.map((issue) => ({
          path: `${err.validationContext ?? ''}${issue.instancePath}`,
          message: issue.message ?? 'is invalid',
          ...(issue.params && 'additionalProperty' in issue.params
            ? { member: String(issue.params.additionalProperty) }
            : {}),
        })),
      },
    }
  }
  const known = err.code ? FASTIFY_CODES[err.code] : undefined
  if (known) return { status: known[0], body: { error: known[1], message: known[2] ?? err.message } }
  const pgError = pgErrorOf(err)
  const pgKnown = pgError ? PG_CODES[pgError.code] : undefined
  if (pgKnown) return { status: pgKnown[0], body: { error: pgKnown[1], message: pgKnown[2] } }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, body: { error: 'BadRequest', message: err.message } }
  }
  return { status: 500, body: { error: 'InternalServerError', message: 'An unexpected error occurred.' } }
}
