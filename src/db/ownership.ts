import type { PgTable } from 'drizzle-orm/pg-core'

/**
 * What a family declares about the tables in its `tables.ts` (docs/architecture.md "Table
 * ownership"): the tables it owns, which no other family writes, and the other families' tables its
 * own SQL reads, each with its reason. `test/table-ownership.test.ts` holds the code to it.
 */
export interface TableOwnership {
  /** Only this family inserts, updates and deletes their rows; others call its `index.ts`. */
  readonly owns: readonly PgTable[]
  /** Tables of other families this family's queries read (joins, counts, lookups), and why. */
  readonly reads?: readonly { readonly table: PgTable; readonly why: string }[]
  /**
   * Why this family deletes rows from tables it names only at run time (`delete from ${table}`):
   * the tenant purge removes a purged tenant's rows from every table, whoever owns them.
   */
  readonly deletesFromEveryTable?: string
  /**
   * Why this code inserts into tables it names only at run time: moving an instance copies every
   * table's rows into an empty database.
   */
  readonly copiesEveryTable?: string
}
