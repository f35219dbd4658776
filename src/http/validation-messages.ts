/**
 * Folio's own sentences for request validation failures (docs/decisions/http.md "Validation messages
 * are Folio's sentences"): the subject names the member in words ("The first name", "The ID of item 1
 * of the fields", 'The query parameter "limit"'), the predicate says what was expected (the allowed
 * values, the limit, the format in words), never Ajv's own text. Ajv runs with `verbose`, so each
 * error carries the schema it failed; a pattern is put in words by the schema's `x-expect`
 * annotation, else its `description`. The sentences are phrases of the catalogs' `validation` group,
 * put in the request's language when the error is answered: English names a member in words
 * (`memberWords`), Turkish quotes it as sent (`memberPath`; docs/decisions/http.md "Messages in the
 * reader's language").
 */
import { addFormatter, catalogPhrase, type Param, Phrase, expectation as wording } from '../i18n/index.js'

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
  message: Phrase
}

/** The formats with words of their own in the catalogs (`validation.formats`). */
const FORMATS = new Set(['email', 'date-time', 'date', 'uri', 'url', 'uuid'])

/** The JSON types (and `value`, a schema without one) with words in the catalogs (`validation.types`). */
const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null', 'value'])

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

/** `alternatives` joined by "or": "text or null". */
function either(alternatives: Param[]): Param {
  if (alternatives.length === 0) return ''
  return alternatives.reduce((first, second) => catalogPhrase('validation.or', { first, second }))
}

function typeWord(type: string): Param {
  return TYPES.has(type) ? catalogPhrase(`validation.types.${type}` as 'validation.types.string') : type
}

/** "text", "a whole number or null", from a schema's type and nullable. */
function typeWords(schema: Record<string, unknown>, fallback: unknown): Param {
  const types = [schema.type ?? fallback].flat().map(String)
  if (schema.nullable === true && !types.includes('null')) types.push('null')
  return either(types.map(typeWord))
}

function formatWords(format: string): Phrase {
  return FORMATS.has(format)
    ? catalogPhrase(`validation.formats.${format}` as 'validation.formats.email')
    : catalogPhrase('validation.formats.other', { format })
}

/** What a schema expects, in words, for a union branch or a pattern. */
function expectation(schema: Record<string, unknown>): Param | undefined {
  if (typeof schema['x-expect'] === 'string') return wording(schema['x-expect'])
  if (typeof schema.description === 'string') return wording(schema.description)
  if (typeof schema.format === 'string') return formatWords(schema.format)
  return undefined
}

function listOf(values: unknown[]): string {
  return values.map((value) => (value === null ? 'null' : String(value))).join(', ')
}

const mustBe = (what: Param) => catalogPhrase('validation.mustBe', { what })

