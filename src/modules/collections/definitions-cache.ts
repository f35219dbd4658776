import type { Db } from '../../db/client.js'
import type { StoredField } from '../../db/schema/index.js'
import type { CacheBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'
import type { QuerySubject } from './query/compile.js'
import { type CollectionRow, createCollectionsRepository } from './repository.js'

/** Events after which a tenant's collection definitions are read again. */
const DEFINITION_EVENTS = ['collection.']

/**
 * Collection definitions as reads need them, cached per tenant until a `collection.*` event of the
 * tenant commits (docs/architecture.md "Caches"): a public list or query would otherwise read the
 * definition and its ref targets' before its own statement. `ttlMs` bounds how long a broadcast
 * delayed by an outage leaves a definition stale on another instance.
 */
export function createCollectionDefinitionsCache(deps: { db: Db; bus: CacheBus; ttlMs?: number }) {
  const repository = createCollectionsRepository(deps.db)
  const rows = createTenantCache<CollectionRow>(deps.bus, {
    dropOn: DEFINITION_EVENTS,
    ttlMs: deps.ttlMs ?? 10_000,
    max: 5_000,
  })
  const targets = createTenantCache<ReadonlyMap<string, StoredField[]>>(deps.bus, {
    dropOn: DEFINITION_EVENTS,
    ttlMs: deps.ttlMs ?? 10_000,
    max: 5_000,
  })

  return {
    /** The tenant's collection `key` (any status), or undefined. */
    find(tenantId: string, key: string): Promise<CollectionRow | undefined> {
      return rows.get(tenantId, key, () => repository.findCollection(tenantId, key))
    },

    /** The definitions a query of `collection` may name: its own fields and its ref targets'. */
    async subjectOf(tenantId: string, collection: CollectionRow): Promise<QuerySubject> {
      const known = await targets.get(tenantId, collection.key, async () => {
        const keys = [...new Set(collection.fields.flatMap((field) => (field.ref ? [field.ref] : [])))]
        const found = await repository.findCollections(tenantId, keys)
        return new Map(found.map((row) => [row.key, row.fields]))
      })
      return {
        fields: collection.fields,
        targetFields: (key) => (key === collection.key ? collection.fields : known.get(key)),
      }
    },
  }
}

export type CollectionDefinitionsCache = ReturnType<typeof createCollectionDefinitionsCache>
