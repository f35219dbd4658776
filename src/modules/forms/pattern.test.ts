import { describe, expect, it } from 'vitest'
import { patternProblem } from './pattern.js'

describe('safe field patterns', () => {
  it.each([
    '^[A-Z]{3}-\\d{2}$',
    '^\\+?[0-9 ]{6,20}$',
    '^(?:https?)://\\S+$',
    '^[a-z]+(?:-[a-z]+)?$',
    '^(ab)c*$',
    '^a+?b$',
    '^(?:a+){0,1}$',
    '^(\\w*)?x$',
  ])('accepts %s', (pattern) => {
    expect(patternProblem(pattern)).toBeUndefined()
  })

  it.each([
    ['(a+)+$', 'nested quantifiers'],
    ['^(a|aa)*$', 'nested quantifiers'],
    ['^((a)+)+$', 'nested quantifiers'],
    ['^(?:a+){2,}$', 'nested quantifiers'],
    ['^((a+)?)*$', 'nested quantifiers'],
    ['(?<name>a)\\k<name>', 'named groups'],
    ['(a)\\1', 'backreferences'],
    ['a(?!b)', 'lookarounds'],
    ['(?<=a)b', 'lookarounds'],
    ['a{2', 'not a valid regular expression'],
    ['x'.repeat(201), 'longer than 200'],
  ])('refuses %s', (pattern, problem) => {
    expect(patternProblem(pattern)).toContain(problem)
  })
})
