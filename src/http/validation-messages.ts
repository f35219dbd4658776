/**
 * Human validation messages from Ajv errors (docs/decisions/input-hygiene.md "Messages name the
 * member and what was expected": the allowed values, the limit, the format in words). Ajv runs with
 * `verbose`, so each error carries the schema it failed; a pattern is put in words by the schema's
 * `x-expect` annotation, else its `description`.
 */
export interface ValidationIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string | undefined
  parentSchema?: unknown
}

/** Fastify's names of the HTTP parts it validates. */
export type HttpPart = 'body' | 'querystring' | 'params' | 'headers' | string

export interface DescribedIssue {
  /** `<part><JSON pointer>`, e.g. `body/title`, `querystring/limit`. */
  path: string
  /** The member the issue is about, when it names one (missing or unknown members). */
  member?: string
  message: string
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  'date-time': 'a date-time (RFC 3339, e.g. 2024-05-01T12:00:00Z)',
  date: 'a date (YYYY-MM-DD)',
  uri: 'an absolute URI',
  url: 'an absolute URL',
  uuid: 'a UUID',
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

function schemaOf(issue: ValidationIssue): Record<string, unknown> {
  return typeof issue.parentSchema === 'object' && issue.parentSchema !== null
    ? (issue.parentSchema as Record<string, unknown>)
    : {}
}

/** "a string", "an integer or null", from a schema's type and nullable. */
function typeWords(schema: Record<string, unknown>, fallback: unknown): string {
  const types = [schema.type ?? fallback].flat().map((type) => TYPE_WORDS[String(type)] ?? String(type))
  if (schema.nullable === true && !types.includes('null')) types.push('null')
  return types.join(' or ')
}

/** What a schema expects, in words, for a union branch or a pattern. */
function expectation(schema: Record<string, unknown>): string | undefined {
  if (typeof schema['x-expect'] === 'string') return schema['x-expect']
  if (typeof schema.description === 'string') return schema.description
  if (typeof schema.format === 'string')
    return FORMAT_WORDS[schema.format] ?? `in the ${schema.format} format`
  return undefined
}

function listOf(values: unknown[]): string {
  return values.map((value) => (value === null ? 'null' : String(value))).join(', ')
}

const plural = (count: unknown, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** The sentence after the subject: "must be one of draft, published". */
function predicate(issue: ValidationIssue): string {
  const schema = schemaOf(issue)
  const params = issue.params
  switch (issue.keyword) {
    case 'type':
      return `must be ${typeWords(schema, params.type)}`
    case 'enum':
      return `must be one of ${listOf((params.allowedValues as unknown[]) ?? [])}`
    case 'minLength':
      return `must be at least ${plural(params.limit, 'character')} long`
    case 'maxLength':
      return `must be at most ${plural(params.limit, 'character')} long`
    case 'minimum':
      return `must be ${params.limit} or more`
    case 'maximum':
      return `must be ${params.limit} or less`
    case 'exclusiveMinimum':
      return `must be more than ${params.limit}`
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`
    case 'minItems':
      return `must hold at least ${plural(params.limit, 'item')}`
    case 'maxItems':
      return `must hold at most ${plural(params.limit, 'item')}`
    case 'uniqueItems':
      return `must not repeat an item (items ${params.j} and ${params.i} are equal)`
    case 'minProperties':
      return `must have at least ${plural(params.limit, 'member')}`
    case 'maxProperties':
      return `must have at most ${plural(params.limit, 'member')}`
    case 'pattern':
      if (typeof schema['x-expect'] === 'string') return `must be ${schema['x-expect']}`
      if (typeof schema.description === 'string') return `must match: ${schema.description}`
      return `must match the pattern ${params.pattern}`
    case 'format':
      return `must be ${FORMAT_WORDS[String(params.format)] ?? `in the ${params.format} format`}`
    case 'anyOf':
    case 'oneOf': {
      const branches = (schema[issue.keyword] as Record<string, unknown>[] | undefined) ?? []
      // A union of literals (TypeBox `Union([Literal(…), …])`) names its values, like an enum.
      if (
        expectation(schema) === undefined &&
        branches.length > 0 &&
        branches.every((branch) => 'const' in branch)
      ) {
        return `must be one of ${listOf(branches.map((branch) => branch.const))}`
      }
      const words = branches.map((branch) => expectation(branch) ?? typeWords(branch, 'value'))
      return `must be ${expectation(schema) ?? words.join(' or ')}`
    }
    default:
      return issue.message ?? 'is invalid'
  }
}

/** `body/items/0/title` → "items[0].title"; '' for the root. */
function memberName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (name, segment) =>
        /^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment,
      '',
    )
}

function subject(part: HttpPart, member: string): string {
  if (part === 'querystring') return member === '' ? 'The query string' : `Query parameter "${member}"`
  if (part === 'params') return member === '' ? 'The path' : `Path parameter "${member}"`
  if (part === 'headers') return member === '' ? 'The headers' : `Header "${member}"`
  return member === '' ? 'The body' : `"${member}"`
}

/** The names an object schema allows, for "is not allowed here (allowed: …)". */
function allowedMembers(schema: Record<string, unknown>): string {
  const properties = schema.properties
  return typeof properties === 'object' && properties !== null ? Object.keys(properties).join(', ') : ''
}

/** One issue as `{ path, member?, message }` with a full sentence. */
export function describeIssue(issue: ValidationIssue, part: HttpPart): DescribedIssue {
  const path = `${part}${issue.instancePath}`
  if (issue.keyword === 'required') {
    const member = memberName(`${issue.instancePath}/${String(issue.params.missingProperty)}`)
    return { path, member, message: `${subject(part, member)} is required.` }
  }
  if (issue.keyword === 'additionalProperties') {
    const member = memberName(`${issue.instancePath}/${String(issue.params.additionalProperty)}`)
    const allowed = allowedMembers(schemaOf(issue))
    const known = allowed === '' ? 'none are accepted' : `allowed: ${allowed}`
    return { path, member, message: `${subject(part, member)} is not allowed here (${known}).` }
  }
  const member = memberName(issue.instancePath)
  return { path, message: `${subject(part, member)} ${predicate(issue)}.` }
}

/**
 * The issues worth telling: a union's own error replaces the errors of its branches (which only
 * say how each alternative failed), then each remaining issue is described.
 */
export function describeValidation(issues: readonly ValidationIssue[], part: HttpPart): DescribedIssue[] {
  const unions = issues.filter((issue) => issue.keyword === 'anyOf' || issue.keyword === 'oneOf')
  const kept = issues.filter(
    (issue) =>
      unions.includes(issue) ||
      !unions.some(
        (union) =>
          issue.instancePath === union.instancePath ||
          issue.instancePath.startsWith(`${union.instancePath}/`),
      ),
  )
  return kept.map((issue) => describeIssue(issue, part))
}
