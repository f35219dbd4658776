import { describe, expect, it } from 'vitest'
import { pickLanguage } from './language'

describe('pickLanguage', () => {
  it("prefers the user's own language, then the browser's first known one, then English", () => {
    expect(pickLanguage('tr', ['en-US'])).toBe('tr')
    expect(pickLanguage(null, ['de-DE', 'tr-TR', 'en'])).toBe('tr')
    expect(pickLanguage(undefined, ['EN-gb'])).toBe('en')
    expect(pickLanguage(null, ['de', 'fr'])).toBe('en')
  })
})
