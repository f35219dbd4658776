import type { TableOwnership } from '../../db/ownership.js'
import { collectionEntries, collectionEntryValues, collections, media } from '../../db/schema/index.js'

/**
 * The tables the collections family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [collections, collectionEntries, collectionEntryValues],
  portable: {
    collections: { export: true },
    collection_entries: { export: true },
    collection_entry_values: { export: true },
  },
  reads: [
    {
      table: media,
      why: "delivery: a page of entries carries the media its media fields name, in the one statement of the query DSL; media fields are checked to name the tenant's media",
    },
  ],
} satisfies TableOwnership
