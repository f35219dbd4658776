import { describe, expect, it } from 'vitest'
import type { StoredField } from '../../../db/schema/index.js'
import { AppError, type ErrorDetail } from '../../../errors.js'
import { translate } from '../../../i18n/index.js'
import { compileQuery, type QueryInput, type QuerySubject } from './compile.js'
import { filterToWhere, sortToOrders } from './list-params.js'

const field = (key: string, type: string, extra: Partial<StoredField> = {}): StoredField => ({
  key,
  type,
  label: { en: key },
  ...extra,
})

const AUTHOR_FIELDS = [field('name', 'string')]
const subject: QuerySubject = {
  fields: [
    field('title', 'string'),
    field('price', 'number'),
    field('inStock', 'boolean'),
    field('released', 'date'),
    field('genre', 'enum', { options: [{ value: 'fiction', label: { en: 'Fiction' } }] }),
    field('tags', 'enum', { multiple: true, options: [{ value: 'a', label: { en: 'A' } }] }),
    field('author', 'ref', { ref: 'authors' }),
    field('cover', 'media'),
    field('body', 'richText'),
  ],
  targetFields: (key) => (key === 'authors' ? AUTHOR_FIELDS : undefined),
}

const compile = (input: QueryInput) => compileQuery(subject, input, { limit: 50 })

/** The path and message of the rejection of `input`. */
function rejection(input: QueryInput) {
  try {
    compile(input)
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    const appError = err as AppError
    expect(appError.code).toBe('ValidationFailed')
    const [detail] = appError.extra.details as (ErrorDetail & { path: string })[]
    return detail && { path: detail.path, message: translate(detail.message, 'en') }
  }
  throw new Error(`accepted ${JSON.stringify(input)}`)
}

describe('compileQuery', () => {
  it('types values by field and keeps only declared keys', () => {
    const plan = compile({
      where: [
        ['price', '>=', 5],
        ['inStock', '=', true],
        ['released', '<', '2020-01-01'],
        ['genre', 'IN', ['fiction']],
        ['title', 'LIKE', '50%'],
        ['createdAt', '>', '2026-01-01T00:00:00Z'],
      ],
      orderBy: [['price', 'desc'], ['slug']],
      select: ['title', 'author.name', 'cover.url'],
      page: 3,
      limit: 10,
    })
    expect(plan.conditions).toEqual([
      { kind: 'field', field: 'price', column: 'number', localized: false, op: '>=', values: [5] },
      { kind: 'field', field: 'inStock', column: 'text', localized: false, op: '=', values: ['true'] },
      {
        kind: 'field',
        field: 'released',
        column: 'time',
        localized: false,
        op: '<',
        values: [new Date('2020-01-01T00:00:00Z')],
      },
      { kind: 'field', field: 'genre', column: 'text', localized: false, op: 'IN', values: ['fiction'] },
      { kind: 'field', field: 'title', column: 'text', localized: false, op: 'LIKE', values: ['50%'] },
      { kind: 'column', column: 'createdAt', op: '>', values: [new Date('2026-01-01T00:00:00Z')] },
    ])
    expect(plan.orders).toEqual([
      { kind: 'field', field: 'price', column: 'number', localized: false, dir: 'desc' },
      { kind: 'column', column: 'slug', dir: 'asc' },
    ])
    expect(plan).toMatchObject({ limit: 10, offset: 20, resolve: { refs: true, media: true } })
  })

  it.each([
    [{ where: [['data.title', '=', 'x']] }, '/where/0/0', '"data.title" is not a filterable member'],
    [{ where: [['password', '=', 'x']] }, '/where/0/0', '"password" is not a filterable member'],
    [{ where: [['__proto__', '=', 'x']] }, '/where/0/0', '"__proto__" is not a filterable member'],
    [{ where: [['status', '=', 'draft']] }, '/where/0/0', '"status" is not a filterable member'],
    [{ where: [['body', '=', 'x']] }, '/where/0/0', 'richText fields cannot be filtered'],
    [{ where: [['title', 'eq', 'x']] }, '/where/0/1', 'the operator must be one of'],
    [{ where: [['title', '=']] }, '/where/0', 'a condition is [field, operator, value]'],
    [{ where: [['price', '=', '5']] }, '/where/0/2', 'expected a number'],
    [{ where: [['price', 'LIKE', '5']] }, '/where/0/1', 'LIKE applies to string fields'],
    [{ where: [['title', 'LIKE', 'x'.repeat(101)]] }, '/where/0/2', 'LIKE takes a text of 1 to 100'],
    [{ where: [['genre', '>', 'fiction']] }, '/where/0/1', '> does not apply to enum values'],
    [{ where: [['genre', '=', 'horror']] }, '/where/0/2', 'expected one of fiction'],
    [{ where: [['author', 'IN', []]] }, '/where/0/2', 'IN takes an array of 1 to 100'],
    [{ where: [['author', 'IN', Array(101).fill('a'.repeat(24))]] }, '/where/0/2', 'IN takes an array'],
    [{ where: [['author', 'IN', ['nope']]] }, '/where/0/2/0', 'expected an id'],
    [{ where: [['inStock', 'IN', [true]]] }, '/where/0/1', 'IN does not apply to boolean'],
    [{ where: Array(21).fill(['price', '>', 1]) }, '/where', 'at most 20 conditions'],
    [{ orderBy: [['tags', 'asc']] }, '/orderBy/0/0', '"tags" is not sortable'],
    [{ orderBy: [['price', 'up']] }, '/orderBy/0/1', 'the direction must be'],
    [{ orderBy: Array(4).fill(['price']) }, '/orderBy', 'at most 3 orders'],
    [{ select: ['author.email'] }, '/select/0', '"email" is not a member of the collection "authors"'],
    [{ select: ['title.x'] }, '/select/0', 'only ref and media fields have members'],
    [{ select: ['cover.storageKey'] }, '/select/0', 'media members are'],
    [{ select: ['author.name.x'] }, '/select/0', 'paths go one level deep'],
    [{ select: ['constructor'] }, '/select/0', 'is not a member'],
    [{ limit: 201 }, '/limit', 'an integer from 1 to 200'],
    [{ offset: 10_001 }, '/offset', 'within 0..10000'],
    [{ offset: 1, page: 1 }, '/page', 'give offset or page, not both'],
  ] as [QueryInput, string, string][])('rejects %j at %s', (input, path, message) => {
    const detail = rejection(input)
    expect(detail?.path).toBe(path)
    expect(detail?.message).toContain(message)
  })
})

describe('list parameters', () => {
  it('turns sort and filter into DSL orders and conditions with the client’s paths', () => {
    expect(sortToOrders('-price,title:desc,slug')).toEqual([
      ['price', 'desc'],
      ['title', 'desc'],
      ['slug', 'asc'],
    ])
    expect(filterToWhere('{"genre":"fiction","price":{"gte":1,"lt":9},"tags":["a"]}')).toEqual({
      where: [
        ['genre', '=', 'fiction'],
        ['price', '>=', 1],
        ['price', '<', 9],
        ['tags', 'IN', ['a']],
      ],
      paths: ['/filter/genre', '/filter/price/gte', '/filter/price/lt', '/filter/tags'],
    })
    expect(() => filterToWhere('{"price":{"constructor":1}}')).toThrow('/filter/price/constructor')
    expect(() => filterToWhere('[1]')).toThrow('/filter')
    expect(() => sortToOrders('title;drop table')).toThrow('/sort')
  })
})
