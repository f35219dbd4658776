import type { TableOwnership } from '../../db/ownership.js'
import { tags, tagTranslations } from '../../db/schema/index.js'

/** The tables the tags family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [tags, tagTranslations],
  portable: {
    tags: { export: true },
    tag_translations: { export: true },
  },
} satisfies TableOwnership
