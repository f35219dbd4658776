import type { TableOwnership } from '../../db/ownership.js'
import {
  apiTokens,
  categories,
  contents,
  media,
  memberships,
  ownershipTransfers,
  tags,
  tenants,
  users,
} from '../../db/schema/index.js'

/**
 * The tables the tenants family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [tenants, ownershipTransfers],
  portable: {
    ownership_transfers: {
      export: false,
      why: 'a pending transfer is an offer to an account of this instance',
    },
  },
  reads: [
    {
      table: memberships,
      why: "a user's tenant list, the owner checks of deletion, restore and transfer, and the members a lifecycle notice goes to",
    },
    {
      table: users,
      why: "the names and addresses of the members a lifecycle notice goes to, and of a transfer's addressee",
    },
    { table: contents, why: "the deletion preflight counts the tenant's contents the purge would remove" },
    { table: media, why: "the deletion preflight counts the tenant's media" },
    { table: categories, why: "the deletion preflight counts the tenant's categories" },
    { table: tags, why: "the deletion preflight counts the tenant's tags" },
    { table: apiTokens, why: "the deletion preflight counts the tenant's API tokens" },
  ],
  deletesFromEveryTable:
    'The purge (purge.ts) removes a purged tenant\'s rows from every table that holds tenant rows, in batches, children first, read from the schema so that a new table is purged without registering it (docs/decisions/tenancy.md "Deletion is soft for a grace period, then a durable purge").',
} satisfies TableOwnership
