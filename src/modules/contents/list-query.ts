import { type SQL, sql } from 'drizzle-orm'
import { containsPattern } from '../../lib/like.js'
import type { ContentStatus, ListContentsFilter } from './schemas.js'

/**
 * What a content list or slug lookup filters on, normalized from the query string. Every query
 * walks an index that starts with `tenant_id`: status and publishedAt by the list indexes
 * (which also give the sort), category/tag ids by the join tables' `(tenant_id, …_id)` indexes.
 * Category and tag names arrive here already resolved to the ids they match (`NamedIds`), so a
 * list by name is a list by ids. Substring searches (title, summary) are filters within the
 * tenant's range.
 */
export interface ContentFilter {
  statuses?: ContentStatus[]
  search?: string
  categoryIds?: string[]
  /** Ids `categoryName` matched, when `category`/`categories` were given as well (both must hold). */
  categoryNameIds?: string[]
  tagIds?: string[]
  /** Ids `tagName` matched, when `tag` was given as well (both must hold). */
  tagNameIds?: string[]
  /** Inclusive lower bound on publishedAt. */
  publishedFrom?: Date
  /** Upper bound on publishedAt: inclusive for a timestamp, the next midnight (exclusive) for a date. */
  publishedTo?: { at: Date; inclusive: boolean }
  /**
   * JSON text of a document `custom_fields` must contain (`@>`, answered by the GIN index): the
   * `customFields.<key>` filters, keys checked against the tenant's filterable definitions.
   */
  customFields?: string
  /** Keys of the tenant's searchable custom fields: `search` also matches their values. */
  searchKeys?: string[]
  /** One content type (`post`, `page`, …). */
  type?: string
  /** Children of this content id, or (null) contents without a parent. */
  parent?: string | null
  /** Contents in this locale only (canonical). */
  locale?: string
  /** Contents whose translation group has no content in this locale (canonical). */
  missingLocale?: string
  /**
   * Public reads over several locales (docs/decisions/localization.md "Contents are translated as
   * documents"): each translation group once, in the first of these locales (best first, at least
   * two; one locale is `locale`) in which the group has a published content.
   */
  localeChain?: string[]
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 60 * 60 * 1000

/** Query-string range → bounds. A date-only value is a whole UTC day, so `publishedTo=2024-05-01` covers it all. */
export function publishedRange(from: string | undefined, to: string | undefined): ContentFilter {
  const range: ContentFilter = {}
  if (from !== undefined) range.publishedFrom = new Date(DATE_ONLY.test(from) ? `${from}T00:00:00Z` : from)
  if (to !== undefined) {
    range.publishedTo = DATE_ONLY.test(to)
      ? { at: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS), inclusive: false }
      : { at: new Date(to), inclusive: true }
  }
  return range
}

const splitIds = (list: string | undefined) => (list === undefined ? [] : list.split(','))

/** The ids the list query's `tagName` and `categoryName` match (undefined: that filter is absent). */
export interface NamedIds {
  tagIds?: readonly string[] | undefined
  categoryIds?: readonly string[] | undefined
}

/**
 * The list route's query → filter. `category` and `categories` merge into one any-of set. A name's
 * ids stand in for the id filter when there is none (so one matching tag reads the tag archive);
 * with both, each is its own any-of condition.
 */
export function listFilterOf(query: ListContentsFilter, named: NamedIds = {}): ContentFilter {
  const categoryIds = [...new Set([...splitIds(query.category), ...splitIds(query.categories)])]
  const tagIds = [...new Set(splitIds(query.tag))]
  const filter: ContentFilter = {
    ...(query.status === undefined ? {} : { statuses: [query.status] }),
    ...(query.search === undefined ? {} : { search: query.search }),
    ...(categoryIds.length === 0 ? {} : { categoryIds }),
    ...(tagIds.length === 0 ? {} : { tagIds }),
    ...publishedRange(query.publishedFrom, query.publishedTo),
    ...(query.type === undefined ? {} : { type: query.type }),
    ...(query.parent === undefined ? {} : { parent: query.parent === 'none' ? null : query.parent }),
  }
  if (named.categoryIds !== undefined) {
    if (filter.categoryIds === undefined) filter.categoryIds = [...named.categoryIds]
    else filter.categoryNameIds = [...named.categoryIds]
  }
  if (named.tagIds !== undefined) {
    if (filter.tagIds === undefined) filter.tagIds = [...named.tagIds]
    else filter.tagNameIds = [...named.tagIds]
  }
  return filter
}

