/**
 * LIKE/ILIKE patterns from user text. `%`, `_` and `\` in the text are escaped so they match
 * themselves (PostgreSQL's default LIKE escape character is the backslash): a search for `%` finds
 * a percent sign, never every row (docs/decisions/input-hygiene.md "Strings an attacker tries are
 * harmless").
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&')
}

/** Matches values containing `text` literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}

/** Matches values starting with `text` literally. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`
}
