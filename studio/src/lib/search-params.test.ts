import { describe, expect, it } from 'vitest'
import { exactSearch, oneOf, pageOf, parsePageSearch, wordsOf } from './search-params'

describe('search parameters', () => {
  it('takes a whole page above 1, as a number or the address’s text', () => {
    expect([pageOf(2), pageOf('7'), pageOf(1), pageOf(0), pageOf(-3), pageOf(2.5), pageOf('x')]).toEqual([
      { page: 2 },
      { page: 7 },
      {},
      {},
      {},
      {},
      {},
    ])
    expect([pageOf(true), pageOf(null), pageOf([3]), pageOf(2 ** 60)]).toEqual([{}, {}, {}, {}])
    expect(parsePageSearch({ page: 4, other: 'x' })).toEqual({ page: 4 })
  })

  it('takes one of the known values, and trimmed words', () => {
    expect([oneOf(['a', 'b'], 'b'), oneOf(['a', 'b'], 'c'), oneOf(['a'], 1)]).toEqual([
      'b',
      undefined,
      undefined,
    ])
    expect([
      wordsOf(' spring '),
      wordsOf('   '),
      wordsOf(2026),
      wordsOf({}),
      wordsOf('x'.repeat(300)),
    ]).toEqual(['spring', undefined, '2026', undefined, 'x'.repeat(200)])
  })

  it('sets what the schema refuses to undefined, so it overrides the address’s own value', () => {
    const schema = exactSearch((search) => ({
      ...pageOf(search.page),
      ...(search.q === 'ok' ? { q: 'ok' } : {}),
    }))
    const search = schema({ page: -3, q: 'ok', utm: 'mail' })
    expect(search).toStrictEqual({ page: undefined, q: 'ok', utm: undefined })
    // As TanStack Router lays it over the address: nothing refused is left.
    expect({ ...{ page: -3, q: 'ok', utm: 'mail' }, ...search }).toStrictEqual(search)
    expect(schema({ page: '2' })).toStrictEqual({ page: 2 })
  })
})
