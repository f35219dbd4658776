/**
 * lru-cache options bounding a cache to `entries` entries without allocating room for all of them
 * when it is made: given `max`, lru-cache allocates six arrays of `max` slots up front (about
 * 300 KB per cache of 10,000, full or empty, for the life of the process); bounded by `maxSize`
 * with every entry counting 1, it grows with what it holds. docs/decisions/configuration.md "Memory".
 */
export function entriesBound(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 }
}
