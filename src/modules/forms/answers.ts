import { errors } from '../../errors.js'
import { catalogPhrase, type Phrase, phrase, semicolonList } from '../../i18n/index.js'
import { compilePattern } from './pattern.js'
import type { Field } from './schemas.js'

/** Longest text answer when a field sets no `maxLength` (characters). */
export const ANSWER_MAX_LENGTH = 10_000

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/**
 * Longest e-mail address (RFC 5321 §4.5.3.1.3: a path of at most 256 octets, brackets included).
 * Checked before EMAIL, which backtracks in time quadratic in the answer's length.
 */
const EMAIL_MAX_LENGTH = 254
const PHONE = /^\+?[0-9 ().-]{3,30}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const MEDIA_ID = /^[a-f0-9]{24}$/

/**
 * Checks a submission's `data` against the fields of the published version and returns the answers
 * to store (only fields with a value; `section` fields take none).
 * @throws ValidationFailed (400) listing every failing field in `details` ({ field, message }),
 * unknown fields included.
 */
export function checkAnswers(
  fields: readonly Field[],
  data: Record<string, unknown>,
): Record<string, unknown> {
  const problems: { field: string; message: Phrase }[] = []
  const byId = new Map(fields.filter((field) => field.type !== 'section').map((field) => [field.id, field]))
  for (const key of Object.keys(data)) {
    if (!byId.has(key)) problems.push({ field: key, message: phrase('forms.answers.notAField') })
  }
  const answers: Record<string, unknown> = {}
  for (const field of byId.values()) {
    const value = data[field.id]
    const empty =
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
    if (empty) {
      if (field.required === true)
        problems.push({ field: field.id, message: catalogPhrase('validation.required') })
      continue
    }
    const problem = answerProblem(field, value)
    if (problem === undefined) answers[field.id] = typeof value === 'string' ? value.trim() : value
    else problems.push({ field: field.id, message: problem })
  }
  if (problems.length > 0) {
    const list = semicolonList(
      problems.map((p) => phrase('common.memberProblem', { member: p.field, problem: p.message })),
    )
    throw errors.validation(phrase('forms.answers.invalid', { list }), problems)
  }
  return answers
}

function answerProblem(field: Field, value: unknown): Phrase | undefined {
  const rules = field.validation ?? {}
  const options = new Set((field.options ?? []).map((option) => option.value))
  switch (field.type) {
    case 'number':
    case 'rating': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return phrase('collections.values.number')
      const max = rules.max ?? (field.type === 'rating' ? 5 : undefined)
      const min = rules.min ?? (field.type === 'rating' ? 1 : undefined)
      if (min !== undefined && value < min) return phrase('forms.answers.atLeast', { limit: min })
      if (max !== undefined && value > max) return phrase('forms.answers.atMost', { limit: max })
      return undefined
    }
    case 'checkbox':
      if (options.size === 0)
        return typeof value === 'boolean' ? undefined : phrase('collections.values.boolean')
      return choicesProblem(value, options)
    case 'multi-select':
      return choicesProblem(value, options)
    case 'select':
    case 'radio':
      if (typeof value !== 'string') return phrase('collections.values.string')
      return options.has(value)
        ? undefined
        : phrase('collections.values.oneOf', { values: [...options].join(', ') })
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
        return phrase('forms.answers.date')
      }
      return undefined
    case 'file':
      return typeof value === 'string' && MEDIA_ID.test(value) ? undefined : phrase('forms.answers.mediaId')
    default:
      return textProblem(field, value)
  }
}

function choicesProblem(value: unknown, options: Set<string>): Phrase | undefined {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    return phrase('forms.answers.listOfStrings')
  if (new Set(value).size !== value.length) return phrase('forms.answers.repeatedChoice')
  const unknown = value.find((item) => !options.has(item))
  return unknown === undefined
    ? undefined
    : phrase('forms.answers.unknownChoice', { choice: unknown, options: [...options].join(', ') })
}

/** The longest text answer `field` takes (characters): its `maxLength`, at most ANSWER_MAX_LENGTH. */
export function answerMaxLength(field: Field): number {
  return Math.min(field.validation?.maxLength ?? ANSWER_MAX_LENGTH, ANSWER_MAX_LENGTH)
}

function textProblem(field: Field, value: unknown): Phrase | undefined {
  if (typeof value !== 'string') return phrase('collections.values.string')
  const text = value.trim()
  const rules = field.validation ?? {}
  const maxLength = answerMaxLength(field)
  if (text.length > maxLength) return phrase('collections.values.tooLong', { most: maxLength })
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    return phrase('forms.answers.tooShort', { least: rules.minLength })
  }
  if (field.type === 'email' && (text.length > EMAIL_MAX_LENGTH || !EMAIL.test(text))) {
    return phrase('forms.answers.email')
  }
  if (field.type === 'phone' && !PHONE.test(text)) return phrase('forms.answers.phone')
  if (field.type === 'url' && !isHttpUrl(text)) return phrase('forms.answers.url')
  if (rules.pattern === undefined) return undefined
  // RE2, in time linear in the answer; a version published before RE2 may hold a pattern it refuses.
  const pattern = compilePattern(rules.pattern)
  if (!pattern.ok) {
    return phrase('forms.answers.uncheckable', { pattern: rules.pattern, problem: pattern.problem })
  }
  return pattern.test(text) ? undefined : phrase('forms.answers.noMatch', { pattern: rules.pattern })
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
