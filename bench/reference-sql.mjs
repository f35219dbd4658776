// The SQL Folio's content reads send, written out by hand from src/modules/contents/repository.ts
// (SUMMARY_COLUMNS, FULL_COLUMNS, LIST_ORDER, listPage, count, findBySlug) and list-query.ts
// (whereOf), for the filters the bench uses. Shared by reference-server.mjs and explain.mjs; the
// bench preflight checks that Folio and the reference return the same rows.

const isoOf = (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const SUMMARY_COLUMNS = `c.id, c.title, c.slug, c.summary,
  array(select cc.category_id::text from content_categories cc
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id order by cc.category_id) as categories,
  array(select ct.tag_id::text from content_tags ct
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id order by ct.tag_id) as tags,
  c.custom_fields as "customFields", c.featured_media_id as "featuredMediaId", c.status,
  ${isoOf('c.publish_at')} as "publishAt", ${isoOf('c.published_at')} as "publishedAt",
  c.author_name as "authorName", ${isoOf('c.created_at')} as "createdAt", ${isoOf('c.updated_at')} as "updatedAt"`
const FULL_COLUMNS = `${SUMMARY_COLUMNS}, c.lexical, c.html`
const LIST_ORDER = 'c.published_at desc nulls last, c.id desc nulls last'
const ARCHIVE_ORDER = 'a.published_at desc nulls last, a.content_id desc nulls last'

/** A one-status list of one tag reads the tag's archive index (list-query.ts archiveOf). */
const isTagArchive = (query) =>
  query.status !== undefined && query.tag !== undefined && !query.tag.includes(',')

/**
 * whereOf() for status, search and tag ids; appends its values to `params`. `archive`: the
 * conditions of a tag archive over `content_tags a` instead of the EXISTS.
 */
function whereOf(tenantId, query, params, archive = false) {
  const p = (value) => {
    params.push(value)
    return `$${params.length}`
  }
  const conditions = [`c.tenant_id = ${p(tenantId)}`]
  if (archive) {
    conditions.push(
      `a.tenant_id = c.tenant_id and a.tag_id = ${p(query.tag)} and a.status = ${p(query.status)}`,
    )
  }
  if (query.status !== undefined) conditions.push(`c.status = ${p(query.status)}`)
  if (query.search !== undefined) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    conditions.push(
      `(c.title ilike ${p(pattern)} escape '\\' or c.summary ilike ${p(pattern)} escape '\\' or c.slug = ${p(query.search)})`,
    )
  }
  if (query.tag !== undefined && !archive) {
    const ids = p([...new Set(query.tag.split(','))])
    conditions.push(`exists (select 1 from content_tags ct
      where ct.tenant_id = c.tenant_id and ct.content_id = c.id and ct.tag_id = any(${ids}))`)
  }
  return conditions.join(' and ')
}

/**
 * The two statements of GET /api/contents (Folio runs them in parallel).
 * @param query the raw query-string object: status, search, tag, view, page, limit.
 */
export function listStatements(tenantId, query) {
  const page = Number(query.page ?? 1)
  const limit = Number(query.limit ?? 20)
  const listParams = []
  const archive = isTagArchive(query)
  const listWhere = whereOf(tenantId, query, listParams, archive)
  listParams.push(limit, (page - 1) * limit)
  const countParams = []
  return {
    page,
    limit,
    list: {
      text: `select ${query.view === 'summary' ? SUMMARY_COLUMNS : FULL_COLUMNS}
        from ${archive ? 'content_tags a join contents c on c.id = a.content_id' : 'contents c'} where ${listWhere}
        order by ${archive ? ARCHIVE_ORDER : LIST_ORDER} limit $${listParams.length - 1} offset $${listParams.length}`,
      values: listParams,
    },
    count: {
      text: `select count(*)::int as total from contents c where ${whereOf(tenantId, query, countParams)}`,
      values: countParams,
    },
  }
}

/** GET /api/contents/slug/{slug} without filters. */
export function slugStatement(tenantId, slug) {
  return {
    text: `select ${FULL_COLUMNS} from contents c where c.tenant_id = $1 and c.slug = $2`,
    values: [tenantId, slug],
  }
}
