import { and, inArray, max, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { errors } from '../errors.js'
import { freeSlugs, nextFreeSlug, SLUG_MAX_LENGTH, type SlugLookup } from '../lib/slug.js'
import type { Db } from './client.js'
import { isUniqueViolation } from './errors.js'

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

/** Writes under a derived slug before giving up: the first choice and four free numbers. */
const SLUG_ATTEMPTS = 5

/** Where `writeWithFreeSlug` writes: the slug to try, and the unique index and scope that decide it. */
export interface SlugTarget {
  /** The slug written first: a client's, or one derived from a title or name. */
  slug: string
  /** A client chose `slug`: it is written as given, never numbered. */
  explicit: boolean
  /** The unique index on the slug; its violation means the slug is taken. */
  key: string
  /** The slugs in the record's scope (`slugLookup`), asked only once `slug` is taken. */
  lookup: () => SlugLookup
  /** How many free alternatives a taken explicit slug's SlugConflict offers (none unless given). */
  suggestions?: number
  /** The longest slug of the scope (default 240): a numbered slug's stem is cut to fit. */
  maxLength?: number
}

/**
 * Writes a record under a free slug, the unique index deciding (docs/decisions/content.md "Slugs").
 * `write(slug)` returns the record, or undefined when the slug was taken (an insert that does
 * nothing on conflict), or throws the violation of `key` (then it ran in a transaction or savepoint
 * of its own). A taken derived slug is written again as the first free `<slug>-N`; a concurrent
 * writer may take that number first, so it tries five times in all.
 * @throws SlugConflict for a taken explicit slug (with `suggestions` free ones when asked), or when
 *   every try lost its race.
 */
export async function writeWithFreeSlug<T>(
  target: SlugTarget,
  write: (slug: string) => Promise<T | undefined>,
): Promise<T> {
  const maxLength = target.maxLength ?? SLUG_MAX_LENGTH
  let slug = target.slug
  for (let attempt = 1; ; attempt++) {
    const written = await write(slug).catch((err: unknown) => {
      if (isUniqueViolation(err, target.key)) return undefined
      throw err
    })
    if (written !== undefined) return written
    if (target.explicit) {
      const wanted = target.suggestions
      throw errors.slugConflict(
        slug,
        wanted === undefined ? undefined : await freeSlugs(target.lookup(), slug, { wanted, maxLength }),
      )
    }
    if (attempt === SLUG_ATTEMPTS) throw errors.slugConflict(slug)
    slug = await nextFreeSlug(target.lookup(), target.slug, maxLength)
  }
}
