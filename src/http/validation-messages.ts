/**
 * Folio's own sentences for request validation failures (docs/decisions/http.md "Validation messages
 * are Folio's sentences"): the subject names the member in words ("The first name", "The ID of item 1
 * of the fields", 'The query parameter "limit"'), the predicate says what was expected (the allowed
 * values, the limit, the format in words), never Ajv's own text. Ajv runs with `verbose`, so each
 * error carries the schema it failed; a pattern is put in words by the schema's `x-expect`
 * annotation, else its `description`.
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
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
}

/** Members whose name alone does not say what they are. */
const MEMBER_WORDS: Record<string, string> = {
  lexical: 'Lexical editor state',
  email: 'e-mail address',
  smtp: 'SMTP settings',
  publishAt: 'publishing time',
  expiresAt: 'expiry time',
}

/** Words written in capitals when a member's name is put in words. */
const ACRONYMS: Record<string, string> = {
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  urls: 'URLs',
  uri: 'URI',
  html: 'HTML',
  api: 'API',
  smtp: 'SMTP',
  seo: 'SEO',
  json: 'JSON',
  csrf: 'CSRF',
  css: 'CSS',
  mime: 'MIME',
}

function schemaOf(issue: ValidationIssue): Record<string, unknown> {
  return typeof issue.parentSchema === 'object' && issue.parentSchema !== null
    ? (issue.parentSchema as Record<string, unknown>)
    : {}
}

/** "text", "a whole number or null", from a schema's type and nullable. */
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
    case 'const':
      return `must be ${listOf([params.allowedValue])}`
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
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`
    case 'minItems':
      return `must hold at least ${plural(params.limit, 'item')}`
    case 'maxItems':
      return `must hold at most ${plural(params.limit, 'item')}`
    case 'uniqueItems':
      return `must not repeat an item (items ${Number(params.j) + 1} and ${Number(params.i) + 1} are equal)`
    case 'minProperties':
      return `must have at least ${plural(params.limit, 'member')}`
    case 'maxProperties':
      return `must have at most ${plural(params.limit, 'member')}`
    case 'propertyNames':
      return `has a member whose name is not accepted ("${params.propertyName}")`
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
      // Folio's own keywords (`x-free-object`, `x-unsafe-text`) carry a predicate in our words;
      // Ajv's text for the keywords no Folio schema uses is never shown.
      return issue.keyword.startsWith('x-') && issue.message ? issue.message : 'is not valid'
  }
}

/** A member's name in lower-case words: `firstName` → "first name", `parentId` → "parent ID". */
export function nameInWords(name: string): string {
  const known = MEMBER_WORDS[name]
  if (known !== undefined) return known
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase())
  if (words.length === 0) return `"${name}"`
  // A flag named as a question (`isVisible`, `hasPassword`) is "the visible flag".
  if (words.length > 1 && (words[0] === 'is' || words[0] === 'has')) return `${words.slice(1).join(' ')} flag`
  return words.join(' ')
}

/** A JSON pointer's segments, unescaped: `/items/0/a~1b` → `['items', '0', 'a/b']`. */
function segmentsOf(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** `['items', '0', 'title']` → "items[0].title", the member's name in `details`. */
function memberName(segments: readonly string[]): string {
  return segments.reduce(
    (name, segment) =>
      /^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment,
    '',
  )
}

/** `['fields', '0', 'id']` → "the ID of item 1 of the fields" (innermost first). */
function memberInWords(segments: readonly string[]): string {
  return segments
    .map((segment) => (/^\d+$/.test(segment) ? `item ${Number(segment) + 1}` : `the ${nameInWords(segment)}`))
    .reverse()
    .join(' of ')
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Whether a body member's name is a plural noun ("tags", "custom fields", "settings"). */
function isPlural(segments: readonly string[]): boolean {
  const last = segments.at(-1)
  if (last === undefined || /^\d+$/.test(last)) return false
  return /[^su]s$/i.test(nameInWords(last))
}

/** "is required" → "are required" after a plural subject ("The tags are required"). */
function agreeing(predicateText: string, plural: boolean): string {
  return plural ? predicateText.replace(/^is /, 'are ').replace(/^has /, 'have ') : predicateText
}

/** The subject of the sentence: the member in words, or the part when the issue is about all of it. */
function subject(part: HttpPart, segments: readonly string[]): string {
  const parameter =
    part === 'querystring'
      ? 'query parameter'
      : part === 'params'
        ? 'path parameter'
        : part === 'headers'
          ? 'header'
          : undefined
  if (parameter !== undefined) {
    if (segments.length === 0) {
      return part === 'querystring' ? 'The query string' : part === 'params' ? 'The path' : 'The headers'
    }
    const [name, ...rest] = segments
    const named = `the ${parameter} "${name}"`
    return capitalized(rest.length === 0 ? named : `${memberInWords(rest)} of ${named}`)
  }
  return segments.length === 0 ? 'The body' : capitalized(memberInWords(segments))
}

/** The names an object schema allows, for "(accepted: …)". */
function allowedMembers(schema: Record<string, unknown>): string {
  const properties = schema.properties
  return typeof properties === 'object' && properties !== null ? Object.keys(properties).join(', ') : ''
}

/** One issue as `{ path, member?, message }` with a full sentence. */
export function describeIssue(issue: ValidationIssue, part: HttpPart): DescribedIssue {
  const path = `${part}${issue.instancePath}`
  const at = segmentsOf(issue.instancePath)
  if (issue.keyword === 'required') {
    const segments = [...at, String(issue.params.missingProperty)]
    const plural = part === 'body' && isPlural(segments)
    return {
      path,
      member: memberName(segments),
      message: `${subject(part, segments)} ${agreeing('is required', plural)}.`,
    }
  }
  if (issue.keyword === 'additionalProperties') {
    const name = String(issue.params.additionalProperty)
    const segments = [...at, name]
    const allowed = allowedMembers(schemaOf(issue))
    const parameters = at.length === 0 && part !== 'body'
    const accepted =
      allowed !== '' ? `accepted: ${allowed}` : parameters ? `this route takes none` : 'it takes no members'
    // An unknown member has no words of its own: it is named as sent.
    const message = parameters
      ? `${subject(part, segments)} is not accepted here (${accepted}).`
      : `${subject(part, at)} may not contain "${name}" (${accepted}).`
    return { path, member: memberName(segments), message }
  }
  const plural = part === 'body' && isPlural(at)
  return { path, message: `${subject(part, at)} ${agreeing(predicate(issue), plural)}.` }
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
