import { describe, expect, it } from 'vitest'
import { parseTagsSearch } from './search'

describe('parseTagsSearch', () => {
  it('keeps trimmed words and a page, and drops empty words', () => {
    expect(parseTagsSearch({ search: ' news ', page: 2 })).toEqual({ search: 'news', page: 2 })
    expect(parseTagsSearch({ search: '  ', page: 'two' })).toEqual({})
  })
})
