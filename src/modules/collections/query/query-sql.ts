import { createHash } from 'node:crypto'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../../db/client.js'
import { collectionEntries, collectionEntryValues, collections, media } from '../../../db/schema/index.js'
import { containsPattern } from '../../../lib/like.js'
import type { EntryRow } from '../repository.js'
import type { Condition, Order, QueryPlan, Scalar } from './compile.js'

const entries = collectionEntries
const values = collectionEntryValues
/** The builtin columns a plan may name: the only entry columns that reach SQL from a query. */
const ENTRY_COLUMNS = {
  id: entries.id,
  slug: entries.slug,
  createdAt: entries.createdAt,
  updatedAt: entries.updatedAt,
  publishedAt: entries.publishedAt,
} as const
const VALUE_COLUMNS = { text: values.textValue, number: values.numberValue, time: values.timeValue } as const
type AnyColumn =
  | (typeof ENTRY_COLUMNS)[keyof typeof ENTRY_COLUMNS]
  | (typeof VALUE_COLUMNS)[keyof typeof VALUE_COLUMNS]

/** `column <op> values` for a checked operator; the values are bound parameters. */
function comparison(column: AnyColumn, op: Condition['op'], items: Scalar[]): SQL {
  const [first] = items as [Scalar]
  switch (op) {
    case '=':
    case '!=':
      return eq(column, first)
    case 'IN':
    case 'NIN':
      return inArray(column, items)
    case '>':
      return gt(column, first)
    case '>=':
      return gte(column, first)
    case '<':
      return lt(column, first)
    case '<=':
      return lte(column, first)
    case 'LIKE':
      return ilike(column, containsPattern(first as string))
  }
}

const NEGATED = new Set(['!=', 'NIN'])

/** How many statement shapes this process names (prepares once per connection), at most. */
const MAX_NAMED_SHAPES = 256
const namedShapes = new Set<string>()

/**
 * A name for a statement of this SQL text, or undefined once MAX_NAMED_SHAPES other texts have one.
 * A named statement is parsed once per connection and, after a few runs, planned once: planning
 * these statements cost more than running them. The field keys and values are bound parameters, so
 * the text is the query's shape (which conditions, sorts and limits), and the first shapes a process
 * sees are the ones its sites ask for. The bound keeps a client inventing shapes from growing every
 * connection's prepared statements (PostgreSQL keeps them for the connection's life); past it a
 * shape is sent unnamed, planned each time, as before.
 */
function shapeName(text: string): string | undefined {
  const name = `ce_${createHash('sha1').update(text).digest('base64url')}`
  if (namedShapes.has(name)) return name
  if (namedShapes.size >= MAX_NAMED_SHAPES) return undefined
  namedShapes.add(name)
  return name
}

/** Runs a built query, as a named statement while its shape may have a name. */
function runNamed<T>(
  query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } } & PromiseLike<T>,
): Promise<T> {
  const name = shapeName(query.toSQL().sql)
  return name === undefined ? Promise.resolve(query) : query.prepare(name).execute()
}

export interface Scope {
  tenantId: string
  collectionId: string
  /** Entry statuses to include; public reads pass ['published']. */
  statuses: string[] | undefined
  /** Literal, case-insensitive text looked for in the slug and in string fields (`q`). */
  search?: { text: string; fields: string[] } | undefined
}

/**
 * One condition on a declared field: the entry has (or, for != and NIN, has no) search value of
 * that field matching. The field key is a bound value, checked against the definition before.
 */
function fieldCondition(scope: Scope, condition: Extract<Condition, { kind: 'field' }>): SQL {
  const match = sql`exists (select 1 from ${values} where ${and(
    eq(values.tenantId, scope.tenantId),
    eq(values.collectionId, scope.collectionId),
    eq(values.field, condition.field),
    sql`${values.entryId} = ${entries.id}`,
    comparison(VALUE_COLUMNS[condition.column], condition.op, condition.values),
  )})`
  return NEGATED.has(condition.op) ? not(match) : match
}

