import type { TableOwnership } from '../../db/ownership.js'
import { formResponses, forms, formTokenUses, formVersions } from '../../db/schema/index.js'

/** The tables the forms family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [forms, formVersions, formResponses, formTokenUses],
  portable: {
    forms: { export: true },
    form_versions: { export: true },
    form_responses: { export: true, optIn: 'includeResponses' },
    form_token_uses: {
      export: false,
      why: 'replay protection of submissions on this instance, kept a few hours',
    },
  },
} satisfies TableOwnership
