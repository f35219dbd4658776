import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'

/**
 * The database half of moving an instance (docs/decisions/configuration.md "Moving to
 * PostgreSQL"): copies every row of Folio's schema and of the job queue's schema from a source
 * database to a migrated, empty target, table by table in foreign-key order, a page at a time
 * (`SELECT to_jsonb(t) … ORDER BY <primary key> LIMIT n` on the source, `jsonb_populate_recordset`
 * on the target), then checks that every table holds as many rows on both sides.
 *
 * The caller runs it inside one read-only snapshot of the source and one transaction of the target,
 * so the copy is consistent and all or nothing. Both handles are single connections (PGlite or one
 * PostgreSQL client): everything here is plain SQL that both databases speak.
 */

/** Folio's own tables live here (the migrations create them). */
export const FOLIO_SCHEMA = 'public'
/** pg-boss's tables (src/jobs/runner.ts: the servers' runner uses pg-boss's default schema). */
export const JOBS_SCHEMA = 'pgboss'

/** A refusal to move: one line saying why and what to do; nothing was written. */
export class MoveRefused extends Error {
  override name = 'MoveRefused'
}

/** One table as the copy sees it, read from the target's catalog. */
export interface TableShape {
  schema: string
  name: string
  /** Columns a row is inserted with (generated columns left out), in table order. */
  columns: string[]
  /** Primary-key columns in key order, with their SQL types (keyset paging compares them). */
  key: { name: string; type: string }[]
  /** An identity column generated always: inserting a value needs OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean
}

/** What `copyTable` reports as it goes: rows copied so far of `total`. */
export type CopyProgress = (table: string, copied: number, total: number) => void

/** What the copy runs statements on: a database, or a transaction of one (Drizzle's handles). */
export interface Queryable {
  execute(query: SQL): Promise<unknown>
}

/** Runs `query` and answers its rows (both drivers answer `{ rows }`). */
export async function rowsOf<T = Record<string, string | null>>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`)
const qualified = (table: { schema: string; name: string }) =>
  sql.raw(`"${table.schema.replaceAll('"', '""')}"."${table.name.replaceAll('"', '""')}"`)

/** `schema.name` for messages and summaries; Folio's own tables by their name alone. */
export function labelOf(table: { schema: string; name: string }): string {
  return table.schema === FOLIO_SCHEMA ? table.name : `${table.schema}.${table.name}`
}

/**
 * The tables of `schema` (partitions left out: their parent is copied), with their columns and
 * primary keys.
 * @throws MoveRefused for a table without a primary key (it could not be paged in a stable order).
 */
export async function tablesOf(db: Queryable, schema: string): Promise<TableShape[]> {
  const rows = await rowsOf<{
    name: string
    columns: string[]
    key: string[]
    types: string[]
    always: boolean
  }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                 order by a.attnum) as columns,
          array(select a.attname::text from pg_index i
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                 where i.indrelid = c.oid and i.indisprimary
                 order by array_position(i.indkey::int2[], a.attnum)) as key,
          array(select format_type(a.atttypid, a.atttypmod) from pg_index i
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                 where i.indrelid = c.oid and i.indisprimary
                 order by array_position(i.indkey::int2[], a.attnum)) as types,
          exists(select 1 from pg_attribute a where a.attrelid = c.oid and a.attidentity = 'a') as always
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${schema} and c.relkind in ('r', 'p') and not c.relispartition
       order by c.relname`,
  )
  return rows.map((row) => {
    if (row.key.length === 0) throw new MoveRefused(`The table ${schema}.${row.name} has no primary key.`)
    return {
      schema,
      name: row.name,
      columns: row.columns,
      key: row.key.map((name, index) => ({ name, type: row.types[index] ?? 'text' })),
      identityAlways: row.always,
    }
  })
}

/** A foreign key between two tables of one schema. */
export interface ForeignKey {
  name: string
  table: string
  references: string
  deferrable: boolean
}

/** The foreign keys declared on the tables of `schema` (partitions left out), by name. */
export async function foreignKeysOf(db: Queryable, schema: string): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    db,
    sql`select k.conname::text as name, c.relname::text as table, p.relname::text as references,
               k.condeferrable as deferrable
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
         where k.contype = 'f' and k.connamespace = (select oid from pg_namespace where nspname = ${schema})
           and not c.relispartition
         order by 1`,
  )
}

/**
 * `tables` ordered so that every table comes after the tables its foreign keys reference (ties by
 * name), and the keys the order cannot satisfy: a table referencing itself (a category's parent)
 * or tables referencing each other in a cycle (and the tables waiting on one, among themselves).
 * Their rows may arrive before the rows they name, so the copy checks those keys at the end of the
 * transaction instead (`deferKeys`).
 */
