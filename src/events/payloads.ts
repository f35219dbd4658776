import { type TProperties, type TSchema, Type } from 'typebox'
import { ID_PATTERN } from '../lib/ids.js'

/**
 * The building blocks of an event payload schema, for the `events` a family declares in its
 * `declarations.ts` (docs/decisions/jobs-and-events.md "One catalog of events").
 *
 * A payload is slim and uniform: the record's id and the few facts a consumer needs to tell which
 * record it is (title or name, slug, status, key), on an update `changed` (the names of the members
 * the write changed), and ids of related records. Never a whole record (no html, rich-text tree,
 * custom fields, form answers or collection data): a consumer that needs more reads the record by
 * its id. Never a secret (no password, token or hash, no SMTP password or webhook secret).
 */

export const Id = Type.String({ pattern: ID_PATTERN, description: '24 lowercase hex characters' })

/** `schema` or null (OpenAPI's `nullable: true` in the published document). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const Changed = Type.Array(Type.String(), {
  description: 'The names of the members the write changed (request members, e.g. "title", "status")',
})

/** A payload schema: closed to undeclared members, its description published with the webhook body. */
export function payload<P extends TProperties>(description: string, properties: P) {
  return Type.Object(properties, { additionalProperties: false, description })
}
