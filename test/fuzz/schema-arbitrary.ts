import fc from 'fast-check'

/**
 * fast-check arbitraries from the JSON schemas of Folio's OpenAPI document: values a schema
 * accepts (`validValue`) and values it must refuse (`invalidValue`). Covers the subset the document
 * uses (object, array, string with pattern/format/length, integer, number, boolean, enum, anyOf,
 * nullable, free objects). Ids (`^[a-f0-9]{24}$`) come from a pool, so requests hit real records,
 * other tenants' records and missing ones.
 */
export type Schema = Record<string, any>

export const ID_PATTERN = '^[a-f0-9]{24}$'

/** Strings an attacker tries on every text field (docs/decisions/input-hygiene.md "Strings an attacker tries are harmless"). */
export const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  '"; DROP TABLE contents; --',
  '$where: 1',
  '{"$gt": ""}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0007\u001b[31m',
  'ｓｃｒｉｐｔ',
  '__proto__',
  'constructor',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the attack
  '${jndi:ldap://x}',
  '{{7*7}}',
  'x'.repeat(5000),
]

const NESTED_DEEP = (() => {
  let value: unknown = 1
  for (let depth = 0; depth < 2000; depth++) value = { a: value }
  return value
})()

function isIdSchema(schema: Schema): boolean {
  return schema.type === 'string' && schema.pattern === ID_PATTERN
}

function stringValue(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (isIdSchema(schema)) return ids
  const minLength = schema.minLength ?? 0
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40)
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString())
  }
  if (schema.format === 'date') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10))
  }
  if (schema.format === 'email') {
    return fc.stringMatching(/^[a-z]{1,10}@[a-z]{1,10}\.test$/)
  }
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter(
        (text) => text.length >= minLength && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY),
      )
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' })
}

/** A value `schema` accepts. `ids` supplies every 24-hex id. */
export function validValue(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const value = validNonNull(schema, ids)
  return schema.nullable === true ? fc.option(value, { nil: null }) : value
}

function validNonNull(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...schema.anyOf.map((branch: Schema) => validValue(branch, ids)))
  if (Array.isArray(schema.oneOf))
    return fc.oneof(...schema.oneOf.map((branch: Schema) => validValue(branch, ids)))
  switch (schema.type) {
    case 'string':
      return stringValue(schema, ids)
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1_000_000) })
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'array': {
      const item = validValue(schema.items ?? {}, ids)
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) }
      return schema.uniqueItems === true
        ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(item, constraints)
    }
    case 'object':
      return objectValue(schema, ids)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function objectValue(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {}
  if (Object.keys(properties).length === 0) {
    return schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' }),
          fc.jsonValue({ maxDepth: 2 }),
          {
            maxKeys: 4,
          },
        )
  }
  const required = new Set<string>(schema.required ?? [])
  const members = Object.fromEntries(
    Object.entries(properties).map(([name, member]) => [name, validValue(member, ids)]),
  )
  return fc.record(members, { requiredKeys: [...required] as never[] })
}

/** A value of another JSON type than `schema` allows (a string where a number goes, and so on). */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [12345, -1.5, true, 'text', [1, 'two'], { unexpected: true }, null]
  const types = [schema.type].flat().filter(Boolean)
  const accepts = (value: unknown) => {
    if (value === null) return schema.nullable === true || schema.type === undefined
    if (types.length === 0) return true
    if (Array.isArray(value)) return types.includes('array')
    if (typeof value === 'object') return types.includes('object')
    if (typeof value === 'number')
      return types.includes('number') || (types.includes('integer') && Number.isInteger(value))
    return types.includes(typeof value)
  }
  const wrong = candidates.filter((value) => !accepts(value))
  return wrong.length === 0 ? fc.constant(NESTED_DEEP) : fc.constantFrom(...wrong)
}

/** Values `schema` must refuse, or that probe its limits: wrong types, boundaries, hostile text. */
export function invalidValue(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType(schema), fc.constant(NESTED_DEEP)]
  if (schema.type === 'string') {
    options.push(fc.constantFrom(...HOSTILE_STRINGS))
    if (schema.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)))
    if ((schema.minLength ?? 0) > 0) options.push(fc.constant('y'.repeat(schema.minLength - 1)))
    options.push(fc.constant('z'.repeat(100_000)))
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    options.push(fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), 1.5, Number.MAX_SAFE_INTEGER))
    if (schema.maximum !== undefined) options.push(fc.constant(schema.maximum + 1))
    if (schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1))
  }
  if (schema.type === 'array') {
    options.push(fc.array(invalidValue(schema.items ?? {}, ids), { minLength: 1, maxLength: 3 }))
    options.push(fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => 'a')))
  }
  if (schema.type === 'object' && schema.properties !== undefined) {
    options.push(invalidObject(schema, ids))
  }
  return fc.oneof(...options)
}

/** A valid object with one thing wrong: a missing required member, an extra one, or a bad member. */
export function invalidObject(schema: Schema, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {}
  const names = Object.keys(properties)
  const required: string[] = schema.required ?? []
  const base = validValue({ ...schema, nullable: false }, ids) as fc.Arbitrary<Record<string, unknown>>
  const mutations: fc.Arbitrary<unknown>[] = [
    base.map((value) => ({ ...value, unexpectedMember: 'x', __proto__polluted: 1 })),
  ]
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _dropped, ...rest } = value
        return rest
      }),
    )
  }
  if (names.length > 0) {
    mutations.push(
      fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(base, fc.constant(name), invalidValue(properties[name]!, ids)))
        .map(([value, name, bad]) => ({ ...value, [name]: bad })),
    )
  }
  return fc.oneof(...mutations)
}
