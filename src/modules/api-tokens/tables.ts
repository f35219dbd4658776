import type { TableOwnership } from '../../db/ownership.js'
import { apiTokens } from '../../db/schema/index.js'

/** The tables the api-tokens family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [apiTokens],
  portable: {
    api_tokens: {
      export: true,
      omit: ['token_hash'],
      note: 'imported tokens get a fresh random hash nobody knows and expire at the import: listed as tokens to regenerate',
    },
  },
} satisfies TableOwnership
