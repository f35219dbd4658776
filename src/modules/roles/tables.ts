import type { TableOwnership } from '../../db/ownership.js'
import { roles } from '../../db/schema/index.js'

/** The tables the roles family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [roles],
  portable: {
    roles: { export: true },
  },
} satisfies TableOwnership
