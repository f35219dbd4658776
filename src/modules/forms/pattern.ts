/**
 * Field `validation.pattern`: a JavaScript regular expression of a safe subset, so that a form
 * author cannot make submissions cost exponential time (ReDoS, OWASP "Regular expression Denial of
 * Service"). Refused: backreferences (`\1`, `\k<name>`), lookarounds and other `(?` groups except
 * `(?:`, and a repeated group (`*`, `+`, `{n,m}` with m > 1) that itself contains a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`): the shapes that backtrack catastrophically. An optional group
 * (`(?:-[a-z]+)?`) is fine. Answers are also capped in length before any pattern runs.
 */
export const PATTERN_MAX_LENGTH = 200

const QUANTIFIER_START = new Set(['*', '+', '?', '{'])

interface Group {
  quantified: boolean
  alternation: boolean
}

/** Why `pattern` is refused, as a phrase, or undefined when it is a safe, valid expression. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.length > PATTERN_MAX_LENGTH) return `is longer than ${PATTERN_MAX_LENGTH} characters`
  try {
    new RegExp(pattern, 'u')
  } catch {
    return 'is not a valid regular expression'
  }
  const stack: Group[] = [{ quantified: false, alternation: false }]
  let lastClosed: Group | undefined
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!
    const top = stack[stack.length - 1]!
    if (char === '\\') {
      const next = pattern[i + 1] ?? ''
      if (/[1-9]/.test(next) || next === 'k') return 'must not use backreferences'
      i++
      lastClosed = undefined
      continue
    }
    if (char === '[') {
      i = skipClass(pattern, i)
      lastClosed = undefined
      continue
    }
    if (char === '(') {
      if (pattern[i + 1] === '?') {
        if (pattern[i + 2] !== ':') return 'must not use lookarounds or named groups (only (?: … ))'
        i += 2
      }
      stack.push({ quantified: false, alternation: false })
      lastClosed = undefined
      continue
    }
    if (char === ')') {
      const closed = stack.pop()!
      const parent = stack[stack.length - 1]!
      parent.quantified ||= closed.quantified
      parent.alternation ||= closed.alternation
      lastClosed = closed
      continue
    }
    if (char === '|') top.alternation = true
    if (QUANTIFIER_START.has(char) && !(char === '?' && isLazyMarker(pattern, i))) {
      if (
        lastClosed !== undefined &&
        repeats(pattern, i) &&
        (lastClosed.quantified || lastClosed.alternation)
      ) {
        return 'must not repeat a group that contains a quantifier or an alternation (nested quantifiers)'
      }
      top.quantified = true
      if (char === '{') i = pattern.indexOf('}', i)
    }
    lastClosed = undefined
  }
  return undefined
}

/** The index of the `]` that closes the class opened at `start`. */
function skipClass(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++
    else if (pattern[i] === ']') return i
  }
  return pattern.length
}

/** Whether the quantifier at `index` may match more than once (`?` and `{0,1}` may not). */
function repeats(pattern: string, index: number): boolean {
  const char = pattern[index]
  if (char === '*' || char === '+') return true
  if (char !== '{') return false
  const bounds = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index))
  if (bounds === null) return true
  const max =
    bounds[2] === undefined
      ? Number(bounds[1])
      : bounds[3] === ''
        ? Number.POSITIVE_INFINITY
        : Number(bounds[3])
  return max > 1
}

/** A `?` right after a quantifier makes it lazy; it is not a quantifier of its own. */
function isLazyMarker(pattern: string, index: number): boolean {
  const previous = pattern[index - 1]
  return previous === '*' || previous === '+' || previous === '?' || previous === '}'
}
