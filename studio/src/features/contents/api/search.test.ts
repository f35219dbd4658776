import { describe, expect, it } from 'vitest'
import { parseContentsSearch } from './search'

describe('parseContentsSearch', () => {
  it('keeps the filters the API takes', () => {
    expect(parseContentsSearch({ status: 'draft', type: 'page', search: ' spring ', page: 3 })).toEqual({
      status: 'draft',
      type: 'page',
      search: 'spring',
      page: 3,
    })
  })

  it('drops what the API would refuse, and the first page', () => {
    expect(parseContentsSearch({ status: 'gone', type: 'Bad Type', search: '  ', page: 1 })).toEqual({})
    expect(parseContentsSearch({ page: '2.5' })).toEqual({})
    expect(parseContentsSearch({ page: '2' })).toEqual({ page: 2 })
  })
})
