import { describe, expect, it } from 'vitest'
import { parseDeliveriesSearch } from './search'

describe('parseDeliveriesSearch', () => {
  it('keeps a known status and a page, and drops the rest', () => {
    expect(parseDeliveriesSearch({ status: 'failed', page: '3' })).toEqual({ status: 'failed', page: 3 })
    expect(parseDeliveriesSearch({ status: 'lost', page: 0 })).toEqual({})
  })
})
