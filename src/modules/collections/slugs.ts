import { SLUG_MAX_LENGTH } from '../../lib/slug.js'
import type { CollectionsRepository } from './repository.js'

const PROBED_NUMBERS = Array.from({ length: 20 }, (_, index) => index + 2)

/**
 * `<stem>-N` with the lowest N ≥ 2 among the first 20 that is free in the collection, else one past
 * the highest in use (as contents/slugs.ts per collection). Only a hint: the unique index decides.
 */
export async function nextFreeSlug(
  repository: CollectionsRepository,
  tenantId: string,
  collectionId: string,
  base: string,
): Promise<string> {
  const room = SLUG_MAX_LENGTH - 16
  const stem = base.length <= room ? base : base.slice(0, room).replace(/-+$/, '')
  const candidates = PROBED_NUMBERS.map((number) => `${stem}-${number}`)
  const taken = await repository.takenSlugs(tenantId, collectionId, candidates)
  const free = candidates.find((candidate) => !taken.has(candidate))
  return free ?? `${stem}-${(await repository.highestSlugNumber(tenantId, collectionId, stem)) + 1}`
}
