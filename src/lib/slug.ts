import slugify from '@sindresorhus/slugify'
import { errors } from '../errors.js'
import { phrase } from '../i18n/index.js'

/** Longest slug the API contract allows for content (docs/decisions/http.md "Limits the contract sets"). */
export const SLUG_MAX_LENGTH = 240

// Umlauts drop their diacritic like every other accent (ü→u, as stripping the accents of the NFD form
// does), not the German ue/oe/ae spelling the transliteration library defaults to, so `für` and `fur`
// give one slug (docs/decisions/content.md "Slugs": accents drop their diacritic).
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

/**
 * `toSlug(text)` for a write that needs a slug: 400 ValidationFailed when nothing sluggable remains,
 * naming `member`, the input member the text came from (`slug`, or the `title` or `name` a slug is
 * derived from).
 */
export function requiredSlug(text: string, member: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = toSlug(text, maxLength)
  if (slug === '') {
    throw errors.validation(phrase('common.noLetterOrDigit', { member }), [
      { path: `/${member}`, message: phrase('common.hasNoLetterOrDigit') },
    ])
  }
  return slug
}

/** A slug as written by a client: lowercase letters, digits and single dashes between them. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$'

/**
 * What the slug allocator asks of a table: the slugs in use within one scope (a tenant, a
 * collection). `src/db/slugs.ts` answers it for any slug column.
 */
export interface SlugLookup {
  /** Which of `candidates` are taken. */
  taken(candidates: string[]): Promise<Set<string>>
  /** The highest N among taken `<stem>-N` slugs, 1 when there is none. */
  highestNumber(stem: string): Promise<number>
}

/** Numbers tried by point lookups before the allocator falls back to the highest number in use. */
const PROBED_NUMBERS = 20

/**
 * The first `wanted` free slugs `<stem>-N`, N ≥ 2, lowest first: point lookups for the first 20
 * numbers, then numbers past the highest in use. The stem is `base` cut so that the number fits
 * within `maxLength`. Only a hint under concurrency: the unique index decides, and a caller that
 * loses the race asks again.
 */
export async function freeSlugs(
  lookup: SlugLookup,
  base: string,
  { wanted = 1, maxLength = SLUG_MAX_LENGTH }: { wanted?: number; maxLength?: number } = {},
): Promise<string[]> {
  const room = maxLength - Math.min(16, Math.floor(maxLength / 4))
  const stem = base.length <= room ? base : base.slice(0, room).replace(/-+$/, '')
  const candidates = Array.from({ length: PROBED_NUMBERS + wanted - 1 }, (_, index) => `${stem}-${index + 2}`)
  const taken = await lookup.taken(candidates)
  const free = candidates.filter((candidate) => !taken.has(candidate)).slice(0, wanted)
  if (free.length < wanted) {
    const highest = await lookup.highestNumber(stem)
    for (let n = highest + 1; free.length < wanted; n++) free.push(`${stem}-${n}`)
  }
  return free
}

/** The first free `<stem>-N` (see `freeSlugs`). */
export async function nextFreeSlug(lookup: SlugLookup, base: string, maxLength = SLUG_MAX_LENGTH) {
  const [slug] = await freeSlugs(lookup, base, { maxLength })
  return slug as string
}
