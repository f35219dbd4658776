import { and, inArray, max, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { SlugLookup } from '../lib/slug.js'
import type { Db } from './client.js'

/**
 * The slug allocator's lookup (lib/slug.ts) over `column` of `table`, within the rows `scope`
 * selects (for example `tenant_id = …`, plus `collection_id = …` for collection entries). Both
 * queries use the scope's unique slug index: point lookups, and a prefix range for the highest number.
 */
export function slugLookup(db: Db, table: PgTable, column: PgColumn, scope: SQL | undefined): SlugLookup {
  return {
    async taken(candidates) {
      const rows = await db
        .select({ slug: column })
        .from(table)
        .where(and(scope, inArray(column, candidates)))
      return new Set(rows.map((row) => row.slug as string))
    },

    async highestNumber(stem) {
      const suffix = sql<string>`substr(${column}, ${stem.length + 2}::integer)`
      const [row] = await db
        .select({ highest: max(sql<string>`(${suffix})::bigint`) })
        .from(table)
        .where(and(scope, sql`starts_with(${column}, ${`${stem}-`})`, sql`${suffix} ~ '^[0-9]{1,15}$'`))
      return Math.max(1, Number(row?.highest ?? 1))
    },
  }
}
