import type { StoredField } from '../../../db/schema/index.js'
import { errors } from '../../../errors.js'
import { type ErrorText, type Phrase, phrase, toPhrase } from '../../../i18n/index.js'
import { isId } from '../../../lib/ids.js'
import { type ValueColumn, valueColumnOf } from '../fields.js'
import { parseDate, parseDateTime, STRING_MAX_LENGTH } from '../values.js'

export const OPERATORS = ['=', '!=', 'IN', 'NIN', '>', '>=', '<', '<=', 'LIKE'] as const
export type Operator = (typeof OPERATORS)[number]
export const WHERE_MAX = 20
export const ORDER_BY_MAX = 3
export const SELECT_MAX = 50
export const IN_LIST_MAX = 100
export const LIKE_MAX_LENGTH = 100
export const LIMIT_MAX = 200
export const OFFSET_MAX = 10_000
export const BUILTIN_COLUMNS = ['id', 'slug', 'createdAt', 'updatedAt', 'publishedAt'] as const
export type BuiltinColumn = (typeof BUILTIN_COLUMNS)[number]
export const MEDIA_PATHS = [
  'id',
  'url',
  'title',
  'description',
  'altText',
  'caption',
  'mimeType',
  'thumbnailUrl',
]
export const RELATIONS = ['refs', 'media'] as const
export type Relation = (typeof RELATIONS)[number]

export type Scalar = string | number | Date
/** `localized`: the field has a value per locale, read in the reader's locale. */
export type Condition =
  | { kind: 'column'; column: BuiltinColumn; op: Operator; values: Scalar[] }
  | { kind: 'field'; field: string; column: ValueColumn; localized: boolean; op: Operator; values: Scalar[] }
export type Order =
  | { kind: 'column'; column: BuiltinColumn; dir: 'asc' | 'desc' }
  | { kind: 'field'; field: string; column: ValueColumn; localized: boolean; dir: 'asc' | 'desc' }

export interface QueryInput {
  where?: unknown[][] | undefined
  orderBy?: unknown[][] | undefined
  select?: string[] | undefined
  limit?: number | undefined
  offset?: number | undefined
  page?: number | undefined
  includeRelations?: Relation[] | undefined
}

/** A checked query: every field key in it is a declared field; every value is typed. */
export interface QueryPlan {
  conditions: Condition[]
  orders: Order[]
  /** Requested paths, or null for whole entries. */
  select: string[] | null
  /** Fields whose ids are resolved to published entries (refs) or public media (media). */
  resolve: { refs: boolean; media: boolean }
  limit: number
  offset: number
}

/** Definitions the compiler checks against: the collection's fields and those of its ref targets. */
export interface QuerySubject {
  fields: StoredField[]
  targetFields(collectionKey: string): StoredField[] | undefined
}

function fail(path: string, text: ErrorText): never {
  const message = toPhrase(text)
  throw errors.validation(phrase('common.pathSentence', { path, problem: message }), [{ path, message }])
}

const RANGE_OPS = new Set<Operator>(['>', '>=', '<', '<='])

/** The typed value of `raw` for a field of `type`, or a message saying what was expected. */
function coerce(type: string, raw: unknown, field: StoredField | undefined): Scalar | { problem: Phrase } {
  const problem = (expected: ErrorText) => ({ problem: toPhrase(expected) })
  let result: Scalar | { problem: Phrase }
  switch (type) {
    case 'id':
    case 'ref':
    case 'media':
      result = typeof raw === 'string' && isId(raw) ? raw : problem('collections.query.anId')
      break
    case 'number':
      result = typeof raw === 'number' && Number.isFinite(raw) ? raw : problem('collections.query.aNumber')
      break
    case 'boolean':
      result = typeof raw === 'boolean' ? String(raw) : problem('collections.query.trueOrFalse')
      break
    case 'date':
      result = (typeof raw === 'string' && parseDate(raw)) || problem('collections.query.aDate')
      break
    case 'datetime':
      result = (typeof raw === 'string' && parseDateTime(raw)) || problem('collections.query.aDateTime')
      break
    case 'enum': {
      const options = (field?.options ?? []).map((option) => option.value)
      result =
        typeof raw === 'string' && options.includes(raw)
          ? raw
          : problem(phrase('collections.query.oneOf', { options: options.join(', ') }))
      break
    }
    default:
      result =
        typeof raw === 'string' && raw.length <= STRING_MAX_LENGTH
          ? raw
          : problem(phrase('collections.query.aString', { most: STRING_MAX_LENGTH }))
  }
  return result
}