/** Whether a name filter matched nothing, so the list is empty without asking the database. */
export function matchesNothing(named: NamedIds): boolean {
  return named.tagIds?.length === 0 || named.categoryIds?.length === 0
}

const iso = (date: Date) => date.toISOString()
const p = (name: string) => sql.placeholder(name)

/**
 * A name for the SQL text `whereOf` builds for `filter`: equal exactly when the text is. Values are
 * placeholders and id lists one array parameter (`= any(…)`), so the number of shapes, and so of
 * named statements per connection, stays small whatever clients send.
 */
export function shapeOf(filter: ContentFilter): string {
  const statuses = filter.statuses === undefined ? 0 : filter.statuses.length === 1 ? 1 : 2
  const publishedTo = filter.publishedTo === undefined ? 0 : filter.publishedTo.inclusive ? 2 : 1
  const flags = [
    filter.search,
    filter.categoryIds,
    filter.categoryNameIds,
    filter.tagIds,
    filter.tagNameIds,
    filter.customFields,
    filter.searchKeys,
    filter.type,
    filter.locale,
    filter.missingLocale,
    filter.localeChain,
  ]
    .map((value) => (value === undefined ? 0 : 1))
    .join('')
  const parent = filter.parent === undefined ? 0 : filter.parent === null ? 1 : 2
  const archive = archiveOf(filter)
  const driver = archive === undefined ? '' : archive === TAG_ARCHIVE ? 't' : 'c'
  return `${statuses}${flags}${parent}${filter.publishedFrom === undefined ? 0 : 1}${publishedTo}${driver}`
}

/**
 * A tag or category archive: a list of one status filtered by exactly one tag (or else one
 * category) reads its page in order off that link table's `(tenant, tag|category, status,
 * publishedAt desc, content desc)` index, joined as `a`, instead of scanning the tenant's contents.
 */
export interface Archive {
  table: SQL
  column: SQL
}

const TAG_ARCHIVE: Archive = { table: sql.raw('content_tags'), column: sql.raw('a.tag_id') }
const CATEGORY_ARCHIVE: Archive = { table: sql.raw('content_categories'), column: sql.raw('a.category_id') }

export function archiveOf(filter: ContentFilter): Archive | undefined {
  if (filter.statuses?.length !== 1) return undefined
  if (filter.tagIds?.length === 1) return TAG_ARCHIVE
  if (filter.categoryIds?.length === 1 && filter.tagIds === undefined) return CATEGORY_ARCHIVE
  return undefined
}

/**
 * The WHERE clause of a filtered content query over `contents c` (joined to the archive's link
 * table `a` when given), with placeholders only, so a statement built once per shape serves every
 * request of that shape; `paramsOf` gives the values.
 */
