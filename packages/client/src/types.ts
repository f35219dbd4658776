import type { components, operations } from './schema.js'

/**
 * A `resource:action` permission of the API (its document's `Permission` component, from the
 * server's permission registry): what a route needs and a role grants.
 */
export type Permission = components['schemas']['Permission']

type Operation = keyof operations
/** An operation's query parameters. */
export type QueryOf<O extends Operation> = NonNullable<operations[O]['parameters']['query']>
/** An operation's JSON request body. */
export type BodyOf<O extends Operation> = operations[O] extends {
  requestBody: { content: { 'application/json': infer B } }
}
  ? B
  : never
/** The JSON body of an operation's success answer (its 200, else its 201). */
export type AnswerOf<O extends Operation> = operations[O]['responses'] extends {
  200: { content: { 'application/json': infer A } }
}
  ? A
  : operations[O]['responses'] extends { 201: { content: { 'application/json': infer A } } }
    ? A
    : never
/** A JSON Schema (an object of keywords), as `requestBodies` holds them. */
export type JsonSchema = { readonly [keyword: string]: unknown }