export function foreignKeyOrder(
  tables: string[],
  keys: ForeignKey[],
): { order: string[]; unordered: ForeignKey[] } {
  const known = new Set(tables)
  const edges = keys.filter((key) => key.table !== key.references && known.has(key.references))
  const order: string[] = []
  const placed = new Set<string>()
  let remaining = [...tables].sort()
  for (;;) {
    const ready = remaining.filter((table) =>
      edges.every((key) => key.table !== table || placed.has(key.references)),
    )
    if (ready.length === 0) break
    for (const table of ready) {
      order.push(table)
      placed.add(table)
    }
    remaining = remaining.filter((table) => !placed.has(table))
  }
  // Tables left are in a cycle (or wait on one): their keys among themselves are checked at the end.
  const cyclic = new Set(remaining)
  order.push(...remaining)
  const unordered = keys.filter(
    (key) =>
      (key.table === key.references && known.has(key.table)) ||
      (cyclic.has(key.table) && cyclic.has(key.references)),
  )
  return { order, unordered }
}

/**
 * Makes `keys` deferred for the rest of the transaction (a key declared NOT DEFERRABLE is altered
 * to be, in the transaction); the returned function checks them and restores their declarations,
 * before the commit.
 * @throws PostgreSQL's foreign-key violation (23503) from the returned function when a row names
 *   a row the copy did not bring.
 */
export async function deferKeys(
  db: Queryable,
  schema: string,
  keys: ForeignKey[],
): Promise<() => Promise<void>> {
  for (const key of keys) {
    if (!key.deferrable) {
      await db.execute(
        sql`alter table ${qualified({ schema, name: key.table })} alter constraint ${ident(key.name)} deferrable`,
      )
    }
    await db.execute(sql`set constraints ${qualified({ schema, name: key.name })} deferred`)
  }
  return async () => {
    if (keys.length === 0) return
    // Runs every check now, so that no deferred event is pending when a declaration is restored.
    const names = sql.join(
      keys.map((key) => qualified({ schema, name: key.name })),
      sql`, `,
    )
    await db.execute(sql`set constraints ${names} immediate`)
    for (const key of keys) {
      if (!key.deferrable) {
        await db.execute(
          sql`alter table ${qualified({ schema, name: key.table })} alter constraint ${ident(key.name)} not deferrable`,
        )
      }
    }
  }
}

/**
 * Switches off the triggers Folio's migrations put on `schema`'s tables (not the internal ones that
 * check foreign keys) for the rest of the transaction; the returned function switches them back on.
 * The rules they enforce held when each row was written: a rule made later is not applied to older
 * rows (a collection field made required after entries without it were saved), and the copy must
 * bring those rows as they are.
 */
