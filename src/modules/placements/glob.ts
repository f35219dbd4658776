import { type Phrase, phrase } from '../../i18n/index.js'
/**
 * Path globs of targeting rules, matched without regular expressions. `*` matches within one path
 * segment (no `/`), `**` across segments, and `/**` is optional as a whole (`/shop/**` also matches
 * `/shop`); everything else is literal. A trailing slash on either side is ignored and the path's
 * query and fragment are dropped. These are the matches of the anchored regular expressions used
 * before (`*` → `[^/]*`, `**` → `.*`, `/**` → `(?:/.*)?`, no flags, so `**` stops at line
 * terminators), whose backtracking took exponential time on globs like `/*a*a*a…b`.
 *
 * Matching carries the set of path positions each literal part can end at from wildcard to wildcard:
 * one pass over the path per wildcard, plus comparing each literal part where it may start, so at
 * worst O(path × glob length) and never exponential.
 */

/**
 * Most wildcards a glob may have when a placement is saved: `*` and `**` each count. Real globs use
 * one to three (`/shop/*`, `/blog/**`, `/docs/v*`). Each wildcard costs a pass over the path, and a
 * decision may match 20 experiences × 100 globs against a 2,000-character path: 8 keeps that worst
 * case near 40 million steps (about half a second on a loaded core) while leaving room for globs
 * far past real ones. Globs stored before the cap still match, in time linear in their wildcards.
 */
export const GLOB_MAX_WILDCARDS = 8

/** `*` → `[^/]*`; `**` → `.*`; `/**` → `(?:/.*)?`. */
type Wildcard = 'segment' | 'any' | 'slashAny'

/** A glob as literal parts between wildcards: literals[k] comes before wildcards[k]. */
interface Parsed {
  literals: string[]
  wildcards: Wildcard[]
}

/** The length each wildcard takes in a glob. */
const WIDTH: Record<Wildcard, number> = { segment: 1, any: 2, slashAny: 3 }

const SLASH = 0x2f
const isSlash = (code: number) => code === SLASH

/** `.` without the `s` flag stops at these (ECMA-262 LineTerminator). */
const isLineTerminator = (code: number) =>
  code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029

/** Whether `glob` matches `path` (a URL path, maybe with a query or fragment). */
export function globMatches(glob: string, path: string): boolean {
  return matches(parse(trimSlashes(glob)), trimSlashes(path.split(/[?#]/)[0] ?? ''))
}

/** Why `glob` cannot be saved, as a phrase (too many wildcards), or undefined. */
export function globProblem(glob: string): Phrase | undefined {
  const count = parse(trimSlashes(glob)).wildcards.length
  return count > GLOB_MAX_WILDCARDS
    ? phrase('placements.tooManyWildcards', { wildcards: count, most: GLOB_MAX_WILDCARDS })
    : undefined
}

/** `text` without trailing slashes, except a lone `/` (a loop: a `/\/+$/` regex is quadratic). */
function trimSlashes(text: string): string {
  if (text.length <= 1) return text
  let end = text.length
  while (end > 0 && text[end - 1] === '/') end--
  return text.slice(0, end)
}

/** Splits `glob` as the regular expression did: at each position `/**`, else `**`, else `*`. */
function parse(glob: string): Parsed {
  const literals: string[] = []
  const wildcards: Wildcard[] = []
  let literal = ''
  for (let i = 0; i < glob.length; ) {
    const wildcard: Wildcard | undefined = glob.startsWith('/**', i)
      ? 'slashAny'
      : glob.startsWith('**', i)
        ? 'any'
        : glob[i] === '*'
          ? 'segment'
          : undefined
    if (wildcard === undefined) {
      literal += glob[i]
      i++
    } else {
      literals.push(literal)
      wildcards.push(wildcard)
      literal = ''
      i += WIDTH[wildcard]
    }
  }
  literals.push(literal)
  return { literals, wildcards }
}

/** Whether the parsed glob matches all of `path` (both already trimmed). */
function matches({ literals, wildcards }: Parsed, path: string): boolean {
  const head = literals[0]!
  if (!path.startsWith(head)) return false
  // ends[q] = 1: the glob up to the current literal part can match path.slice(0, q).
  let ends = new Uint8Array(path.length + 1)
  let next = new Uint8Array(path.length + 1)
  const starts = new Uint8Array(path.length + 1)
  ends[head.length] = 1
  let first = head.length
  for (let k = 0; k < wildcards.length; k++) {
    spread(wildcards[k]!, path, ends, first, starts)
    const literal = literals[k + 1]!
    next.fill(0)
    const from = first
    first = -1
    const lead = literal.charCodeAt(0)
    for (let q = from; q + literal.length <= path.length; q++) {
      if (starts[q] !== 1) continue
      // The first character compared inline spares most positions a call.
      if (literal === '' || (path.charCodeAt(q) === lead && path.startsWith(literal, q))) {
        next[q + literal.length] = 1
        if (first === -1) first = q + literal.length
      }
    }
    if (first === -1) return false
    ;[ends, next] = [next, ends]
  }
  return ends[path.length] === 1
}

/**
 * Marks in `starts` where `wildcard` can stop (where the next literal part can start) when it starts
 * at a position marked in `ends`, of which none comes before `first`: one pass over the path.
 */
function spread(wildcard: Wildcard, path: string, ends: Uint8Array, first: number, starts: Uint8Array): void {
  starts.fill(0)
  let open = false
  if (wildcard === 'slashAny') {
    // Stops where it started (no slash), or anywhere on the same line after a slash it starts with.
    for (let q = first + 1; q <= path.length; q++) {
      const code = path.charCodeAt(q - 1)
      open = (ends[q - 1] === 1 && code === SLASH) || (open && !isLineTerminator(code))
      if (open || ends[q] === 1) starts[q] = 1
    }
    starts[first] = 1
    return
  }
  const stopsAt = wildcard === 'segment' ? isSlash : isLineTerminator
  for (let q = first; q <= path.length; q++) {
    open = ends[q] === 1 || (open && !stopsAt(path.charCodeAt(q - 1)))
    if (open) starts[q] = 1
  }
}
