import type { Db } from '../../db/client.js'
import type { CacheBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'
import { createDefinitionsRepository, type DefinitionRow } from './repository.js'

/** The events after which a tenant's cached definitions are read again. */
export const DEFINITION_EVENTS = 'custom-field-definition.'

/**
 * Each tenant's custom field definitions, cached: every content write and every filtered list
 * needs them, and they change rarely. A `custom-field-definition.*` event (heard on every instance
 * through the event bus) moves the tenant's generation on, so the next read loads them again; `ttlMs`
 * bounds how long a delayed broadcast can leave them stale (the pattern of taxonomy-ids.ts). Read
 * outside a write's transaction: the embedded database has one connection.
 */
export function createCustomFieldDefinitions(deps: { db: Db; bus: CacheBus }, ttlMs = 10_000) {
  const repository = createDefinitionsRepository(deps.db)
  const cache = createTenantCache<readonly DefinitionRow[]>(deps.bus, { dropOn: [DEFINITION_EVENTS], ttlMs })

  return {
    /**
     * The tenant's definitions (position order). `via`: the caller's transaction (a unit of work),
     * read through on a cache miss and not cached.
     */
    async get(tenantId: string, via?: Db): Promise<readonly DefinitionRow[]> {
      if (via === undefined) return cache.get(tenantId, '', () => repository.list(tenantId))
      return cache.peek(tenantId) ?? (await createDefinitionsRepository(via).list(tenantId))
    },
  }
}

export type CustomFieldDefinitions = ReturnType<typeof createCustomFieldDefinitions>
