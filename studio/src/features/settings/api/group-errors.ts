import { FolioError } from '@folio/client'
import type { FieldOf } from '../../../lib/validation'

/** A settings form's errors by the path below its group (`url`, `allowedOrigins/0`); `form` for the rest. */
export type GroupErrors = Record<string, string>

/**
 * The errors of a failed save of `group`, each where its `details` path points:
 * `body/edgeGateway/allowedOrigins/2` goes to `allowedOrigins/2`, so the form shows it under that
 * very origin. A detail naming the whole group goes to the group's name (`metadata`); one naming
 * nothing in the group, or an error without details, goes to `form`.
 */
export function groupErrors(error: unknown, group: string): GroupErrors {
  if (!(error instanceof FolioError)) return { form: error instanceof Error ? error.message : String(error) }
  const errors: GroupErrors = {}
  const prefix = `body/${group}/`
  for (const detail of error.details ?? []) {
    const message = typeof detail.message === 'string' ? detail.message : error.message
    const path = typeof detail.path === 'string' ? detail.path : ''
    const key =
      path === `body/${group}` ? group : path.startsWith(prefix) ? path.slice(prefix.length) : 'form'
    errors[key] = errors[key] === undefined ? message : `${errors[key]} ${message}`
  }
  if (Object.keys(errors).length === 0) errors.form = error.message
  return errors
}

/**
 * Where a problem the form's own check finds in a save of `group` shows (`/webhook/url` → `url`),
 * as `groupErrors` places the API's.
 */
export function groupFieldOf(group: string): FieldOf {
  return (pointer) =>
    pointer === `/${group}`
      ? group
      : pointer.startsWith(`/${group}/`)
        ? pointer.slice(group.length + 2)
        : 'form'
}
