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
   * Why this code inserts rows into tables it names only at run time (`insert into ${table}`): a
   * tenant import writes back every portable table's rows (docs/decisions/portability.md), and
   * moving an instance copies every table's rows into an empty database.
   */
  readonly writesToEveryTable?: string
  /**
   * Whether each owned table that holds tenant rows travels in a tenant export, keyed by its SQL
   * name (docs/decisions/portability.md "Which tables travel"). `test/tenant-portability-tables.test.ts`
   * fails when a table with `tenant_id` has no entry or an entry names a column that does not exist.
   */
  readonly portable?: Readonly<Record<string, Portability>>
}

/**
 * A table's place in a tenant export: exported (less the `omit`ted columns, secrets among them;
 * `optIn` names the export option without which it stays out), or not, and why.
 */
export type Portability =
  | {
      readonly export: true
      readonly omit?: readonly string[]
      readonly optIn?: 'includeResponses' | 'includeStatistics'
      readonly note?: string
    }
  | { readonly export: false; readonly why: string }
