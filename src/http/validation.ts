import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import type { DataValidationCxt } from 'ajv/dist/types/index.js'
import formats, { type FormatsPlugin } from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { type FreeObjectLimits, freeObjectProblem } from '../lib/free-object.js'
import { findUnsafeText } from './unsafe-text.js'

/**
 * Request validation (docs/decisions/input-hygiene.md):
 * - JSON bodies are never type-coerced (`{"title": 12345}` is a 400); query strings and path
 *   parameters arrive as text and are coerced, so each HTTP part has its own Ajv instance.
 * - Every part is first searched for text PostgreSQL cannot store (NUL, lone surrogates): one check
 *   for every route, at validation.
 * - Free objects carry the `x-free-object` keyword with their limits.
 * - `verbose` keeps each error's schema, so `validation-messages.ts` can say what was expected.
 */
function createAjv(coerce: boolean, allErrors = false): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    // One error per request by default: collecting all of them lets a crafted body cost more
    // (Fastify's default). Editing forms opt in per schema (ALL_ERRORS).
    allErrors,
    verbose: true,
    addUsedSchema: false,
  })
  // ajv-formats is CommonJS: under Node's ESM loader its default import is the plugin itself.
  ;(formats as unknown as FormatsPlugin)(ajv)
  // Documentation-only keywords of the OpenAPI document.
  ajv.addVocabulary(['example', 'x-expect', ALL_ERRORS])
  ajv.addKeyword({
    keyword: 'x-free-object',
    schemaType: 'object',
    errors: true,
    validate: function validateFreeObject(
      limits: FreeObjectLimits,
      data: unknown,
      _parentSchema?: unknown,
      dataContext?: DataValidationCxt,
    ) {
      const problem = freeObjectProblem(data, limits)
      if (problem === undefined) return true
      const instancePath = dataContext?.instancePath ?? ''
      ;(validateFreeObject as ValidateFunction).errors = [
        { keyword: 'x-free-object', instancePath, schemaPath: '', params: { phrase: problem } },
      ]
      return false
    },
  })
  return ajv
}

/**
 * A body schema annotated `{ [ALL_ERRORS]: true }` reports every failing member at once (`details`
 * lists each), for bodies an editor fills in as a form (contents), where fixing one member at a
 * time would take a round trip each. Its cost stays bounded by the body limit and the schema.
 */
export const ALL_ERRORS = 'x-all-errors'

/**
 * The Ajvs of the process, made on first use. Ajv keeps what it compiled per schema object, and the
 * routes' schemas are module constants: a process that builds several apps (the test suite builds
 * one per file) compiles each schema once. Nothing is added to them by id (`addUsedSchema: false`).
 */
let ajvs: { body: Ajv; allErrorsBody: Ajv; text: Ajv } | undefined

/**
 * The validator compiler for `app.setValidatorCompiler`: Ajvs for bodies (first error, all errors)
 * and the rest. Each validator is compiled when its route is first called; a schema Ajv cannot
 * compile throws then (a 500), and `route-schemas.test.ts` compiles every route's.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  ajvs ??= { body: createAjv(false), allErrorsBody: createAjv(false, true), text: createAjv(true) }
  const { body: bodyAjv, allErrorsBody: allErrorsBodyAjv, text: textAjv } = ajvs
  return ({ schema, httpPart }) => {
    const ajv =
      httpPart !== 'body'
        ? textAjv
        : (schema as Record<string, unknown>)[ALL_ERRORS] === true
          ? allErrorsBodyAjv
          : bodyAjv
    // Compiled at the route's first request: see `lazySerializerFactory` (serialization.ts) for why.
    let validate: ValidateFunction | undefined
    const checked = (data: unknown) => {
      const unsafe = findUnsafeText(data)
      if (unsafe !== undefined) {
        const error: ErrorObject = {
          keyword: 'x-unsafe-text',
          instancePath: unsafe.path,
          schemaPath: '',
          params: { phrase: unsafe.message },
        }
        checked.errors = [error]
        return false
      }
      validate ??= ajv.compile(schema as object)
      const valid = validate(data)
      checked.errors = validate.errors
      return valid
    }
    checked.errors = null as ErrorObject[] | null | undefined
    return checked
  }
}
