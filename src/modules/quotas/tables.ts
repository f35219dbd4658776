import type { TableOwnership } from '../../db/ownership.js'
import { apiUsage, tenants } from '../../db/schema/index.js'

/**
 * The tables the quotas family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [apiUsage],
  portable: {
    api_usage: { export: false, why: "request counts of this instance's meter" },
  },
  reads: [{ table: tenants, why: 'counts are folded only for tenants that still exist' }],
} satisfies TableOwnership
