import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.js'
import type { EventBus } from '../../events/bus.js'
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
export function createCustomFieldDefinitions(deps: { db: Db; bus: Pick<EventBus, 'on'> }, ttlMs = 10_000) {
  const repository = createDefinitionsRepository(deps.db)
  const cache = new LRUCache<string, readonly DefinitionRow[]>({ max: 10_000, ttl: ttlMs })
  const generations = new Map<string, number>()
  deps.bus.on(DEFINITION_EVENTS, ({ tenantId }) =>
    generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1),
  )

  return {
    /** The tenant's definitions (position order). */
    async get(tenantId: string): Promise<readonly DefinitionRow[]> {
      const generation = generations.get(tenantId) ?? 0
      const key = `${tenantId}:${generation}`
      const cached = cache.get(key)
      if (cached !== undefined) return cached
      const rows = await repository.list(tenantId)
      if ((generations.get(tenantId) ?? 0) === generation) cache.set(key, rows)
      return rows
    },
  }
}

export type CustomFieldDefinitions = ReturnType<typeof createCustomFieldDefinitions>
