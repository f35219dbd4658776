import { describe, expect, it } from 'vitest'
import { translate } from '../../i18n/index.js'
import { compilePattern } from './pattern.js'

const problemOf = (pattern: string) => {
  const compiled = compilePattern(pattern)
  return compiled.ok ? undefined : translate(compiled.problem, 'en')
}

const run = (pattern: string) => {
  const compiled = compilePattern(pattern)
  if (!compiled.ok) throw new Error(translate(compiled.problem, 'en'))
  return compiled
}

describe('field patterns on RE2', () => {
  it.each([
    '^[A-Z]{3}-\\d{2}$',
    '^\\+?[0-9 ]{6,20}$',
    '^(?:https?)://\\S+$',
    '^[a-z]+(?:-[a-z]+)?$',
    '^(ab)c*$',
    '^a+?b$',
    '^(?:a+){0,1}$',
    '^(\\w*)?x$',
    // Shapes a backtracking engine takes exponential time on are harmless to RE2.
    '(a+)+$',
    '^(a|aa)*$',
    '^(?:a+){2,}$',
    `^${'\\d*'.repeat(30)}$`,
    '^\\u00e9\\u{1F600}(?<year>\\d{4})\\p{Lu}\\cJ[^][]$',
  ])('accepts %s', (pattern) => {
    expect(problemOf(pattern)).toBeUndefined()
  })

  it.each([
    ['(a)\\1', 'must not use backreferences (\\1, \\k<name>), which RE2'],
    ['(?<name>a)\\k<name>', 'must not use backreferences'],
    ['(a)(b)(c)(d)(e)(f)(g)(h)(i)\\9', 'must not use backreferences'],
    ['a(?!b)', 'must not use lookarounds'],
    ['(?=a)a', 'must not use lookarounds'],
    ['(?<=a)b', 'must not use lookarounds'],
    ['(?<!a)b', 'must not use lookarounds'],
    [
      'a{1001}',
      'uses "{1001}", which RE2 (the linear-time engine running patterns) refuses: invalid repeat count',
    ],
    ['\\p{Script=Greek}', 'uses "\\p{Script=Greek}", which RE2'],
    ['a{2', 'is not a valid regular expression'],
    ['(?i)a', 'is not a valid regular expression'],
    ['x'.repeat(201), 'is longer than 200 characters'],
  ])('refuses %s', (pattern, problem) => {
    expect(problemOf(pattern)).toContain(problem)
  })

  it('matches as JavaScript does (u flag, unanchored), beyond the differences its docstring lists', () => {
    const cases: [string, string][] = [
      ['^[A-Z]{3}-\\d{2}$', 'ABC-12'],
      ['^[A-Z]{3}-\\d{2}$', 'ABC-123'],
      ['b', 'abc'],
      ['^b', 'abc'],
      ['c$', 'abc\n'],
      ['^\\w+@\\w+\\.\\w{2,}$', 'ada@example.org'],
      ['^.$', '😀'],
      ['^[😀-😂]$', '😁'],
      ['^\\u00e9$', 'é'],
      ['^\\u{1F600}$', '😀'],
      ['^(?<year>\\d{4})$', '2026'],
      ['^\\p{Lu}\\p{Ll}+$', ' Örnek'],
      ['^[^]$', '\n'],
      ['[]', 'anything'],
      ['\\cJ', 'a\nb'],
      ['^\\bword\\b', 'word!'],
      ['^a+?$', 'aaa'],
    ]
    for (const [pattern, text] of cases) {
      expect([pattern, text, run(pattern).test(text)]).toEqual([
        pattern,
        text,
        new RegExp(pattern, 'u').test(text),
      ])
    }
  })

  it('differs from JavaScript where RE2 does: ASCII \\s, a dot that takes \\r', () => {
    expect(run('^\\s$').test('\u00a0')).toBe(false)
    expect(/^\s$/u.test('\u00a0')).toBe(true)
    expect(run('^a.b$').test('a\rb')).toBe(true)
    expect(/^a.b$/u.test('a\rb')).toBe(false)
    expect(run('^a.b$').test('a\nb')).toBe(false)
  })

  it('compiles a pattern once and runs it in linear time', () => {
    const pattern = `^${'\\d*'.repeat(30)}$`
    expect(compilePattern(pattern)).toBe(compilePattern(pattern))
    const regexp = run(pattern)
    expect(regexp.test('1234')).toBe(true)
    for (const answer of [`${'9'.repeat(39)}x`, `${'9'.repeat(9_999)}x`]) {
      const start = performance.now()
      expect(regexp.test(answer)).toBe(false)
      expect(performance.now() - start).toBeLessThan(100)
    }
  })
})
