import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Run } from '../../../db/client.js'
import { media } from '../../../db/schema/index.js'
import { containsPattern } from '../../../lib/like.js'
import type { BuiltinColumn, Condition, Order, QueryPlan } from './compile.js'

/**
 * The SQL of collection reads (admin lists, public lists, the query DSL), rendered as text with
 * bound values and run through `Run`: a read is one statement, built by string concatenation (no
 * query builder per request) and named by its text, so PostgreSQL plans each shape once per
 * connection. Identifiers come from the fixed maps below only; every field key, value, status and
 * limit is a bound value (docs/decisions/delivery.md "Public queries are bounded").
 */

/** The builtin entry columns a plan may name, as SQL of the entries alias `e`. */
const ENTRY_COLUMNS: Record<BuiltinColumn, string> = {
  id: 'e.id',
  slug: 'e.slug',
  createdAt: 'e.created_at',
  updatedAt: 'e.updated_at',
  publishedAt: 'e.published_at',
}
const VALUE_COLUMNS = { text: 'text_value', number: 'number_value', time: 'time_value' } as const

const NEGATED = new Set<Condition['op']>(['!=', 'NIN'])

/** Collects bound values; `bind` answers the placeholder (`$3`) of the value it adds. */
class Values {
  readonly list: unknown[] = []
  bind(value: unknown): string {
    this.list.push(value)
    return `$${this.list.length}`
  }
}

/** `column <op> values`, the values bound (IN lists as one array: the text does not grow with them). */
function comparison(column: string, condition: Condition, values: Values): string {
  const items = condition.values
  switch (condition.op) {
    case '=':
    case '!=':
      return `${column} = ${values.bind(items[0])}`
    case 'IN':
    case 'NIN':
      return `${column} = any(${values.bind(items)})`
    case 'LIKE':
      return `${column} ilike ${values.bind(containsPattern(items[0] as string))}`
    default:
      return `${column} ${condition.op} ${values.bind(items[0])}`
  }
}

export interface Scope {
  tenantId: string
  collectionId: string
  /** Entry statuses to include; public reads pass ['published']. */
  statuses: string[] | undefined
  /**
   * Literal, case-insensitive text looked for in the slug and in string fields (`q`); `localized`:
   * those of them whose values of the reader's locales only are looked in.
   */
  search?: { text: string; fields: string[]; localized: string[] } | undefined
  /**
   * The stored-value locales localized fields are read in, best first (a storage chain,
   * `translations.ts`): a condition or sort on one reads the entry's value of the first of them
   * that has one. Admin reads: the entry's own values only.
   */
  locales: readonly string[]
}

/**
 * The placeholders of the scope's tenant and collection, bound once and reused by every clause;
 * `locales` (the storage chain) is bound on first use, since PostgreSQL refuses a parameter no
 * clause names.
 */
interface Bound {
  tenant: string
  collection: string
  locales?: string
}

/** The placeholder of the scope's storage chain, as `text[]`. */
function localesOf(scope: Scope, values: Values, bound: Bound): string {
  bound.locales ??= `${values.bind(scope.locales)}::text[]`
  return bound.locales
}

/**
 * The condition that makes the search value alias `v` the value of a localized field a reader sees
 * (docs/decisions/content.md "Localized fields"): of the one locale of a one-step chain; else of a
 * locale of the chain in which no earlier locale of the chain has a value (localized fields hold
 * one value, at position 0; the primary key finds it). Tested on the rows the value's own
 * condition already found through its index, so a selective condition stays as cheap as on a
 * shared field.
 */
function seenLocale(scope: Scope, values: Values, bound: Bound): string {
  if (scope.locales.length === 1) return `v.locale = ${values.bind(scope.locales[0])}`
  const chain = localesOf(scope, values, bound)
  return `v.locale = any(${chain}) and not exists (select 1 from collection_entry_values w where w.tenant_id = ${bound.tenant} and w.entry_id = v.entry_id and w.field = v.field and w.position = 0 and w.locale = any((${chain})[1:array_position(${chain}, v.locale) - 1]))`
}

/** `exists` a search value of the entry matching `predicate` on the value alias `v`. */
const valueExists = (bound: Bound, predicate: string) =>
  `exists (select 1 from collection_entry_values v where v.tenant_id = ${bound.tenant} and v.collection_id = ${bound.collection} and v.entry_id = e.id and ${predicate})`

/**
 * The WHERE text of `scope` and `conditions` over the entries alias `e`. A condition on a declared
 * field holds when the entry has (for != and NIN: has no) search value of that field matching.
 */
