import { createHash } from 'node:crypto'

/**
 * A number in [0, 1) fixed by the placement, its version and the visitor: the same visitor gets
 * the same number until the placement changes (SHA-256, not `Math.random`, so A/B groups are
 * stable and reproducible).
 */
export function bucketOf(placementId: string, version: number, unitKey: string): number {
  const digest = createHash('sha256').update(`${placementId}\u0000${version}\u0000${unitKey}`).digest()
  // 52 bits: exactly representable in a double.
  return (digest.readUIntBE(0, 6) * 16 + ((digest[6] ?? 0) >> 4)) / 2 ** 52
}

/**
 * Picks one of `candidates` (already eligible): the highest priority wins; among equals, by
 * weight through `bucket`. Weights are relative (0 is never picked); undefined when none can be.
 */
export function assign<T extends { id: string; priority: number; weight: number }>(
  candidates: readonly T[],
  bucket: number,
): T | undefined {
  const weighted = candidates.filter((candidate) => candidate.weight > 0)
  if (weighted.length === 0) return undefined
  const top = Math.max(...weighted.map((candidate) => candidate.priority))
  // Sorted by id so the same set always lays out the same way.
  const group = weighted
    .filter((candidate) => candidate.priority === top)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
  const total = group.reduce((sum, candidate) => sum + candidate.weight, 0)
  let point = bucket * total
  for (const candidate of group) {
    point -= candidate.weight
    if (point < 0) return candidate
  }
  return group.at(-1)
}