function whereOf(scope: Scope, conditions: Condition[]): SQL | undefined {
  const search = scope.search
  return and(
    eq(entries.tenantId, scope.tenantId),
    eq(entries.collectionId, scope.collectionId),
    scope.statuses === undefined ? undefined : inArray(entries.status, scope.statuses),
    search === undefined
      ? undefined
      : or(
          ilike(entries.slug, containsPattern(search.text)),
          search.fields.length === 0
            ? undefined
            : sql`exists (select 1 from ${values} where ${and(
                eq(values.tenantId, scope.tenantId),
                eq(values.collectionId, scope.collectionId),
                inArray(values.field, search.fields),
                sql`${values.entryId} = ${entries.id}`,
                ilike(values.textValue, containsPattern(search.text)),
              )})`,
        ),
    ...conditions.map((condition) =>
      condition.kind === 'field'
        ? fieldCondition(scope, condition)
        : NEGATED.has(condition.op)
          ? not(comparison(ENTRY_COLUMNS[condition.column], condition.op, condition.values))
          : comparison(ENTRY_COLUMNS[condition.column], condition.op, condition.values),
    ),
  )
}

/** How many entries a compiled plan matches (all pages). */
export async function countPlan(db: Db, scope: Scope, plan: QueryPlan): Promise<number> {
  const [row] = await db.select({ total: count() }).from(entries).where(whereOf(scope, plan.conditions))
  return row?.total ?? 0
}

/**
 * One page of a compiled plan's entries. Sorts on declared fields join that field's first search
 * value (an alias per order, keyed by the bound field key); entries without a value sort last; the
 * id breaks ties. The total is `countPlan`'s: a window count here would make every read visit every
 * matching row, where the page alone lets PostgreSQL stop at the limit.
 */
export async function pageOfPlan(
  db: Db,
  scope: Scope,
  plan: QueryPlan,
  orders: Order[],
): Promise<EntryRow[]> {
  const where = whereOf(scope, plan.conditions)
  const joins = orders.map((order, index) =>
    order.kind === 'field' ? { order, table: alias(values, `sort_${index}`) } : { order, table: undefined },
  )
  let query = db.select({ entry: entries }).from(entries).$dynamic()
  for (const { order, table } of joins) {
    if (table === undefined || order.kind !== 'field') continue
    query = query.leftJoin(
      table,
      and(
        eq(table.tenantId, scope.tenantId),
        sql`${table.entryId} = ${entries.id}`,
        eq(table.field, order.field),
        eq(table.position, 0),
      ),
    )
  }
  const orderBy = joins.map(({ order, table }) => {
    const column =
      order.kind === 'field' && table !== undefined
        ? { text: table.textValue, number: table.numberValue, time: table.timeValue }[order.column]
        : ENTRY_COLUMNS[(order as Extract<Order, { kind: 'column' }>).column]
    return order.dir === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`
  })
  const last = orders.at(-1)?.dir ?? 'desc'
  const rows = await runNamed(
    query
      .where(where)
      .orderBy(...orderBy, last === 'asc' ? asc(entries.id) : desc(entries.id))
      .limit(plan.limit)
      .offset(plan.offset),
  )
  return rows.map((row) => row.entry as EntryRow)
}

/** Published entries of active collections among `ids`, with their collection key (resolved refs). */
export async function publishedEntries(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .select({ entry: entries, collectionKey: collections.key })
    .from(entries)
    .innerJoin(
      collections,
      and(eq(collections.tenantId, entries.tenantId), eq(collections.id, entries.collectionId)),
    )
    .where(
      and(
        eq(entries.tenantId, tenantId),
        inArray(entries.id, ids),
        eq(entries.status, 'published'),
        eq(collections.status, 'active'),
      ),
    )
}

/** The tenant's public (active) media among `ids`, with the members a public read shows. */
export async function publicMedia(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return []
  return db
    .select({
      id: media.id,
      url: media.url,
      title: media.title,
      description: media.description,
      altText: media.altText,
      caption: media.caption,
      mimeType: media.mimeType,
      thumbnailUrl: media.thumbnailUrl,
    })
    .from(media)
    .where(and(eq(media.tenantId, tenantId), inArray(media.id, ids), eq(media.status, 'active')))
}

/** Which of `ids` are this tenant's media (any status). */
export async function tenantMediaIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.tenantId, tenantId), inArray(media.id, ids)))
  return new Set(rows.map((row) => row.id))
}
