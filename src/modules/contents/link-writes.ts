import type { Db } from '../../db/client.js'
import { createContentsRepository } from './repository.js'

/**
 * The writes to contents' category links other families make in their own transaction `tx`
 * (contents owns `content_categories`, docs/architecture.md "Table ownership").
 */
export function contentLinkWrites(tx: Db) {
  const repository = createContentsRepository(tx)
  return {
    /**
     * A category merge: moves the links of category `sourceId` to `targetId`, skipping contents
     * that already link the target; returns how many contents linked the source.
     */
    moveCategory: (tenantId: string, sourceId: string, targetId: string) =>
      repository.moveCategoryLinks(tenantId, sourceId, targetId),
  }
}
