/**
 * LIKE/ILIKE patterns from user text. `%`, `_` and `\` in the text are escaped so they match
 * themselves (PostgreSQL's default LIKE escape character is the backslash), which closes the
 * wildcard-injection hole the original had with unescaped regexes (prior-art.md §29).
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
