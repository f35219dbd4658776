import { describe, expect, it } from 'vitest'
import { translate } from '../../i18n/index.js'
import { GLOB_MAX_WILDCARDS, globMatches, globProblem } from './glob.js'

/** The regular-expression matcher globs had before (rules.ts), kept as the reference on small inputs. */
function regexpGlobMatches(glob: string, path: string): boolean {
  const parts: Record<string, string> = { '/**': '(?:/.*)?', '**': '.*', '*': '[^/]*' }
  const trim = (text: string) => (text.length > 1 ? text.replace(/\/+$/, '') : text)
  const source = trim(glob)
    .split(/(\/\*\*|\*\*|\*)/)
    .map((part) => parts[part] ?? part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('')
  return new RegExp(`^${source}$`).test(trim(path.split(/[?#]/)[0] ?? ''))
}

/** A glob with `count` wildcards that a backtracking matcher takes exponential time on. */
const wildGlob = (count: number) => `/${'*a'.repeat(count)}b`

const CASES: [string, string, boolean][] = [
  ['/shop/*', '/shop/shoes', true],
  ['/shop/*', '/shop/shoes/red', false],
  ['/shop/*', '/shop/', false],
  ['/shop/*', '/shop', false],
  ['/shop/**', '/shop/shoes/red?x=1', true],
  ['/shop/**', '/shop', true],
  ['/shop/**', '/shop/', true],
  ['/shop/**', '/shopping', false],
  ['/shop/**/', '/shop/a', true],
  ['/a.b', '/aXb', false],
  ['/a.b', '/a.b#top', true],
  ['/a+b(c)', '/a+b(c)', true],
  ['/a?b', '/a?b', false],
  ['/', '/', true],
  ['/', '//', false],
  ['/', '/a', false],
  ['//', '/', false],
  ['//', '', true],
  ['/x/', '/x', true],
  ['/x', '/x///', true],
  // `**` at the start, in the middle, at the end.
  ['**', '/anything/at/all', true],
  ['**', '/line\nbreak', false],
  ['**/x', '/a/b/x', true],
  ['**/x', '/a/bx', false],
  ['**/x', '/x', true],
  ['/**', '/', true],
  ['/**', '/a/b', true],
  ['/a/**/b', '/a/b', true],
  ['/a/**/b', '/a/x/y/b', true],
  ['/a/**/b', '/a//b', true],
  ['/a/**/b', '/a/xb', false],
  ['/a/**b', '/ab', true],
  ['/a/**b', '/a/x/yb', true],
  ['/a**b/c', '/a/x/b/c', true],
  ['/shop**', '/shopping/cart', true],
  ['/shop/**', '/shop/a\nb', false],
  ['/shop/**', '/shop/a\rb', false],
  ['/shop/**', '/shop/a\u2028b', false],
  ['/shop/*', '/shop/a\nb', true],
  // `*` stays in its segment; runs of stars split as `**` then `*`.
  ['/*/b', '/a/b', true],
  ['/*/b', '//b', true],
  ['/*/b', '/a/c/b', false],
  ['/*.html', '/index.html', true],
  ['/*.html', '/docs/index.html', false],
  ['/v*-*', '/v1-beta', true],
  ['/v*-*', '/v1beta', false],
  ['/***', '/a/b', true],
  ['/a***', '/a/b', true],
  ['/a/***/b', '/a/x/y/b', true],
  ['/*a*a*b', '/xaxaxb', true],
  ['/*a*a*b', '/xaxab/c', false],
  ['/*a*a*b', '/aab', true],
  ['/*a*a*b', '/ab', false],
  // Empty segments.
  ['/a//b', '/a//b', true],
  ['/a//b', '/a/b', false],
  ['/a/*/b', '/a//b', true],
  ['', '', true],
  ['', '/', false],
]

describe('path globs', () => {
  it.each(CASES)('%j on %j is %s, as the regular expression said', (glob, path, expected) => {
    expect(globMatches(glob, path)).toBe(expected)
    expect(regexpGlobMatches(glob, path)).toBe(expected)
  })

  it('agrees with the regular expression on 20,000 random globs and paths over a small alphabet', () => {
    // Deterministic: a linear congruential generator over globs of up to 7 and paths of up to 8 characters.
    let seed = 42
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    const text = (alphabet: string, max: number) =>
      Array.from({ length: next(max + 1) }, () => alphabet[next(alphabet.length)]).join('')
    for (let n = 0; n < 20_000; n++) {
      const glob = `${next(4) === 0 ? '' : '/'}${text('ab/**.', 7)}`
      const path = `${next(8) === 0 ? '' : '/'}${text('ab/.\n?', 8)}`
      expect([glob, path, globMatches(glob, path)]).toEqual([glob, path, regexpGlobMatches(glob, path)])
    }
  })

  it('matches globs with many wildcards fast, where the regular expression backtracked for ages', () => {
    const cases: [string, string, boolean][] = [
      [wildGlob(GLOB_MAX_WILDCARDS), `/${'a'.repeat(79)}`, false],
      [wildGlob(60), `/${'a'.repeat(79)}`, false],
      [wildGlob(60), `/${'a'.repeat(1999)}`, false],
      [wildGlob(60), `/${'a'.repeat(1998)}b`, true],
      [`/${'*/'.repeat(60)}**`, '/a'.repeat(1000), true],
      [`/${'**a'.repeat(60)}b`, `/${'a'.repeat(1999)}`, false],
      ['/x', `${'/'.repeat(1999)}a`, false],
    ]
    for (const [glob, path] of cases) globMatches(glob, path)
    for (const [glob, path, expected] of cases) {
      const start = performance.now()
      expect(globMatches(glob, path)).toBe(expected)
      expect(performance.now() - start).toBeLessThan(100)
    }
  })

  it('refuses to save a glob past the wildcard cap, counting * and ** alike', () => {
    expect(globProblem('/shop/**')).toBeUndefined()
    expect(globProblem(wildGlob(GLOB_MAX_WILDCARDS))).toBeUndefined()
    expect(globProblem(`/${'**/'.repeat(GLOB_MAX_WILDCARDS)}`)).toBeUndefined()
    expect(translate(globProblem(wildGlob(GLOB_MAX_WILDCARDS + 1))!, 'en')).toBe(
      'has 9 wildcards; a path glob has at most 8 (* and ** each count)',
    )
    expect(translate(globProblem(wildGlob(60))!, 'en')).toBe(
      'has 60 wildcards; a path glob has at most 8 (* and ** each count)',
    )
  })
})