function whereOf(scope: Scope, conditions: Condition[], values: Values, bound: Bound): string {
  const clauses = [`e.tenant_id = ${bound.tenant}`, `e.collection_id = ${bound.collection}`]
  // One status as `=`: with `= any(…)` PostgreSQL 15 cannot read the list index in its order.
  const statuses = scope.statuses
  if (statuses !== undefined)
    clauses.push(
      statuses.length === 1
        ? `e.status = ${values.bind(statuses[0])}`
        : `e.status = any(${values.bind(statuses)})`,
    )
  const search = scope.search
  if (search !== undefined) {
    const pattern = values.bind(containsPattern(search.text))
    // A localized field's values count in the reader's locales only; shared fields' always.
    const inLocales =
      search.localized.length === 0
        ? ''
        : ` and (v.locale = any(${localesOf(scope, values, bound)}) or v.field <> all(${values.bind(search.localized)}::text[]))`
    clauses.push(
      search.fields.length === 0
        ? `e.slug ilike ${pattern}`
        : `(e.slug ilike ${pattern} or ${valueExists(bound, `v.field = any(${values.bind(search.fields)}) and v.text_value ilike ${pattern}${inLocales}`)})`,
    )
  }
  for (const condition of conditions) {
    const negated = NEGATED.has(condition.op)
    if (condition.kind === 'field') {
      const field = values.bind(condition.field)
      const locale = condition.localized ? ` and ${seenLocale(scope, values, bound)}` : ''
      const match = valueExists(
        bound,
        `v.field = ${field}${locale} and ${comparison(`v.${VALUE_COLUMNS[condition.column]}`, condition, values)}`,
      )
      clauses.push(negated ? `not ${match}` : match)
    } else {
      const match = comparison(ENTRY_COLUMNS[condition.column], condition, values)
      clauses.push(negated ? `not (${match})` : match)
    }
  }
  return clauses.join(' and ')
}

/** How many statement shapes this process names (prepares once per connection), at most. */
const MAX_NAMED_SHAPES = 256
const namedShapes = new Set<string>()

/**
 * A name for a statement of this SQL text, or '' (unnamed) once MAX_NAMED_SHAPES other texts have
 * one. A named statement is parsed once per connection and, after a few runs, planned once:
 * planning these statements costs more than running them. The text is the query's shape (which
 * conditions, sorts, relations), so the first shapes a process sees are the ones its sites ask
 * for; the bound keeps a client inventing shapes from growing every connection's prepared
 * statements (PostgreSQL keeps them for the connection's life).
 */
function shapeName(text: string): string {
  const name = `ce_${createHash('sha1').update(text).digest('base64url')}`
  if (namedShapes.has(name)) return name
  if (namedShapes.size >= MAX_NAMED_SHAPES) return ''
  namedShapes.add(name)
  return name
}

const run = async (runner: Run, text: string, values: Values) =>
  runner(shapeName(text), text, values.list) as Promise<Record<string, unknown>[]>

function bindScope(scope: Scope, values: Values): Bound {
  return { tenant: values.bind(scope.tenantId), collection: values.bind(scope.collectionId) }
}

/** How many entries a compiled plan matches (all pages). */
export async function countPlan(runner: Run, scope: Scope, plan: QueryPlan): Promise<number> {
  const values = new Values()
  const where = whereOf(scope, plan.conditions, values, bindScope(scope, values))
  const [row] = await run(
    runner,
    `select count(*)::int as total from collection_entries e where ${where}`,
    values,
  )
  return Number(row?.total ?? 0)
}