export async function suspendTriggers(db: Queryable, schema: string): Promise<() => Promise<void>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select distinct c.relname::text as name
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${schema} and not t.tgisinternal
         order by 1`,
  )
  for (const { name } of tables) {
    await db.execute(sql`alter table ${qualified({ schema, name })} disable trigger user`)
  }
  return async () => {
    for (const { name } of tables) {
      await db.execute(sql`alter table ${qualified({ schema, name })} enable trigger user`)
    }
  }
}

/** The number of rows of `table`. */
export async function countRows(db: Queryable, table: { schema: string; name: string }): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql`select count(*)::text as n from ${qualified(table)}`)
  return Number(row?.n ?? 0)
}

/**
 * Copies every row of `table` from `source` to `target` a page at a time in primary-key order: at
 * most `pageRows` rows and `pageBytes` bytes of their JSON (or one row, if it alone is larger), so
 * at most one page is in memory whatever the rows hold. Answers the rows copied.
 */
export async function copyTable(
  source: Queryable,
  target: Queryable,
  table: TableShape,
  options: { pageRows: number; pageBytes: number; total: number; onProgress: CopyProgress },
): Promise<number> {
  const keyList = sql.join(
    table.key.map((column) => sql`t.${ident(column.name)}`),
    sql`, `,
  )
  const keyTexts = sql.join(
    table.key.map((column, index) => sql`t.${ident(column.name)}::text as ${ident(`k${index}`)}`),
    sql`, `,
  )
  const columns = sql.join(
    table.columns.map((column) => ident(column)),
    sql`, `,
  )
  const overriding = table.identityAlways ? sql` overriding system value` : sql``
  let after: (string | null)[] | undefined
  let copied = 0
  for (;;) {
    const from =
      after === undefined
        ? sql``
        : sql` where (${keyList}) > (${sql.join(
            table.key.map((column, index) => sql`${after?.[index]}::${sql.raw(column.type)}`),
            sql`, `,
          )})`
    // The running size is summed on the server, so a page stops before its bytes pass the bound.
    const page = await rowsOf(
      source,
      sql`select * from (
            select p.*, sum(octet_length(p."row")) over (order by p.n) as running
              from (select to_jsonb(t)::text as "row", ${keyTexts}, row_number() over (order by ${keyList}) as n
                      from ${qualified(table)} t${from} order by ${keyList} limit ${options.pageRows}) p
          ) w
          where w.n = 1 or w.running <= ${options.pageBytes}
          order by w.n`,
    )
    if (page.length === 0) break
    const rows = `[${page.map((row) => row.row).join(',')}]`
    await target.execute(
      sql`insert into ${qualified(table)} (${columns})${overriding}
          select ${columns} from jsonb_populate_recordset(null::${qualified(table)}, ${rows}::jsonb)`,
    )
    copied += page.length
    options.onProgress(labelOf(table), copied, options.total)
    const last = page[page.length - 1] as Record<string, string | null>
    after = table.key.map((_, index) => last[`k${index}`] ?? null)
  }
  return copied
}

/**
 * Sets each sequence owned by a column of `table` (serial or identity) past the column's largest
 * value, so that the next row the target makes gets a new number.
 */
export async function resetSequences(db: Queryable, table: TableShape): Promise<void> {
  const sequences = await rowsOf<{ sequence: string; column: string }>(
    db,
    sql`select quote_ident(sn.nspname) || '.' || quote_ident(s.relname) as sequence, a.attname::text as column
          from pg_depend d
          join pg_class s on s.oid = d.objid and s.relkind = 'S'
          join pg_namespace sn on sn.oid = s.relnamespace
          join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
         where d.refobjid = ${`"${table.schema}"."${table.name}"`}::regclass and d.deptype in ('a', 'i')`,
  )
  for (const { sequence, column } of sequences) {
    await db.execute(
      sql`select setval(${sequence}::regclass,
                 coalesce((select max(${ident(column)}) from ${qualified(table)}), 0) + 1, false)`,
    )
  }
}

/** Deletes every row of `table` (rows a migration seeded into the target). */
export async function emptyTable(db: Queryable, table: { schema: string; name: string }): Promise<void> {
  await db.execute(sql`delete from ${qualified(table)}`)
}

/** The hashes of the drizzle migrations applied to `db`, oldest first; undefined when none ran. */
export async function appliedMigrations(db: Queryable): Promise<string[] | undefined> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )
  if (exists?.present !== true) return undefined
  const rows = await rowsOf<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  )
  return rows.map((row) => row.hash)
}

/** Whether `db` holds pg-boss's tables, and at which of its schema versions. */
export async function jobsVersion(db: Queryable): Promise<number | undefined> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass(${`${JOBS_SCHEMA}.version`}) is not null as present`,
  )
  if (exists?.present !== true) return undefined
  const [row] = await rowsOf<{ version: number }>(
    db,
    sql`select version from ${qualified({ schema: JOBS_SCHEMA, name: 'version' })}`,
  )
  return row?.version
}

/** A pg-boss queue as its table holds it. */
interface QueueRow {
  name: string
  policy: string | null
  retry_limit: number | null
  retry_delay: number | null
  retry_backoff: boolean | null
  expire_seconds: number | null
  retention_minutes: number | null
  dead_letter: string | null
}

/**
 * Makes the target's queues exactly the source's, through pg-boss's own `create_queue` and
 * `delete_queue` (each queue's jobs live in a partition of the job table that they create and
 * drop). Answers the number of queues. The target's jobs, schedules and subscriptions must be gone
 * first: they are the copy's to bring.
 */
export async function replaceQueues(source: Queryable, target: Queryable): Promise<number> {
  const queueTable = qualified({ schema: JOBS_SCHEMA, name: 'queue' })
  const present = await rowsOf<{ name: string }>(target, sql`select name from ${queueTable} order by name`)
  for (const { name } of present) {
    await target.execute(sql`select ${sql.raw(JOBS_SCHEMA)}.delete_queue(${name})`)
  }
  // A dead-letter queue is named by others: it is created first.
  const queues = await rowsOf<QueueRow>(
    source,
    sql`select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds, retention_minutes,
               dead_letter
          from ${queueTable} order by dead_letter is not null, name`,
  )
  for (const queue of queues) {
    const options = JSON.stringify({
      policy: queue.policy,
      retryLimit: queue.retry_limit,
      retryDelay: queue.retry_delay,
      retryBackoff: queue.retry_backoff,
      expireInSeconds: queue.expire_seconds,
      retentionMinutes: queue.retention_minutes,
      deadLetter: queue.dead_letter,
    })
    await target.execute(sql`select ${sql.raw(JOBS_SCHEMA)}.create_queue(${queue.name}, ${options}::json)`)
  }
  return queues.length
}

/** Runs `work` with `db` in a read-only snapshot: every read sees the database as at its start. */
export function inSnapshot<T>(db: Db, work: (snapshot: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`)
    return work(tx)
  })
}
