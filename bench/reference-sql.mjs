// The SQL Folio's content reads send, written out by hand from src/modules/contents/read-statements.ts
// (SUMMARY_FIELDS, FULL_FIELDS as json_build_object, the list page as one json_agg, count) and
// list-query.ts (whereOf, archiveOf) and repository.ts (tagIdsNamed), for the filters the bench uses.
// Each statement is named, as Folio's are (parsed and planned once per connection). Shared by
// reference-server.mjs and explain.mjs; the bench preflight checks that Folio and the reference
// return the same rows.

const isoOf = (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const SUMMARY_MEMBERS = `'id', c.id, 'title', c.title, 'slug', c.slug, 'summary', c.summary,
  'categories', array(select cc.category_id::text from content_categories cc
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id order by cc.category_id),
  'tags', array(select ct.tag_id::text from content_tags ct
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id order by ct.tag_id),
  'customFields', c.custom_fields, 'featuredMediaId', c.featured_media_id, 'status', c.status,
  'publishAt', ${isoOf('c.publish_at')}, 'publishedAt', ${isoOf('c.published_at')},
  'authorName', c.author_name, 'createdAt', ${isoOf('c.created_at')}, 'updatedAt', ${isoOf('c.updated_at')}`
const SUMMARY_JSON = `json_build_object(${SUMMARY_MEMBERS})`
const FULL_JSON = `json_build_object(${SUMMARY_MEMBERS}, 'lexical', c.lexical, 'html', c.html)`
const LIST_ORDER = 'c.published_at desc nulls last, c.id desc nulls last'
const ARCHIVE_ORDER = 'a.published_at desc nulls last, a.content_id desc nulls last'

/** The query's tag ids: `tag` as given, else the ids its `tagName` resolved to (`namedTagIds`). */
const tagIdsOf = (query, namedTagIds) =>
  query.tag !== undefined ? [...new Set(query.tag.split(','))] : namedTagIds

/** A one-status list of exactly one tag reads the tag's archive index (list-query.ts archiveOf). */
const isTagArchive = (query, tagIds) => query.status !== undefined && tagIds?.length === 1

/**
 * whereOf() for status, search and tag ids; appends its values to `params`. `archive`: the
 * conditions of a tag archive over `content_tags a` instead of the EXISTS.
 */
function whereOf(tenantId, query, tagIds, params, archive = false) {
  const p = (value) => {
    params.push(value)
    return `$${params.length}`
  }
  const conditions = [`c.tenant_id = ${p(tenantId)}`]
  if (archive) {
    conditions.push(
      `a.tenant_id = c.tenant_id and a.tag_id = ${p(tagIds[0])} and a.status = ${p(query.status)}`,
    )
  }
  if (query.status !== undefined) conditions.push(`c.status = ${p(query.status)}`)
  if (query.search !== undefined) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    conditions.push(
      `(c.title ilike ${p(pattern)} escape '\\' or c.summary ilike ${p(pattern)} escape '\\' or c.slug = ${p(query.search)})`,
    )
  }
  if (tagIds !== undefined && !archive) {
    conditions.push(`exists (select 1 from content_tags ct
      where ct.tenant_id = c.tenant_id and ct.content_id = c.id and ct.tag_id = any(${p(tagIds)}))`)
  }
  return conditions.join(' and ')
}

/** Statement names by filter shape, as Folio's shapeOf: status, search, tag ids, archive. */
const shapeOf = (query, tagIds, archive) =>
  `${query.status === undefined ? 0 : 1}${query.search === undefined ? 0 : 1}${tagIds === undefined ? 0 : 1}${archive ? 't' : ''}`

/**
 * The two statements of GET /api/contents (Folio runs them in parallel; the count is cached).
 * @param query the raw query-string object: status, search, tag, view, page, limit.
 * @param namedTagIds the ids `query.tagName` resolved to (`tagIdsStatement`), when it is given.
 * @returns { page, limit, list, count, countKey }: `list` answers one row `{ json }` (the items'
 *   JSON array), `count` one row `{ total }`; `countKey` identifies the filter for a totals cache.
 */
export function listStatements(tenantId, query, namedTagIds) {
  const page = Number(query.page ?? 1)
  const limit = Number(query.limit ?? 20)
  const tagIds = tagIdsOf(query, namedTagIds)
  const archive = isTagArchive(query, tagIds)
  const full = query.view !== 'summary'
  const listParams = []
  const listWhere = whereOf(tenantId, query, tagIds, listParams, archive)
  listParams.push(limit, (page - 1) * limit)
  const countParams = []
  const countWhere = whereOf(tenantId, query, tagIds, countParams)
  const shape = shapeOf(query, tagIds, archive)
  return {
    page,
    limit,
    list: {
      name: `ref_list_${full ? 'full' : 'summary'}_${shape}`,
      text: `select coalesce(json_agg(p.item order by p.at desc nulls last, p.cid desc), '[]')::text as json
        from (select ${full ? FULL_JSON : SUMMARY_JSON} as item, ${archive ? 'a' : 'c'}.published_at as at, c.id as cid
          from ${archive ? 'content_tags a join contents c on c.id = a.content_id' : 'contents c'} where ${listWhere}
          order by ${archive ? ARCHIVE_ORDER : LIST_ORDER} limit $${listParams.length - 1} offset $${listParams.length}) p`,
      values: listParams,
    },
    count: {
      name: `ref_count_${shape.replace('t', '')}`,
      text: `select count(*)::int as total from contents c where ${countWhere}`,
      values: countParams,
    },
    countKey: JSON.stringify([query.status, query.search, tagIds]),
  }
}

/** The tag ids a `tagName` matches (title substring, any case, or exact slug), ordered by id. */
export function tagIdsStatement(tenantId, name) {
  return {
    name: 'ref_tag_ids_named',
    text: `select id from tags where tenant_id = $1 and (title ilike $2 escape '\\' or slug = $3) order by id`,
    values: [tenantId, `%${name.replace(/[\\%_]/g, (char) => `\\${char}`)}%`, name.toLowerCase()],
  }
}

/** GET /api/contents/slug/{slug} without filters: one row `{ json }`, or none. */
export function slugStatement(tenantId, slug) {
  return {
    name: 'ref_by_slug',
    text: `select ${FULL_JSON}::text as json from contents c where c.tenant_id = $1 and c.slug = $2`,
    values: [tenantId, slug],
  }
}
