import type { TableOwnership } from '../../db/ownership.js'
import {
  categories,
  contentCategories,
  contents,
  contentTags,
  importRecords,
  imports,
  media,
  tags,
  users,
} from '../../db/schema/index.js'

/**
 * The tables the imports family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [imports, importRecords],
  portable: {
    imports: { export: false, why: 'the history of WordPress imports on this instance' },
    import_records: {
      export: false,
      why: 'what a WordPress import already brought in, keyed by the old site: meaningless for a new tenant',
    },
  },
  reads: [
    { table: users, why: 'the owner an import runs for is found by e-mail' },
    { table: media, why: 'an import refreshes the planner statistics of the tables it filled (analyze)' },
    {
      table: categories,
      why: 'an import refreshes the planner statistics of the tables it filled (analyze)',
    },
    { table: tags, why: 'an import refreshes the planner statistics of the tables it filled (analyze)' },
    { table: contents, why: 'an import refreshes the planner statistics of the tables it filled (analyze)' },
    {
      table: contentCategories,
      why: 'an import refreshes the planner statistics of the tables it filled (analyze)',
    },
    {
      table: contentTags,
      why: 'an import refreshes the planner statistics of the tables it filled (analyze)',
    },
  ],
} satisfies TableOwnership
