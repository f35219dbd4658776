import type { TableOwnership } from '../../db/ownership.js'
import { categories } from '../../db/schema/index.js'

/** The tables the categories family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [categories],
} satisfies TableOwnership