const BUILTIN_TYPES: Record<BuiltinColumn, string> = {
  id: 'id',
  slug: 'string',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
}

function compileCondition(subject: QuerySubject, triple: unknown[], at: string): Condition {
  if (triple.length !== 3) fail(at, 'collections.query.conditionShape')
  const [name, op, raw] = triple
  if (typeof name !== 'string') fail(`${at}/0`, 'collections.query.fieldString')
  if (typeof op !== 'string' || !OPERATORS.includes(op as Operator)) {
    fail(`${at}/1`, phrase('collections.query.operatorOneOf', { operators: OPERATORS.join(' ') }))
  }
  const operator = op as Operator
  const builtin = (BUILTIN_COLUMNS as readonly string[]).includes(name) ? (name as BuiltinColumn) : undefined
  const field = builtin === undefined ? subject.fields.find((candidate) => candidate.key === name) : undefined
  if (builtin === undefined && field === undefined) {
    fail(
      `${at}/0`,
      phrase('collections.query.notFilterable', { name: String(name), builtins: BUILTIN_COLUMNS.join(', ') }),
    )
  }
  const column = field === undefined ? null : valueColumnOf(field)
  if (field !== undefined && column === null)
    fail(`${at}/0`, phrase('collections.query.typeNotFilterable', { type: field.type }))
  const type = builtin === undefined ? (field as StoredField).type : BUILTIN_TYPES[builtin]
  if (operator === 'LIKE' && type !== 'string') fail(`${at}/1`, 'collections.query.likeStrings')
  if (RANGE_OPS.has(operator) && ['id', 'ref', 'media', 'boolean', 'enum'].includes(type)) {
    fail(`${at}/1`, phrase('collections.query.operatorNotFor', { operator, type }))
  }
  if (['boolean'].includes(type) && (operator === 'IN' || operator === 'NIN')) {
    fail(`${at}/1`, phrase('collections.query.operatorNotForBoolean', { operator }))
  }
  let raws: unknown[]
  if (operator === 'IN' || operator === 'NIN') {
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > IN_LIST_MAX) {
      fail(`${at}/2`, phrase('collections.query.listSize', { operator, most: IN_LIST_MAX }))
    }
    raws = raw
  } else {
    raws = [raw]
  }
  if (operator === 'LIKE' && (typeof raw !== 'string' || raw.length === 0 || raw.length > LIKE_MAX_LENGTH)) {
    fail(`${at}/2`, phrase('collections.query.likeLength', { most: LIKE_MAX_LENGTH }))
  }
  const values = raws.map((item, index) => {
    const value = operator === 'LIKE' ? (item as string) : coerce(type, item, field)
    if (typeof value === 'object' && 'problem' in value) {
      fail(
        operator === 'IN' || operator === 'NIN' ? `${at}/2/${index}` : `${at}/2`,
        phrase('collections.query.expected', { expected: value.problem }),
      )
    }
    return value
  })
  return builtin === undefined
    ? {
        kind: 'field',
        field: name as string,
        column: column as ValueColumn,
        localized: field?.localized === true,
        op: operator,
        values,
      }
    : { kind: 'column', column: builtin, op: operator, values }
}

function compileOrder(subject: QuerySubject, pair: unknown[], at: string): Order {
  const [name, dir = 'asc'] = pair
  if (pair.length < 1 || pair.length > 2 || typeof name !== 'string') fail(at, 'collections.query.orderShape')
  if (dir !== 'asc' && dir !== 'desc') fail(`${at}/1`, 'collections.query.direction')
  if ((BUILTIN_COLUMNS as readonly string[]).includes(name)) {
    return { kind: 'column', column: name as BuiltinColumn, dir }
  }
  const field = subject.fields.find((candidate) => candidate.key === name)
  const column = field === undefined ? null : valueColumnOf(field)
  if (field === undefined || column === null || field.multiple === true) {
    fail(`${at}/0`, phrase('collections.query.notSortable', { name, builtins: BUILTIN_COLUMNS.join(', ') }))
  }
  return { kind: 'field', field: name, column, localized: field.localized === true, dir }
}

