/**
 * Values of PHP's `serialize()`, as WordPress stores term descriptions and post meta in an export:
 * `N;`, `b:1;`, `i:12;`, `d:0.5;`, `s:5:"en_US";` and arrays `a:2:{key;value;…}` (keys `i:` or
 * `s:`). An array becomes an object keyed by its keys as strings, in their order.
 */
export type PhpValue = null | boolean | number | string | { [key: string]: PhpValue }

/** Arrays nested deeper than this are refused: Polylang writes two levels, and recursion must end. */
const MAX_DEPTH = 16

class Malformed extends Error {}

/**
 * The value `text` serializes, or undefined when it is not one PHP value of the kinds above (an
 * object `O:`, a reference, trailing text, a string whose length is wrong). String lengths count
 * UTF-8 bytes, as PHP's do.
 */
export function phpUnserialize(text: string): PhpValue | undefined {
  const bytes = Buffer.from(text.trim(), 'utf8')
  let at = 0

  const expect = (char: string) => {
    if (bytes[at] !== char.charCodeAt(0)) throw new Malformed()
    at += 1
  }
  /** The bytes up to `end` (excluded), which must come; `at` moves past `end`. */
  const until = (end: string): string => {
    const stop = bytes.indexOf(end.charCodeAt(0), at)
    if (stop === -1) throw new Malformed()
    const token = bytes.toString('latin1', at, stop)
    at = stop + 1
    return token
  }
  const integer = (token: string): number => {
    if (!/^[+-]?\d+$/.test(token)) throw new Malformed()
    return Number(token)
  }

  const value = (depth: number): PhpValue => {
    const kind = String.fromCharCode(bytes[at] ?? 0)
    at += 1
    if (kind === 'N') {
      expect(';')
      return null
    }
    expect(':')
    switch (kind) {
      case 'b': {
        const token = until(';')
        if (token !== '0' && token !== '1') throw new Malformed()
        return token === '1'
      }
      case 'i':
        return integer(until(';'))
      case 'd': {
        const number = Number(until(';'))
        if (Number.isNaN(number)) throw new Malformed()
        return number
      }
      case 's': {
        const length = integer(until(':'))
        expect('"')
        if (length < 0 || at + length > bytes.length) throw new Malformed()
        const string = bytes.toString('utf8', at, at + length)
        at += length
        expect('"')
        expect(';')
        return string
      }
      case 'a': {
        if (depth >= MAX_DEPTH) throw new Malformed()
        const size = integer(until(':'))
        expect('{')
        // No prototype: a key `__proto__` is a key like any other.
        const array: { [key: string]: PhpValue } = Object.create(null)
        for (let index = 0; index < size; index++) {
          const key = value(depth + 1)
          if (typeof key !== 'string' && typeof key !== 'number') throw new Malformed()
          array[String(key)] = value(depth + 1)
        }
        expect('}')
        return array
      }
      default:
        throw new Malformed()
    }
  }

  try {
    const result = value(0)
    return at === bytes.length ? result : undefined
  } catch (err) {
    if (err instanceof Malformed) return undefined
    throw err
  }
}
