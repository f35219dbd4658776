import { describe, expect, it } from 'vitest'
import { parseEntriesSearch } from './entries'

describe('parseEntriesSearch', () => {
  it('keeps a known status, words, a page past the first and a sort; drops the rest', () => {
    expect(parseEntriesSearch({ status: 'published', q: 'dune', page: '3', sort: '-price', x: 1 })).toEqual({
      status: 'published',
      q: 'dune',
      page: 3,
      sort: '-price',
    })
    expect(parseEntriesSearch({ status: 'scheduled', q: '', page: '1', sort: 5 })).toEqual({})
  })
})
