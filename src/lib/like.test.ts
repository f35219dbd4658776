import { describe, expect, it } from 'vitest'
import { containsPattern, escapeLike, prefixPattern } from './like.js'

describe('LIKE patterns', () => {
  it('escapes wildcards and the escape character so they match literally', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now')
  })

  it('wraps the escaped text for contains and prefix matches', () => {
    expect(containsPattern('a%b')).toBe('%a\\%b%')
    expect(prefixPattern('image/')).toBe('image/%')
  })
})
