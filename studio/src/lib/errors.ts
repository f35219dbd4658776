import { FolioError } from '@folio/client'

/** A form's errors by member name (`title`, `slug` …); `form` holds what names no member. */
export type FieldErrors = Record<string, string>

/**
 * The errors a form shows beside its fields, from a failed call: each `details` entry of a
 * `ValidationFailed` goes to the member it names (`member`, else the first segment of its
 * `path` after `body/` or `/`); an error code listed in `byCode` (e.g. `SlugConflict: 'slug'`) goes to
 * that field; anything else (a network failure, another code) goes to `form`.
 */
export function fieldErrors(error: unknown, byCode: Record<string, string> = {}): FieldErrors {
  if (!(error instanceof FolioError)) {
    return { form: error instanceof Error ? error.message : String(error) }
  }
  const field = byCode[error.code]
  if (field !== undefined) return { [field]: error.message }
  const errors: FieldErrors = {}
  for (const detail of error.details ?? []) {
    const message = typeof detail.message === 'string' ? detail.message : error.message
    const name = memberOf(detail) ?? 'form'
    errors[name] = errors[name] === undefined ? message : `${errors[name]} ${message}`
  }
  if (Object.keys(errors).length === 0) errors.form = error.message
  return errors
}

function memberOf(detail: Record<string, unknown>): string | undefined {
  if (typeof detail.member === 'string' && detail.member !== '') return detail.member
  if (typeof detail.path !== 'string') return undefined
  const [part, first] = detail.path.split('/')
  // `body/<member>` from schema validation; `/<member>` from a service's own checks of the body.
  return (part === 'body' || part === '') && first !== undefined && first !== '' ? first : undefined
}

/**
 * Whether a failed call means the session is gone (the app then returns to sign-in). A 401
 * `InvalidCredentials` is a wrong current password typed into a form (transfer, deletion, restore),
 * shown at its field: the session still holds.
 */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof FolioError && error.status === 401 && error.code !== 'InvalidCredentials'
}
