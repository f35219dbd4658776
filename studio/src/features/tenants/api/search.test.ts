import { describe, expect, it } from 'vitest'
import { parseCreateTenantSearch } from './search'

const ID = '0123456789abcdef01234567'

describe('parseCreateTenantSearch', () => {
  it('keeps the archive tab and the import it follows', () => {
    expect(parseCreateTenantSearch({ from: 'archive' })).toEqual({ from: 'archive' })
    expect(parseCreateTenantSearch({ from: 'archive', import: ID })).toEqual({ from: 'archive', import: ID })
  })

  it('opens the archive tab for a followed import named alone', () => {
    expect(parseCreateTenantSearch({ import: ID })).toEqual({ from: 'archive', import: ID })
  })

  it('drops what is not a tab or an import id', () => {
    expect(parseCreateTenantSearch({ from: 'elsewhere' })).toEqual({})
    expect(parseCreateTenantSearch({ from: 'archive', import: 'not-an-id' })).toEqual({ from: 'archive' })
    expect(parseCreateTenantSearch({ import: 42, page: 2 })).toEqual({})
  })
})
