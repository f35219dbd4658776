import { describe, expect, it } from 'vitest'
import { parseMediaSearch } from './search'

describe('parseMediaSearch', () => {
  it('keeps the table view and a page; the grid is the default', () => {
    expect(parseMediaSearch({ view: 'list', page: 5 })).toEqual({ view: 'list', page: 5 })
    expect(parseMediaSearch({ view: 'grid', page: 1 })).toEqual({})
    expect(parseMediaSearch({ view: 'cards' })).toEqual({})
  })
})