function checkSelect(subject: QuerySubject, path: string, at: string): void {
  const [head = '', sub, ...rest] = path.split('.')
  if ((BUILTIN_COLUMNS as readonly string[]).includes(head) && sub === undefined) return
  const field = subject.fields.find((candidate) => candidate.key === head)
  if (field === undefined) fail(at, phrase('collections.query.notAMember', { name: head }))
  if (sub === undefined) return
  if (rest.length > 0) fail(at, 'collections.query.pathDepth')
  if (field.type === 'media') {
    if (!MEDIA_PATHS.includes(sub))
      fail(at, phrase('collections.query.mediaMembers', { members: MEDIA_PATHS.join(', ') }))
    return
  }
  if (field.type !== 'ref') fail(at, phrase('collections.query.noMembers', { name: head, type: field.type }))
  const target = subject.targetFields(field.ref ?? '')
  const known = (BUILTIN_COLUMNS as readonly string[]).includes(sub) || target?.some((f) => f.key === sub)
  if (!known) fail(at, phrase('collections.query.notAMemberOf', { name: sub, collection: field.ref ?? '' }))
}

/**
 * Compiles a public query (`POST /api/public/queries/run`, and the list routes' `filter`/`sort`)
 * into a plan whose field keys are all declared fields of `subject`: what reaches SQL is a key from
 * this whitelist, bound as a value. Limits: ≤ 20 conditions, IN/NIN lists ≤ 100 values, LIKE text
 * ≤ 100 characters, ≤ 3 orders, ≤ 50 select paths, limit 1..200 (default 50), offset ≤ 10,000.
 * @throws ValidationFailed whose message and `details[0].path` name the offending part
 *   (`/where/2/1` = the operator of the third condition).
 */
export function compileQuery(
  subject: QuerySubject,
  input: QueryInput,
  defaults: { limit: number },
): QueryPlan {
  const where = input.where ?? []
  if (where.length > WHERE_MAX)
    fail('/where', phrase('collections.query.tooManyConditions', { most: WHERE_MAX }))
  const conditions = where.map((triple, index) => {
    if (!Array.isArray(triple)) fail(`/where/${index}`, 'collections.query.conditionShape')
    return compileCondition(subject, triple, `/where/${index}`)
  })
  const orderBy = input.orderBy ?? []
  if (orderBy.length > ORDER_BY_MAX)
    fail('/orderBy', phrase('collections.query.tooManyOrders', { most: ORDER_BY_MAX }))
  const orders = orderBy.map((pair, index) => {
    if (!Array.isArray(pair)) fail(`/orderBy/${index}`, 'collections.query.orderShape')
    return compileOrder(subject, pair, `/orderBy/${index}`)
  })
  const select = input.select ?? null
  if (select !== null) {
    if (select.length === 0 || select.length > SELECT_MAX)
      fail('/select', phrase('collections.query.selectSize', { most: SELECT_MAX }))
    select.forEach((path, index) => {
      checkSelect(subject, path, `/select/${index}`)
    })
  }
  const limit = input.limit ?? defaults.limit
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX)
    fail('/limit', phrase('collections.query.limitRange', { most: LIMIT_MAX }))
  if (input.offset !== undefined && input.page !== undefined) fail('/page', 'collections.query.offsetOrPage')
  const offset = input.page === undefined ? (input.offset ?? 0) : (input.page - 1) * limit
  if (!Number.isInteger(offset) || offset < 0 || offset > OFFSET_MAX) {
    fail(
      input.page === undefined ? '/offset' : '/page',
      phrase('collections.query.offsetRange', { most: OFFSET_MAX }),
    )
  }
  const relations = new Set(input.includeRelations ?? [])
  const subPaths = (select ?? []).filter((path) => path.includes('.')).map((path) => path.split('.')[0])
  const typeOf = (key: string | undefined) => subject.fields.find((field) => field.key === key)?.type
  return {
    conditions,
    orders,
    select: select === null ? null : [...new Set(select)],
    resolve: {
      refs: relations.has('refs') || subPaths.some((key) => typeOf(key) === 'ref'),
      media: relations.has('media') || subPaths.some((key) => typeOf(key) === 'media'),
    },
    limit,
    offset,
  }
}
