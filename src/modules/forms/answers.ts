import { errors } from '../../errors.js'
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
  const problems: { field: string; message: string }[] = []
  const byId = new Map(fields.filter((field) => field.type !== 'section').map((field) => [field.id, field]))
  for (const key of Object.keys(data)) {
    if (!byId.has(key)) problems.push({ field: key, message: 'is not a field of this form' })
  }
  const answers: Record<string, unknown> = {}
  for (const field of byId.values()) {
    const value = data[field.id]
    const empty =
      value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
    if (empty) {
      if (field.required === true) problems.push({ field: field.id, message: 'is required' })
      continue
    }
    const problem = answerProblem(field, value)
    if (problem === undefined) answers[field.id] = typeof value === 'string' ? value.trim() : value
    else problems.push({ field: field.id, message: problem })
  }
  if (problems.length > 0) {
    throw errors.validation(
      `The submission is invalid: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}.`,
      problems,
    )
  }
  return answers
}

function answerProblem(field: Field, value: unknown): string | undefined {
  const rules = field.validation ?? {}
  const options = new Set((field.options ?? []).map((option) => option.value))
  switch (field.type) {
    case 'number':
    case 'rating': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number'
      const max = rules.max ?? (field.type === 'rating' ? 5 : undefined)
      const min = rules.min ?? (field.type === 'rating' ? 1 : undefined)
      if (min !== undefined && value < min) return `must be at least ${min}`
      if (max !== undefined && value > max) return `must be at most ${max}`
      return undefined
    }
    case 'checkbox':
      if (options.size === 0) return typeof value === 'boolean' ? undefined : 'must be true or false'
      return choicesProblem(value, options)
    case 'multi-select':
      return choicesProblem(value, options)
    case 'select':
    case 'radio':
      if (typeof value !== 'string') return 'must be a string'
      return options.has(value) ? undefined : `must be one of ${[...options].join(', ')}`
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
        return 'must be a date (YYYY-MM-DD)'
      }
      return undefined
    case 'file':
      return typeof value === 'string' && MEDIA_ID.test(value)
        ? undefined
        : 'must be a media id (24 hex characters)'
    default:
      return textProblem(field, value)
  }
}

function choicesProblem(value: unknown, options: Set<string>): string | undefined {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    return 'must be a list of strings'
  if (new Set(value).size !== value.length) return 'must not repeat a choice'
  const unknown = value.find((item) => !options.has(item))
  return unknown === undefined
    ? undefined
    : `has "${unknown}", which is not one of ${[...options].join(', ')}`
}

/** The longest text answer `field` takes (characters): its `maxLength`, at most ANSWER_MAX_LENGTH. */
export function answerMaxLength(field: Field): number {
  return Math.min(field.validation?.maxLength ?? ANSWER_MAX_LENGTH, ANSWER_MAX_LENGTH)
}

function textProblem(field: Field, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string'
  const text = value.trim()
  const rules = field.validation ?? {}
  const maxLength = answerMaxLength(field)
  if (text.length > maxLength) return `must be at most ${maxLength} characters`
  if (rules.minLength !== undefined && text.length < rules.minLength) {
    return `must be at least ${rules.minLength} characters`
  }
  if (field.type === 'email' && (text.length > EMAIL_MAX_LENGTH || !EMAIL.test(text))) {
    return 'must be an e-mail address'
  }
  if (field.type === 'phone' && !PHONE.test(text)) return 'must be a phone number'
  if (field.type === 'url' && !isHttpUrl(text)) return 'must be an http(s) URL'
  if (rules.pattern === undefined) return undefined
  // RE2, in time linear in the answer; a version published before RE2 may hold a pattern it refuses.
  const pattern = compilePattern(rules.pattern)
  if (!pattern.ok) return `cannot be checked: the form's pattern ${rules.pattern} ${pattern.problem}`
  return pattern.test(text) ? undefined : `does not match the pattern ${rules.pattern}`
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