/** An entry as the page statement renders it: timestamps as ISO 8601 UTC text. */
export interface EntryJson {
  id: string
  slug: string
  status: string
  data: Record<string, unknown>
  translations: Record<string, Record<string, unknown>>
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}
/** A referenced entry, with the key of its collection. */
export type RefJson = EntryJson & { collectionKey: string }
/** A public medium as resolved media fields show it. */
export interface MediaJson {
  id: string
  url: string
  title: string | null
  description: string | null
  altText: string | null
  caption: string | null
  mimeType: string | null
  thumbnailUrl: string | null
}
export interface PlanPage {
  entries: EntryJson[]
  /** Published entries of active collections that the page's `refKeys` fields name. */
  refs: RefJson[]
  /** Active media that the page's `mediaKeys` fields name. */
  media: MediaJson[]
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const entryJson = (alias: string) =>
  `'id', ${alias}.id, 'slug', ${alias}.slug, 'status', ${alias}.status, 'data', ${alias}.data, 'translations', ${alias}.translations, 'publishedAt', ${iso(`${alias}.published_at`)}, 'createdAt', ${iso(`${alias}.created_at`)}, 'updatedAt', ${iso(`${alias}.updated_at`)}`
/** The ids the page's `keys` fields hold (a single id or an array of them), as `bpchar`. */
const idsOfPage = (keys: string) =>
  `select jsonb_array_elements_text(case jsonb_typeof(p.data -> k) when 'array' then p.data -> k when 'string' then jsonb_build_array(p.data -> k) else '[]'::jsonb end)::bpchar from page p cross join unnest(${keys}::text[]) k`

/**
 * One page of a compiled plan's entries, with what its relations resolve to, in one statement
 * answering one JSON text. Sorts on declared fields join that field's first search value (an alias
 * per order, keyed by the bound field key); entries without a value sort last; the id breaks ties.
 * The total is `countPlan`'s: a window count here would make every read visit every matching row,
 * where the page alone lets PostgreSQL stop at the limit. `refKeys`/`mediaKeys` are the ref and
 * media fields whose ids to resolve (none: no lookup).
 */
export async function pageOfPlan(
  runner: Run,
  scope: Scope,
  plan: QueryPlan,
  orders: Order[],
  relations: { refKeys: string[]; mediaKeys: string[] },
): Promise<PlanPage> {
  const values = new Values()
  const bound = bindScope(scope, values)
  const joins: string[] = []
  const columns = orders.map((order, index) => {
    if (order.kind === 'column') return ENTRY_COLUMNS[order.column]
    const alias = `s${index}`
    const field = values.bind(order.field)
    const column = VALUE_COLUMNS[order.column]
    const join = (name: string, locale: string) =>
      ` left join collection_entry_values ${name} on ${name}.tenant_id = ${bound.tenant} and ${name}.entry_id = e.id and ${name}.field = ${field} and ${name}.position = 0${locale}`
    if (!order.localized) {
      joins.push(join(alias, ''))
      return `${alias}.${column}`
    }
    // A localized field sorts by the value the reader sees: one join per step of the chain (hash
    // joins, where a look-up per entry is several times slower), the first value found.
    const steps = scope.locales.map((locale, step) => {
      const name = `${alias}_${step}`
      joins.push(join(name, ` and ${name}.locale = ${values.bind(locale)}`))
      return `${name}.${column}`
    })
    return steps.length === 1 ? (steps[0] as string) : `coalesce(${steps.join(', ')})`
  })
  const where = whereOf(scope, plan.conditions, values, bound)
  const tie = orders.at(-1)?.dir ?? 'desc'
  // The page carries its sort keys (k0…) so that the JSON array keeps the page's order.
  const orderOf = (keyOf: (index: number) => string, id: string) =>
    [...orders.map((order, index) => `${keyOf(index)} ${order.dir} nulls last`), `${id} ${tie}`].join(', ')
  const page = `select e.id, e.slug, e.status, e.data, e.translations, e.published_at, e.created_at, e.updated_at${columns.map((column, index) => `, ${column} as k${index}`).join('')} from collection_entries e${joins.join('')} where ${where} order by ${orderOf((index) => columns[index] as string, 'e.id')} limit ${values.bind(plan.limit)} offset ${values.bind(plan.offset)}`
  const members = [
    `'entries', (select coalesce(json_agg(json_build_object(${entryJson('p')}) order by ${orderOf((index) => `p.k${index}`, 'p.id')}), '[]') from page p)`,
  ]
  if (relations.refKeys.length > 0) {
    members.push(
      `'refs', (select coalesce(json_agg(json_build_object(${entryJson('r')}, 'collectionKey', c.key)), '[]') from collection_entries r join collections c on c.tenant_id = r.tenant_id and c.id = r.collection_id where r.tenant_id = ${bound.tenant} and r.status = 'published' and c.status = 'active' and r.id in (${idsOfPage(values.bind(relations.refKeys))}))`,
    )
  }
  if (relations.mediaKeys.length > 0) {
    members.push(
      `'media', (select coalesce(json_agg(json_build_object('id', m.id, 'url', m.url, 'title', m.title, 'description', m.description, 'altText', m.alt_text, 'caption', m.caption, 'mimeType', m.mime_type, 'thumbnailUrl', m.thumbnail_url)), '[]') from media m where m.tenant_id = ${bound.tenant} and m.status = 'active' and m.id in (${idsOfPage(values.bind(relations.mediaKeys))}))`,
    )
  }
  const text = `with page as (${page}) select json_build_object(${members.join(', ')})::text as json`
  const [row] = await run(runner, text, values)
  const answer = JSON.parse(String(row?.json)) as Partial<PlanPage>
  return { entries: answer.entries ?? [], refs: answer.refs ?? [], media: answer.media ?? [] }
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
