import { describe, expect, it } from 'vitest'
import { parseSettingsSearch } from './search'

describe('settings search', () => {
  it('keeps a known tab but the first', () => {
    expect(parseSettingsSearch({ tab: 'preview' })).toEqual({ tab: 'preview' })
    expect(parseSettingsSearch({ tab: 'smtp' })).toEqual({})
    expect(parseSettingsSearch({ tab: 'nope', page: 2 })).toEqual({})
    expect(parseSettingsSearch({})).toEqual({})
  })
})
