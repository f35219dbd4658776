import type { JsonSchema } from '@folio/client'
import type { FormErrors } from '@mantine/form'
import i18next from 'i18next'
import { Errors } from 'typebox/schema'

/** One problem TypeBox's checker finds: its keyword, where in the value and the schema, and the keyword's limits. */
interface SchemaProblem {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
}

/** The part of `schema` a problem's `schemaPath` (`#/properties/tags/items`) points at. */
function schemaAt(schema: JsonSchema, schemaPath: string): JsonSchema | undefined {
  let at: unknown = schema
  for (const part of schemaPath.replace(/^#\/?/, '').split('/')) {
    if (part === '') continue
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~')
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined
  }
  return typeof at === 'object' && at !== null ? (at as JsonSchema) : undefined
}

/**
 * Where a problem at a JSON pointer of the body (`/fields/2/key`) shows in the form: a form path
 * (`fields.2.key`), or undefined to leave it to the API (a member the form does not edit).
 */
export type FieldOf = (pointer: string) => string | undefined

/** The default place of a problem: the pointer's segments as a @mantine/form path. */
export const pathOf: FieldOf = (pointer) => pointer.split('/').slice(1).join('.')

/** A problem at the body's member it is under (`/options/0/label` → `options`), as `lib/errors.ts` places the API's. */
export const memberOf: FieldOf = (pointer) => pointer.split('/')[1] || 'form'

/** A problem at its path without the leading slash (`fields/2/key`), as forms keeping the API's `details` paths do. */
export const slashPathOf: FieldOf = (pointer) => pointer.slice(1) || 'form'

/**
 * A problem's words, in the app's language, from its keyword and limits. A pattern is said with the
 * API's own words for it (`x-expect` of its schema: "an origin such as https://www.example.com"),
 * as the API's refusal would say it.
 */
function messageOf(problem: SchemaProblem, schema: JsonSchema): string {
  const { keyword, params } = problem
  const t = i18next.t.bind(i18next)
  const limit = params.limit as number
  switch (keyword) {
    case 'required':
      return t('validation.required')
    case 'minLength':
      // A string that must not be empty reads as required: the form cannot tell "" from missing.
      return limit === 1 ? t('validation.required') : t('validation.minLength', { count: limit })
    case 'maxLength':
      return t('validation.maxLength', { count: limit })
    case 'minimum':
      return t('validation.minimum', { limit })
    case 'maximum':
      return t('validation.maximum', { limit })
    case 'exclusiveMinimum':
      return t('validation.exclusiveMinimum', { limit })
    case 'exclusiveMaximum':
      return t('validation.exclusiveMaximum', { limit })
    case 'minItems':
      return limit === 1 ? t('validation.required') : t('validation.minItems', { count: limit })
    case 'maxItems':
      return t('validation.maxItems', { count: limit })
    case 'minProperties':
      // A map of texts by language with none filled in.
      return limit === 1 ? t('validation.required') : t('validation.invalid')
    case 'uniqueItems':
      return t('validation.uniqueItems')
    case 'enum':
    case 'const':
      return t('validation.choice')
    case 'pattern': {
      const expected = schemaAt(schema, problem.schemaPath)?.['x-expect']
      return typeof expected === 'string' ? t('validation.expected', { expected }) : t('validation.pattern')
    }
    case 'format':
      return params.format === 'email'
        ? t('validation.email')
        : params.format === 'date-time'
          ? t('validation.dateTime')
          : params.format === 'date'
            ? t('validation.date')
            : t('validation.invalid')
    case 'type': {
      const types = ([] as unknown[]).concat(params.type)
      return types.includes('integer')
        ? t('validation.integer')
        : types.includes('number')
          ? t('validation.number')
          : t('validation.invalid')
    }
    default:
      return t('validation.invalid')
  }
}

/**
 * The problems of `value` against `schema` (a request body of `requestBodies`), as @mantine/form
 * errors: each at the form path `fieldOf` gives for its pointer (a missing member at the member's
 * own path), the first problem of a path kept, in the app's language. Empty when `value` passes.
 */
export function schemaErrors(schema: JsonSchema, value: unknown, fieldOf: FieldOf = pathOf): FormErrors {
  // The generated schemas are plain JSON Schema, which TypeBox's checker reads as they are; it
  // interprets them (no generated code, which the Content-Security-Policy would refuse).
  const [valid, problems] = Errors(schema as Parameters<typeof Errors>[0], value) as [
    boolean,
    SchemaProblem[],
  ]
  const errors: FormErrors = {}
  if (valid) return errors
  for (const problem of problems) {
    const pointers =
      problem.keyword === 'required'
        ? ((problem.params.requiredProperties as string[] | undefined) ?? []).map(
            (member) => `${problem.instancePath}/${member}`,
          )
        : [problem.instancePath]
    for (const pointer of pointers) {
      const field = fieldOf(pointer)
      if (field === undefined || errors[field] !== undefined) continue
      errors[field] = messageOf(problem, schema)
    }
  }
  return errors
}

/**
 * A `validate` for @mantine/form's `useForm`: checks the body the form would send (`toBody` of its
 * values) against the API's schema of that body, so a rule the API has (required, lengths,
 * patterns, limits) is never written again in Studio. Rules the schema cannot say stay in the form.
 */
export function bodyValidator<Values>(
  schema: JsonSchema,
  toBody: (values: Values) => unknown,
  fieldOf: FieldOf = pathOf,
): (values: Values) => FormErrors {
  return (values) => schemaErrors(schema, toBody(values), fieldOf)
}

/**
 * The `minimum` and `maximum` the API's schema of a body (`requestBodies.<operationId>`) sets on
 * one of its members, for a NumberInput's `min` and `max`, so its arrows and clamping keep to the
 * API's limits without saying them again; each undefined when the schema sets none.
 */
export function numberLimits(schema: JsonSchema, member: string): { min?: number; max?: number } {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  const { minimum, maximum } = properties?.[member] ?? {}
  return {
    ...(typeof minimum === 'number' ? { min: minimum } : {}),
    ...(typeof maximum === 'number' ? { max: maximum } : {}),
  }
}