/** The sentence after the subject: "must be one of draft, published". */
function predicate(issue: ValidationIssue): Phrase {
  const schema = schemaOf(issue)
  const params = issue.params
  const limit = Number(params.limit)
  switch (issue.keyword) {
    case 'type':
      return mustBe(typeWords(schema, params.type))
    case 'enum':
      return catalogPhrase('validation.oneOf', { values: listOf((params.allowedValues as unknown[]) ?? []) })
    case 'const':
      return mustBe(listOf([params.allowedValue]))
    case 'minLength':
      return catalogPhrase('validation.minLength', { count: limit })
    case 'maxLength':
      return catalogPhrase('validation.maxLength', { count: limit })
    case 'minimum':
      return catalogPhrase('validation.minimum', { limit })
    case 'maximum':
      return catalogPhrase('validation.maximum', { limit })
    case 'exclusiveMinimum':
      return catalogPhrase('validation.exclusiveMinimum', { limit })
    case 'exclusiveMaximum':
      return catalogPhrase('validation.exclusiveMaximum', { limit })
    case 'multipleOf':
      return catalogPhrase('validation.multipleOf', { multipleOf: Number(params.multipleOf) })
    case 'minItems':
      return catalogPhrase('validation.minItems', { count: limit })
    case 'maxItems':
      return catalogPhrase('validation.maxItems', { count: limit })
    case 'uniqueItems':
      return catalogPhrase('validation.uniqueItems', {
        first: Number(params.j) + 1,
        second: Number(params.i) + 1,
      })
    case 'minProperties':
      return catalogPhrase('validation.minProperties', { count: limit })
    case 'maxProperties':
      return catalogPhrase('validation.maxProperties', { count: limit })
    case 'propertyNames':
      return catalogPhrase('validation.propertyName', { name: String(params.propertyName) })
    case 'pattern':
      if (typeof schema['x-expect'] === 'string') return mustBe(wording(schema['x-expect']))
      if (typeof schema.description === 'string') {
        return catalogPhrase('validation.matchDescription', { description: wording(schema.description) })
      }
      return catalogPhrase('validation.matchPattern', { pattern: String(params.pattern) })
    case 'format':
      return mustBe(formatWords(String(params.format)))
    case 'anyOf':
    case 'oneOf': {
      const branches = (schema[issue.keyword] as Record<string, unknown>[] | undefined) ?? []
      // A union of literals (TypeBox `Union([Literal(…), …])`) names its values, like an enum.
      if (
        expectation(schema) === undefined &&
        branches.length > 0 &&
        branches.every((branch) => 'const' in branch)
      ) {
        return catalogPhrase('validation.oneOf', { values: listOf(branches.map((branch) => branch.const)) })
      }
      const words = branches.map((branch) => expectation(branch) ?? typeWords(branch, 'value'))
      return mustBe(expectation(schema) ?? either(words))
    }
    default:
      // Folio's own keywords (`x-free-object`, `x-unsafe-text`) carry their predicate as a phrase;
      // Ajv's text for the keywords no Folio schema uses is never shown.
      return issue.keyword.startsWith('x-') && params.phrase instanceof Phrase
        ? params.phrase
        : catalogPhrase('validation.invalid')
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

/** `['items', '0', 'a/b']` → `/items/0/a~1b`, how a member travels in a phrase. */
function pointerOf(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
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

// A member in a sentence, given as a JSON pointer: English puts it in words at the head of the
// sentence ("The ID of item 1 of the fields"), Turkish names it as sent ("fields[0].id").
addFormatter('memberWords', (pointer) => capitalized(memberInWords(segmentsOf(String(pointer)))))
addFormatter('memberPath', (pointer) => memberName(segmentsOf(String(pointer))))

/** Whether a body member's name is a plural noun ("tags", "custom fields", "settings"). */
function isPlural(segments: readonly string[]): boolean {
  const last = segments.at(-1)
  if (last === undefined || /^\d+$/.test(last)) return false
  return /[^su]s$/i.test(nameInWords(last))
}

/** "is required" → "are required" after a plural subject ("The tags are required"), in English. */
function agreeing(predicateText: Phrase, plural: boolean): Phrase {
  return plural ? predicateText.in('plural') : predicateText
}

const PARAMETERS = {
  querystring: {
    whole: 'validation.subject.queryString',
    one: 'validation.subject.queryParameter',
    member: 'validation.subject.queryParameterMember',
  },
  params: {
    whole: 'validation.subject.path',
    one: 'validation.subject.pathParameter',
    member: 'validation.subject.pathParameterMember',
  },
  headers: {
    whole: 'validation.subject.headers',
    one: 'validation.subject.header',
    member: 'validation.subject.headerMember',
  },
} as const

/** The subject of the sentence: the member, or the part when the issue is about all of it. */
function subject(part: HttpPart, segments: readonly string[]): Phrase {
  const parameter = PARAMETERS[part as keyof typeof PARAMETERS]
  if (parameter !== undefined) {
    if (segments.length === 0) return catalogPhrase(parameter.whole)
    const [name = '', ...rest] = segments
    return rest.length === 0
      ? catalogPhrase(parameter.one, { name })
      : catalogPhrase(parameter.member, { name, member: pointerOf(rest) })
  }
  return segments.length === 0
    ? catalogPhrase('validation.subject.body')
    : catalogPhrase('validation.subject.member', { member: pointerOf(segments) })
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
      message: catalogPhrase('validation.sentence', {
        subject: subject(part, segments),
        predicate: agreeing(catalogPhrase('validation.required'), plural),
      }),
    }
  }
  if (issue.keyword === 'additionalProperties') {
    const name = String(issue.params.additionalProperty)
    const segments = [...at, name]
    const allowed = allowedMembers(schemaOf(issue))
    const parameters = at.length === 0 && part !== 'body'
    const accepted =
      allowed !== ''
        ? catalogPhrase('validation.accepted', { members: allowed })
        : catalogPhrase(parameters ? 'validation.takesNoParameters' : 'validation.takesNoMembers')
    // An unknown member has no words of its own: it is named as sent.
    const message = parameters
      ? catalogPhrase('validation.notAccepted', { subject: subject(part, segments), accepted })
      : catalogPhrase('validation.mayNotContain', { subject: subject(part, at), name, accepted })
    return { path, member: memberName(segments), message }
  }
  const plural = part === 'body' && isPlural(at)
  return {
    path,
    message: catalogPhrase('validation.sentence', {
      subject: subject(part, at),
      predicate: agreeing(predicate(issue), plural),
    }),
  }
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
