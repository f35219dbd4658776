import type { TableOwnership } from '../../db/ownership.js'
import { memberships, tenants } from '../../db/schema/index.js'

/**
 * Account owns no table (docs/architecture.md "Table ownership"): its writes are auth's (the
 * account row, its sessions), members' (memberships) and tenants' (a tenant deleted with its last
 * member), in its own transactions.
 */
export const tables = {
  owns: [],
  reads: [
    {
      table: memberships,
      why: "leaving a tenant and deleting the account read the user's memberships with their tenants' owner counts, in the transaction that holds the owner lock",
    },
    {
      table: tenants,
      why: 'leaving and deleting the account name the tenants of those memberships and skip deleted ones',
    },
  ],
} satisfies TableOwnership
