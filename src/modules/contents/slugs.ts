import { errors } from '../../errors.js'
import { SLUG_MAX_LENGTH, toSlug } from '../../lib/slug.js'
import type { ContentsRepository } from './repository.js'

/**
 * A client's slug, normalized like generated ones (lowercase ASCII words joined by dashes).
 * @throws ValidationFailed when nothing sluggable remains.
 */
export function explicitSlug(raw: string): string {
  const slug = toSlug(raw)
  if (slug === '') {
    throw errors.validation('slug must contain at least one letter or digit.', [
      { path: '/slug', message: 'has no letters or digits' },
    ])
  }
  return slug
}

/** Numbers tried by point lookups before falling back to a scan of the tenant's slugs. */
const PROBED_NUMBERS = Array.from({ length: 20 }, (_, index) => index + 2)

/**
 * `<stem>-N` with the lowest N ≥ 2 among the first 20 that is free, else one past the highest in
 * use. The stem leaves room for the number within the 240-character limit. Only a hint: the
 * unique index still decides.
 */
export async function nextFreeSlug(repository: ContentsRepository, tenantId: string, base: string) {
  const room = SLUG_MAX_LENGTH - 16
  const stem = base.length <= room ? base : base.slice(0, room).replace(/-+$/, '')
  const candidates = PROBED_NUMBERS.map((number) => `${stem}-${number}`)
  const taken = await repository.takenSlugs(tenantId, candidates)
  const free = candidates.find((candidate) => !taken.has(candidate))
  return free ?? `${stem}-${(await repository.highestSlugNumber(tenantId, stem)) + 1}`
}
