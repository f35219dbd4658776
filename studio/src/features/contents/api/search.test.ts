import { describe, expect, it } from 'vitest'
import { parseContentsSearch } from './search'

describe('parseContentsSearch', () => {
  it('keeps the filters the API takes', () => {
    const category = '0123456789abcdef01234567'
    expect(
      parseContentsSearch({
        status: 'draft',
        type: 'page',
        search: ' spring ',
        category,
        tag: category,
        page: 3,
      }),
    ).toEqual({ status: 'draft', type: 'page', search: 'spring', category, tag: category, page: 3 })
  })

  it('drops what the API would refuse, and the first page', () => {
    expect(parseContentsSearch({ status: 'gone', type: 'Bad Type', search: '  ', page: 1 })).toEqual({})
    expect(parseContentsSearch({ page: '2.5', category: 'travel', tag: '1,2' })).toEqual({})
    expect(parseContentsSearch({ page: '2' })).toEqual({ page: 2 })
  })
})
