import type { components } from './schema.js'

/** The codes Folio answers errors with: the catalog, as the OpenAPI document's `ErrorCode` enum. */
export type FolioErrorCode = components['schemas']['ErrorCode']

/**
 * Folio's error body: `{ error, message }`, `details` for validation (one entry per failing member),
 * and the extra members some codes carry (`retryAfter`, `limit`, `usage`, `suggestions` …).
 */
export type FolioErrorBody = components['schemas']['ErrorBody']

/**
 * The code of a failed answer that is not Folio's error body (a proxy's error page, an empty
 * body): the client's own, beside the server's codes.
 */
export type UnexpectedResponse = 'UnexpectedResponse'

/**
 * A failed answer of the Folio API. `code` is the stable code to branch on (never the message);
 * `status` the HTTP status; `details` the failing members of a `ValidationFailed`; `body` the
 * whole error body (undefined for an `UnexpectedResponse`). A server newer than this client may
 * answer a code the union does not list yet.
 */
export class FolioError extends Error {
  override readonly name = 'FolioError'
  readonly status: number
  readonly code: FolioErrorCode | UnexpectedResponse
  readonly details: FolioErrorBody['details']
  readonly body: FolioErrorBody | undefined

  constructor(status: number, body: FolioErrorBody | undefined, message?: string) {
    super(body?.message ?? message ?? `Folio answered HTTP ${status}.`)
    this.status = status
    this.code = body?.error ?? 'UnexpectedResponse'
    this.details = body?.details
    this.body = body
  }

  /** The error of an answer whose body openapi-fetch parsed (`error`: JSON, or the raw text). */
  static of(response: Response, error: unknown): FolioError {
    if (isErrorBody(error)) return new FolioError(response.status, error)
    const text = typeof error === 'string' && error !== '' ? `: ${error.slice(0, 200)}` : ''
    return new FolioError(response.status, undefined, `Folio answered HTTP ${response.status}${text}`)
  }
}

function isErrorBody(value: unknown): value is FolioErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const body = value as Record<string, unknown>
  return typeof body.error === 'string' && typeof body.message === 'string'
}

/** What an openapi-fetch call resolves to: `data` on success, `error` otherwise. */
export interface FetchResult<T> {
  data?: T
  error?: unknown
  response: Response
}

/**
 * The data of a successful call, or a thrown `FolioError` (typed code, status, details) for a
 * failed one. Takes the call's promise or its result:
 * `const { content } = await unwrap(folio.GET('/api/contents/{id}', { params: { path: { id } } }))`.
 * A call that never got an answer (network failure) rejects with fetch's own error.
 */
export async function unwrap<T>(result: FetchResult<T> | Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await result
  if (!response.ok || error !== undefined) throw FolioError.of(response, error)
  return data as T
}
