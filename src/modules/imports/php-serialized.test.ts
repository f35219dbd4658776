import { describe, expect, it } from 'vitest'
import { phpUnserialize } from './php-serialized.js'

describe('phpUnserialize', () => {
  it("reads a Polylang language's description", () => {
    expect(phpUnserialize('a:3:{s:6:"locale";s:5:"en_US";s:3:"rtl";i:0;s:9:"flag_code";s:2:"us";}')).toEqual({
      locale: 'en_US',
      rtl: 0,
      flag_code: 'us',
    })
  })

  it('reads a translation group, integer keys and values, nested arrays and scalars', () => {
    expect(phpUnserialize('a:2:{s:2:"en";i:12;s:2:"tr";i:34;}')).toEqual({ en: 12, tr: 34 })
    expect(phpUnserialize('a:2:{i:0;s:1:"a";i:1;a:1:{s:1:"b";b:1;}}')).toEqual({ 0: 'a', 1: { b: true } })
    expect(phpUnserialize('N;')).toBeNull()
    expect(phpUnserialize('b:0;')).toBe(false)
    expect(phpUnserialize('i:-7;')).toBe(-7)
    expect(phpUnserialize('d:0.5;')).toBe(0.5)
    expect(phpUnserialize('a:0:{}')).toEqual({})
  })

  it('counts string lengths in UTF-8 bytes, as PHP does, quotes and braces included', () => {
    expect(phpUnserialize('s:8:"Türkçe";')).toBe('Türkçe')
    expect(phpUnserialize('a:1:{s:4:"name";s:8:"a";b}"c\'";}')).toEqual({ name: 'a";b}"c\'' })
  })

  it('answers undefined for anything else, never throwing', () => {
    for (const text of [
      '',
      'en_US',
      's:6:"Türkçe";',
      'a:2:{s:2:"en";i:12;}',
      'a:1:{s:2:"en";i:12;}trailing',
      'O:8:"stdClass":0:{}',
      'a:1:{a:0:{};i:1;}',
      'i:1.5;',
      'b:2;',
      's:-1:"";',
      'a:99999999:{',
      `${'a:1:{i:0;'.repeat(40)}N;${'}'.repeat(40)}`,
    ]) {
      expect(phpUnserialize(text), text).toBeUndefined()
    }
  })

  it('keeps a key named __proto__ as a key', () => {
    const value = phpUnserialize('a:1:{s:9:"__proto__";s:1:"x";}') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
