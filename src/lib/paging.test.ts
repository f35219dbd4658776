import { describe, expect, it } from 'vitest'
import { pageOf, paginate, splitIdList } from './paging.js'

describe('pageOf', () => {
  it('reads the page and limit asked for, with the offset of the first row', () => {
    expect(pageOf({ page: 3, limit: 25 })).toEqual({ page: 3, limit: 25, offset: 50 })
    expect(pageOf({ page: 1, limit: 100 })).toEqual({ page: 1, limit: 100, offset: 0 })
  })

  it('defaults to the first page of the route’s default size', () => {
    expect(pageOf({})).toEqual({ page: 1, limit: 20, offset: 0 })
    expect(pageOf({ page: 2, limit: undefined }, 10)).toEqual({ page: 2, limit: 10, offset: 10 })
  })
})

describe('paginate', () => {
  it('counts the pages, one at least', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, pages: 1 })
    expect(paginate(2, 20, 40)).toEqual({ page: 2, limit: 20, total: 40, pages: 2 })
    expect(paginate(5, 20, 41)).toEqual({ page: 5, limit: 20, total: 41, pages: 3 })
  })
})

describe('splitIdList', () => {
  it('splits repeated and comma-separated ids, each once', () => {
    expect(splitIdList(['a,b', 'b', 'c'])).toEqual(['a', 'b', 'c'])
  })
})
