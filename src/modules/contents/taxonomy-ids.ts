import type { CacheBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'

/** Events that can change which contents a list holds: content writes, category and tag names and links. */
export const CONTENTS_CHANGING_EVENTS = ['content.', 'category.', 'tag.']

/** Which name filter a cached id list answers. */
export type TaxonomyKind = 'tag' | 'category'

/**
 * The tag and category ids a `tagName` / `categoryName` list filter matches, cached per tenant and
 * name, so a list by name runs the same indexed statement as a list by id (one tag archive read
 * instead of a name probe per content row). The ids a name matches change only when a tag or
 * category is renamed, merged or deleted, or when the importer writes; a tag or category created
 * without contents changes no list until a content write links it. Every one of those writes emits
 * a `content.*`, `category.*` or `tag.*` event, which this cache hears on every instance (the event
 * bus), so the next list after such a write resolves the name again; `ttlMs` bounds how long a
 * delayed broadcast can leave a name stale, as for list totals.
 */
export function createTaxonomyIds(bus: CacheBus, ttlMs = 10_000) {
  // Sized by ids held, so a name matching thousands of tags cannot grow the cache without bound.
  const cache = createTenantCache<readonly string[]>(bus, {
    dropOn: CONTENTS_CHANGING_EVENTS,
    ttlMs,
    max: 100_000,
    sizeOf: (ids) => ids.length,
  })

  return {
    /**
     * The cached ids `name` matches for `kind` in the tenant, or `resolve()`'s answer (ids in a
     * stable order), kept unless a change raced it.
     */
    async get(
      tenantId: string,
      kind: TaxonomyKind,
      name: string,
      resolve: () => Promise<string[]>,
    ): Promise<readonly string[]> {
      return cache.get(tenantId, `${kind}:${name}`, resolve)
    },
  }
}

export type TaxonomyIds = ReturnType<typeof createTaxonomyIds>
