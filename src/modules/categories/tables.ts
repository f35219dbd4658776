import type { TableOwnership } from '../../db/ownership.js'
import { categories, categoryTranslations } from '../../db/schema/index.js'

/** The tables the categories family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [categories, categoryTranslations],
  portable: {
    categories: { export: true },
    category_translations: { export: true },
  },
} satisfies TableOwnership
