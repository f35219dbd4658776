import type { TableOwnership } from '../../db/ownership.js'
import { contents, users } from '../../db/schema/index.js'

/**
 * The live family owns no table (streams and presence live in memory and the shared store); the
 * tables it reads, and why (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [],
  reads: [
    { table: contents, why: "presence: a content announced as being edited must be one of the tenant's" },
    { table: users, why: 'presence: an editor is shown by name' },
  ],
} satisfies TableOwnership
