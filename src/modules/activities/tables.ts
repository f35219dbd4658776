import type { TableOwnership } from '../../db/ownership.js'
import { activities, users } from '../../db/schema/index.js'

/**
 * The tables the activities family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [activities],
  portable: {
    activities: {
      export: false,
      why: 'the activity log tells what happened on this instance; the import writes no history',
    },
  },
  reads: [
    { table: users, why: "the activity consumer names each event's actor (name and e-mail at the time)" },
  ],
} satisfies TableOwnership
