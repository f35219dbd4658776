import type { TableOwnership } from '../db/ownership.js'

/**
 * The command-line tools own no table (docs/architecture.md "Table ownership"): what they write
 * goes through the families' services, except the move of a whole instance.
 */
export const tables = {
  owns: [],
  writesToEveryTable:
    'migrate-instance (instance-copy.ts) copies every row of every table, named at run time from the catalog, from one database into a new, empty one (docs/decisions/configuration.md "Moving to PostgreSQL"): the rows are the instance itself, not any family\'s write.',
} satisfies TableOwnership
