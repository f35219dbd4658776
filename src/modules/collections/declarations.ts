import { Type } from 'typebox'
import { configSection, int } from '../../config-variables.js'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const collection = {
  id: Id,
  key: Type.String(),
  name: Type.String({ description: "The name in the collection's first language" }),
  status: Type.String(),
}
const entry = {
  id: Id,
  collectionKey: Type.String(),
  slug: Type.String(),
  status: Type.String(),
}

/** The configuration of typed collections (`Config` members). */
export interface CollectionsConfig {
  /** Statement timeout of a public collection read or query; beyond it the answer is 400 QueryTimeout. */
  publicQueryTimeoutMs: number
}

/** The collections family's events (definitions and entries), permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'collection.created': payload('A collection was defined', collection),
    'collection.updated': payload('A collection definition was changed', { ...collection, changed: Changed }),
    'collection.deleted': payload('An archived collection was deleted with its entries', collection),

    'collection-entry.created': payload('A collection entry was created', entry),
    'collection-entry.updated': payload('A collection entry was changed', { ...entry, changed: Changed }),
    'collection-entry.published': payload('A collection entry was changed to published', {
      ...entry,
      changed: Changed,
    }),
    'collection-entry.unpublished': payload('A published collection entry was changed to another status', {
      ...entry,
      changed: Changed,
    }),
    'collection-entry.deleted': payload('A collection entry was deleted', entry),
  },
  activity: { nouns: { collection: 'the collection', 'collection-entry': 'the collection entry' } },
  permissions: { collections: CRUD },
  config: configSection<CollectionsConfig>()((to) => ({
    PUBLIC_QUERY_TIMEOUT_MS: to('publicQueryTimeoutMs', int(50, 60_000, 2000, 'public query timeout')),
  })),
})
