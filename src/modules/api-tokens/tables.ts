import type { TableOwnership } from '../../db/ownership.js'
import { apiTokens } from '../../db/schema/index.js'

/** The tables the api-tokens family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [apiTokens],
} satisfies TableOwnership
