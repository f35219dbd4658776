import type { TableOwnership } from '../../db/ownership.js'
import { customFieldDefinitions } from '../../db/schema/index.js'

/**
 * The tables the custom-fields family owns, which only it writes (docs/architecture.md "Table
 * ownership").
 */
export const tables = {
  owns: [customFieldDefinitions],
  portable: {
    custom_field_definitions: { export: true },
  },
} satisfies TableOwnership
