import { errors } from '../../../errors.js'
import { type ErrorText, phrase, toPhrase } from '../../../i18n/index.js'
import { OPERATORS, type Operator, WHERE_MAX } from './compile.js'

/** Filter operators of the list routes' `filter` object, as DSL operators. */
const FILTER_OPERATORS: Record<string, Operator> = {
  eq: '=',
  ne: '!=',
  in: 'IN',
  nin: 'NIN',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
}

export const FILTER_MAX_LENGTH = 4000

function fail(path: string, text: ErrorText): never {
  const message = toPhrase(text)
  throw errors.validation(phrase('common.pathSentence', { path, problem: message }), [{ path, message }])
}

/**
 * The list routes' `sort` (`title`, `-price`, `price:desc`, comma-separated, ≤ 3) as DSL orders.
 * @throws ValidationFailed naming `/sort`.
 */
export function sortToOrders(sort: string | undefined): [string, 'asc' | 'desc'][] | undefined {
  if (sort === undefined) return undefined
  const parts = sort.split(',')
  if (parts.length > 3) fail('/sort', 'collections.query.tooManySortKeys')
  return parts.map((part) => {
    const match = /^(-)?([A-Za-z][A-Za-z0-9_]{0,63})(?::(asc|desc))?$/.exec(part.trim())
    if (match === null) fail('/sort', phrase('collections.query.sortKey', { part }))
    const dir = match[1] === '-' ? 'desc' : ((match[3] as 'asc' | 'desc' | undefined) ?? 'asc')
    return [match[2] as string, dir]
  })
}

/**
 * The list routes' `filter`: a JSON object of field → value (=), array (IN) or
 * `{ eq|ne|in|nin|gt|gte|lt|lte|like: value }`, as DSL conditions, with the query path of each
 * (`/filter/price/gte`) so a rejected condition can be named as the client wrote it.
 * @throws ValidationFailed naming `/filter`.
 */
export function filterToWhere(filter: string | undefined): { where: unknown[][]; paths: string[] } {
  if (filter === undefined) return { where: [], paths: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(filter)
  } catch {
    fail('/filter', 'collections.query.filterObject')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    fail('/filter', 'collections.query.filterObject')
  }
  const where: unknown[][] = []
  const paths: string[] = []
  for (const [field, value] of Object.entries(parsed)) {
    if (Array.isArray(value)) {
      where.push([field, 'IN', value])
      paths.push(`/filter/${field}`)
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, operand] of Object.entries(value)) {
        const op = Object.hasOwn(FILTER_OPERATORS, name) ? FILTER_OPERATORS[name] : undefined
        if (op === undefined || !OPERATORS.includes(op)) {
          fail(
            `/filter/${field}/${name}`,
            phrase('collections.query.operators', { operators: Object.keys(FILTER_OPERATORS).join(', ') }),
          )
        }
        where.push([field, op, operand])
        paths.push(`/filter/${field}/${name}`)
      }
    } else {
      where.push([field, '=', value])
      paths.push(`/filter/${field}`)
    }
  }
  if (where.length > WHERE_MAX)
    fail('/filter', phrase('collections.query.tooManyConditions', { most: WHERE_MAX }))
  return { where, paths }
}