export function whereOf(filter: ContentFilter, archive?: Archive): SQL {
  const conditions: SQL[] = [sql`c.tenant_id = ${p('tenantId')}`]
  if (archive !== undefined) {
    // Scalars, not `= any(…)`: the index returns rows in order only for one fixed value.
    conditions.push(
      sql`a.tenant_id = c.tenant_id and ${archive.column} = ${p('archiveId')} and a.status = ${p('status')}`,
    )
  }
  if (filter.statuses !== undefined) {
    conditions.push(
      filter.statuses.length === 1 ? sql`c.status = ${p('status')}` : sql`c.status = any(${p('statuses')})`,
    )
  }
  if (filter.search !== undefined) {
    // Searchable custom field values have no index: a tenant that declares some trades the
    // trigram indexes of its searches for a scan of its own contents.
    const custom =
      filter.searchKeys === undefined
        ? sql``
        : sql` or exists (select 1 from jsonb_each_text(c.custom_fields) cf
          where cf.key = any(${p('searchKeys')}) and cf.value ilike ${p('searchPattern')} escape '\\')`
    conditions.push(
      sql`(c.title ilike ${p('searchPattern')} escape '\\' or c.summary ilike ${p('searchPattern')} escape '\\' or c.slug = ${p('search')}${custom})`,
    )
  }
  if (filter.categoryIds !== undefined && archive !== CATEGORY_ARCHIVE) {
    conditions.push(sql`exists (select 1 from content_categories cc
      where cc.tenant_id = c.tenant_id and cc.content_id = c.id and cc.category_id = any(${p('categoryIds')}))`)
  }
  if (filter.categoryNameIds !== undefined) {
    conditions.push(sql`exists (select 1 from content_categories cn
      where cn.tenant_id = c.tenant_id and cn.content_id = c.id and cn.category_id = any(${p('categoryNameIds')}))`)
  }
  if (filter.tagIds !== undefined && archive !== TAG_ARCHIVE) {
    conditions.push(sql`exists (select 1 from content_tags ct
      where ct.tenant_id = c.tenant_id and ct.content_id = c.id and ct.tag_id = any(${p('tagIds')}))`)
  }
  if (filter.tagNameIds !== undefined) {
    conditions.push(sql`exists (select 1 from content_tags tn
      where tn.tenant_id = c.tenant_id and tn.content_id = c.id and tn.tag_id = any(${p('tagNameIds')}))`)
  }
  if (filter.type !== undefined) conditions.push(sql`c.type = ${p('type')}`)
  if (filter.locale !== undefined) conditions.push(sql`c.locale = ${p('locale')}`)
  if (filter.missingLocale !== undefined) {
    conditions.push(sql`not exists (select 1 from contents ml where ml.tenant_id = c.tenant_id
      and ml.translation_group_id = c.translation_group_id and ml.locale = ${p('missingLocale')})`)
  }
  if (filter.localeChain !== undefined) {
    // A content is its group's answer when no published translation of the group is in a locale
    // the chain puts before its own: one probe of (tenant, group, locale) per candidate row, so the
    // page is still read in the list index's order and stops when full. `offset 0` keeps the NOT
    // EXISTS a per-row probe: as an anti join, every row matching its own group by id, PostgreSQL
    // expects almost no row to pass and sorts the tenant's whole list instead (a fifth of the speed).
    conditions.push(sql`c.locale = any(${p('localeChain')}::text[]) and not exists (select 1 from contents bl
      where bl.tenant_id = c.tenant_id and bl.translation_group_id = c.translation_group_id
        and bl.status = 'published'
        and bl.locale = any((${p('localeChain')}::text[])[1:array_position(${p('localeChain')}::text[], c.locale) - 1])
      offset 0)`)
  }
  if (filter.parent === null) conditions.push(sql`c.parent_id is null`)
  else if (filter.parent !== undefined) conditions.push(sql`c.parent_id = ${p('parentId')}`)
  if (filter.customFields !== undefined) {
    conditions.push(sql`c.custom_fields @> ${p('customFields')}::jsonb`)
  }
  if (filter.publishedFrom !== undefined) {
    conditions.push(sql`c.published_at >= ${p('publishedFrom')}::timestamptz`)
  }
  if (filter.publishedTo !== undefined) {
    conditions.push(
      filter.publishedTo.inclusive
        ? sql`c.published_at <= ${p('publishedTo')}::timestamptz`
        : sql`c.published_at < ${p('publishedTo')}::timestamptz`,
    )
  }
  return sql.join(conditions, sql` and `)
}

/** The placeholder values of `whereOf(filter)`'s statement. */
export function paramsOf(tenantId: string, filter: ContentFilter): Record<string, unknown> {
  return {
    tenantId,
    status: filter.statuses?.[0],
    statuses: filter.statuses,
    search: filter.search,
    searchPattern: filter.search === undefined ? undefined : containsPattern(filter.search),
    categoryIds: filter.categoryIds,
    categoryNameIds: filter.categoryNameIds,
    tagIds: filter.tagIds,
    tagNameIds: filter.tagNameIds,
    archiveId: archiveOf(filter) === TAG_ARCHIVE ? filter.tagIds?.[0] : filter.categoryIds?.[0],
    publishedFrom: filter.publishedFrom === undefined ? undefined : iso(filter.publishedFrom),
    publishedTo: filter.publishedTo === undefined ? undefined : iso(filter.publishedTo.at),
    customFields: filter.customFields,
    searchKeys: filter.searchKeys,
    type: filter.type,
    parentId: filter.parent ?? undefined,
    locale: filter.locale,
    missingLocale: filter.missingLocale,
    localeChain: filter.localeChain,
  }
}
