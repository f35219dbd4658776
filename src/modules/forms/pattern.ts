import { LRUCache } from 'lru-cache'
import type * as Re2js from 're2js'
import { type Phrase, phrase } from '../../i18n/index.js'
import { lazyModule } from '../../lib/lazy-module.js'
import { entriesBound } from '../../lib/lru.js'

const re2js = lazyModule<typeof Re2js>('re2js')

/**
 * Field `validation.pattern`: a JavaScript regular expression (`u` flag; unanchored, as
 * `RegExp.prototype.test`: `^…$` makes it match the whole answer) run by RE2 (the re2js port), whose
 * matching time grows linearly with the answer whatever the pattern, so that no pattern can make a
 * submission freeze the process (ReDoS, OWASP "Regular expression Denial of Service").
 *
 * A pattern must be valid JavaScript (renderers may use it in the browser) and compile in RE2 after
 * re2js's `translateRegExp` (which rewrites `\uXXXX`, `\u{…}`, `\cX`, `(?<name>…)`, `[]`, `[^]`).
 * RE2 has no backreferences and no lookarounds, allows counted repeats up to 1000, and has no
 * `\p{Script=…}` (JavaScript has no `\p{Greek}`), so Unicode properties are general categories
 * (`\p{L}`, `\p{Lu}`). Where it reads a valid pattern differently from JavaScript: `\s` is ASCII
 * whitespace (`[\t\n\f\r ]`, not `\v` nor Unicode spaces) and `.` also matches `\r`, U+2028 and
 * U+2029 (still not `\n`).
 */
export const PATTERN_MAX_LENGTH = 200

/**
 * Most RE2 work a form's patterns may cost per submission: the sum over its fields of the pattern's
 * program size (instructions) times the longest answer it checks. RE2 is linear in both, at 10-30 ns
 * per unit on one core for the worst shapes (`(?:\w|\d|[a-z]|\s){990}$`, 993 instructions, took
 * 99 ms of CPU on a 10,000-character answer), so this keeps the patterns' share of a submission
 * to a few hundred milliseconds at worst, whether one large pattern or many small ones.
 */
export const PATTERN_BUDGET = 10_000_000

/**
 * A pattern RE2 runs: `test` says whether it matches somewhere in a text; `size` is its RE2 program
 * size (instructions), the factor of its matching time per character.
 */
export type CompiledPattern =
  | { ok: true; test: (text: string) => boolean; size: number }
  | { ok: false; problem: Phrase }

/** Compiled patterns by text: a form's pattern compiles once, not once per answer. */
const compiled = new LRUCache<string, CompiledPattern>(entriesBound(1000))

/**
 * `pattern` compiled for RE2, or why it is refused as a phrase completing "validation.pattern …"
 * (too long, invalid JavaScript, backreferences, lookarounds, other syntax RE2 lacks). Never throws.
 */
export function compilePattern(pattern: string): CompiledPattern {
  let result = compiled.get(pattern)
  if (result === undefined) {
    result = compile(pattern)
    compiled.set(pattern, result)
  }
  return result
}

function compile(pattern: string): CompiledPattern {
  const refuse = (problem: Phrase): CompiledPattern => ({ ok: false, problem })
  if (pattern.length > PATTERN_MAX_LENGTH) {
    return refuse(phrase('forms.pattern.tooLong', { most: PATTERN_MAX_LENGTH }))
  }
  try {
    new RegExp(pattern, 'u')
  } catch {
    return refuse(phrase('forms.pattern.invalid'))
  }
  if (hasBackreference(pattern)) return refuse(phrase('forms.pattern.backreference'))
  const { RE2JS, RE2JSException, RE2JSSyntaxException } = re2js()
  try {
    const regexp = RE2JS.compile(RE2JS.translateRegExp(pattern))
    const test = (text: string) => {
      const found = regexp.test(text)
      // RE2's lazy DFA may keep up to 8 MB of states per pattern: dropped after each answer, so the
      // cache holds programs only (rebuilding the few states an ordinary answer needs takes microseconds).
      regexp.reset()
      return found
    }
    return { ok: true, test, size: regexp.programSize() }
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err
    const fragment = err instanceof RE2JSSyntaxException ? (err.input ?? '') : ''
    if (/^\(\?<?[=!]/.test(fragment)) {
      return refuse(phrase('forms.pattern.lookaround'))
    }
    const why = err instanceof RE2JSSyntaxException ? err.error : err.message
    return refuse(
      fragment === ''
        ? phrase('forms.pattern.syntaxRefused', { why })
        : phrase('forms.pattern.fragmentRefused', { fragment, why }),
    )
  }
}

/**
 * Whether `pattern` (valid in `u` mode) has an escape `\1`…`\9` or `\k`: there, a backreference.
 * Looked for before translation, which would turn `\k`, `\8` and `\9` into plain letters and digits.
 */
function hasBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue
    if (/[1-9k]/.test(pattern[i + 1] ?? '')) return true
    i++
  }
  return false
}
