import slugify from '@sindresorhus/slugify'

/** Longest slug the API contract allows for content (docs/decisions/http.md "Limits the contract sets"). */
export const SLUG_MAX_LENGTH = 240

// Umlauts drop their diacritic like every other accent (ü→u, as the earlier system's NFD strip did), not
// the German ue/oe/ae spelling the transliteration library defaults to.
const UMLAUTS: [string, string][] = [
  ['ä', 'a'],
  ['ö', 'o'],
  ['ü', 'u'],
  ['Ä', 'A'],
  ['Ö', 'O'],
  ['Ü', 'U'],
]

/**
 * URL slug from free text: non-ASCII letters transliterated (ş→s, ü→u, ß→ss, ж→zh), lowercase,
 * words joined by `-`, cut to `maxLength` on a word boundary when possible. Returns '' when nothing
 * sluggable remains (for example a title of only punctuation); callers choose a fallback.
 */
export function toSlug(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = slugify(text, { lowercase: true, decamelize: false, customReplacements: UMLAUTS })
  if (slug.length <= maxLength) return slug
  const cut = slug.slice(0, maxLength)
  const lastDash = cut.lastIndexOf('-')
  return lastDash > maxLength / 2 ? cut.slice(0, lastDash) : cut.replace(/-+$/, '')
}

/** A slug as written by a client: lowercase letters, digits and single dashes between them. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$'
