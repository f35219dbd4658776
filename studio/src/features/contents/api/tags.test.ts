import { describe, expect, it } from 'vitest'
import { matchTags } from './tags'

describe('matchTags', () => {
  it('finds known tags by title whatever the case, and lists the new ones once', () => {
    const known = [
      { id: 't1', title: 'Travel' },
      { id: 't2', title: 'Food' },
    ]
    expect(matchTags(['travel', ' Spring ', 'FOOD', 'spring', ''], known)).toEqual({
      ids: ['t1', 't2'],
      missing: ['Spring'],
    })
  })
})
