import type { TableOwnership } from '../../db/ownership.js'
import { featureFlags, users } from '../../db/schema/index.js'

/**
 * The tables the feature-flags family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [featureFlags],
  reads: [{ table: users, why: 'a platform administrator is named by a verified e-mail address' }],
} satisfies TableOwnership
