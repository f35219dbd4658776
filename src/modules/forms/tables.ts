import type { TableOwnership } from '../../db/ownership.js'
import { formResponses, forms, formTokenUses, formVersions } from '../../db/schema/index.js'

/** The tables the forms family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [forms, formVersions, formResponses, formTokenUses],
} satisfies TableOwnership
