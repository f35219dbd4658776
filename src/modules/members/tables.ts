import type { TableOwnership } from '../../db/ownership.js'
import { invitations, memberships, tenants, users } from '../../db/schema/index.js'

/**
 * The tables the members family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [memberships, invitations],
  portable: {
    memberships: {
      export: false,
      why: "accounts are the instance's: members travel as members.ndjson and become pending invitations",
    },
    invitations: { export: false, why: 'one-time links of this instance; the import invites again' },
  },
  reads: [
    { table: users, why: "members are listed, searched and mailed with their accounts' names and addresses" },
    { table: tenants, why: 'an invitation names its tenant, and accepts only into a live one' },
  ],
} satisfies TableOwnership
