import type { CustomFieldType } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { catalogPhrase, type Phrase, phrase, semicolonList } from '../../i18n/index.js'
import { isId } from '../../lib/ids.js'
import type { DefinitionRow } from './repository.js'

/** What a definition needs for checking a value. */
export type FieldRule = Pick<DefinitionRow, 'key' | 'type' | 'options' | 'required' | 'defaultValue'>

/** The content ids a reference field names, to be checked against the tenant's contents. */
export interface FieldReferences {
  path: string
  ids: string[]
}

export interface FieldProblem {
  path: string
  message: Phrase
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i
const MAX_REFERENCES = 100

function isUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * Why `value` does not fit `rule`'s type, as a sentence fragment, or undefined when it fits. null
 * is no value (the required check is separate). References are checked for shape here and for
 * existence by the caller (`referencedIds`).
 */
export function valueProblem(rule: Pick<FieldRule, 'type' | 'options'>, value: unknown): Phrase | undefined {
  if (value === null) return undefined
  const choices = new Set(rule.options.map((option) => option.value))
  const checks: Record<CustomFieldType, () => Phrase | undefined> = {
    text: () => (typeof value === 'string' ? undefined : phrase('collections.values.string')),
    number: () =>
      typeof value === 'number' && Number.isFinite(value) ? undefined : phrase('collections.values.number'),
    boolean: () => (typeof value === 'boolean' ? undefined : phrase('collections.values.boolean')),
    date: () =>
      typeof value === 'string' &&
      (DATE.test(value) || DATE_TIME.test(value)) &&
      !Number.isNaN(Date.parse(value))
        ? undefined
        : phrase('customFields.date'),
    select: () =>
      typeof value === 'string' && choices.has(value)
        ? undefined
        : phrase('customFields.oneOfOptions', { options: [...choices].join(', ') }),
    'multi-select': () =>
      isStringArray(value) && value.every((item) => choices.has(item)) && new Set(value).size === value.length
        ? undefined
        : phrase('customFields.distinctOptions', { options: [...choices].join(', ') }),
    url: () =>
      typeof value === 'string' && value.length <= 2048 && isUrl(value)
        ? undefined
        : phrase('customFields.url'),
    json: () => undefined,
    reference: () =>
      typeof value === 'string' && isId(value) ? undefined : phrase('customFields.contentId'),
    'multi-reference': () =>
      isStringArray(value) &&
      value.length <= MAX_REFERENCES &&
      value.every(isId) &&
      new Set(value).size === value.length
        ? undefined
        : phrase('customFields.contentIds', { most: MAX_REFERENCES }),
  }
  return checks[rule.type]()
}

/**
 * A content's `customFields` checked against the tenant's definitions (docs/decisions/content.md
 * "Custom field definitions"): defaults filled in for absent keys, each defined key's value of its
 * type, required ones present (not null). Keys without a definition are kept as they are (free
 * data). Returns the values to store and the content ids each reference field names (the caller
 * checks they are the tenant's).
 * @throws ValidationFailed naming every field that fails (`customFields.<key>`).
 */
export function checkCustomFields(
  rules: readonly FieldRule[],
  input: Record<string, unknown>,
): { values: Record<string, unknown>; references: FieldReferences[] } {
  const values: Record<string, unknown> = { ...input }
  const problems: FieldProblem[] = []
  const references: FieldReferences[] = []
  for (const rule of rules) {
    if (!Object.hasOwn(values, rule.key) && rule.defaultValue !== null && rule.defaultValue !== undefined) {
      values[rule.key] = rule.defaultValue
    }
    const value = values[rule.key] ?? null
    const path = `/customFields/${rule.key}`
    if (value === null) {
      if (rule.required) problems.push({ path, message: catalogPhrase('validation.required') })
      continue
    }
    const problem = valueProblem(rule, value)
    if (problem !== undefined) problems.push({ path, message: problem })
    else if (rule.type === 'reference') references.push({ path, ids: [value as string] })
    else if (rule.type === 'multi-reference') references.push({ path, ids: value as string[] })
  }
  if (problems.length > 0) throw fieldsError(problems)
  return { values, references }
}

/** The ValidationFailed error for field problems, naming each field in the message. */
export function fieldsError(problems: readonly FieldProblem[]): Error {
  const list = semicolonList(
    problems.map((problem) =>
      phrase('common.memberProblem', {
        member: problem.path.slice(1).replace('/', '.'),
        problem: problem.message,
      }),
    ),
  )
  return errors.validation(phrase('customFields.invalidValues', { list }), problems)
}

/**
 * The `customFields.<key>=<value>` query members as one JSON document that a matching content's
 * `custom_fields` contains (`@>`), each value converted to its field's type: numbers and booleans
 * parsed, a multi-value field matching contents whose array holds the value. Keys are looked up in
 * the definitions, never put into SQL (docs/decisions/input-hygiene.md "Strings an attacker tries
 * are harmless").
 * @throws ValidationFailed for a key that is not a filterable definition or a value not of its type.
 */
export function customFieldFilterOf(
  rules: readonly (FieldRule & { filterable: boolean })[],
  requested: readonly [string, unknown][],
): Record<string, unknown> {
  const byKey = new Map(rules.map((rule) => [rule.key, rule]))
  const document: Record<string, unknown> = {}
  const problems: FieldProblem[] = []
  for (const [name, raw] of requested) {
    const key = name.slice('customFields.'.length)
    const rule = byKey.get(key)
    const path = `/${name}`
    const text = String(raw)
    if (rule === undefined || !rule.filterable) {
      problems.push({ path, message: phrase('customFields.notFilterable') })
      continue
    }
    const value = filterValueOf(rule.type, text)
    if (value === undefined) {
      problems.push({ path, message: phrase('customFields.notAValue', { type: rule.type }) })
      continue
    }
    document[key] = value
  }
  if (problems.length > 0) {
    const list = semicolonList(
      problems.map((p) => phrase('common.memberProblem', { member: p.path.slice(1), problem: p.message })),
    )
    throw errors.validation(phrase('customFields.invalidFilter', { list }), problems)
  }
  return document
}

function filterValueOf(type: CustomFieldType, text: string): unknown {
  switch (type) {
    case 'number': {
      const number = text.trim() === '' ? Number.NaN : Number(text)
      return Number.isFinite(number) ? number : undefined
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined
    case 'multi-select':
    case 'multi-reference':
      return [text]
    default:
      return text
  }
}
