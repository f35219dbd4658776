// The SQL Folio's content reads send, written out by hand from src/modules/contents/read-statements.ts
// (SUMMARY_FIELDS, FULL_FIELDS as json_build_object, the list page as one json_agg, count),
// list-query.ts (whereOf, archiveOf), repository.ts (tagIdsNamed) and, for the public routes,
// public-statements.ts, for the filters the bench uses. Each statement is named, as Folio's are
// (parsed and planned once per connection). Shared by reference-server.mjs and explain.mjs; the
// bench preflight checks that Folio and the reference answer the same bytes.

const isoOf = (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const SUMMARY_MEMBERS = `'id', c.id, 'title', c.title, 'slug', c.slug, 'summary', c.summary,
  'categories', array(select cc.category_id::text from content_categories cc
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id order by cc.category_id),
  'tags', array(select ct.tag_id::text from content_tags ct
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id order by ct.tag_id),
  'galleryIds', array(select gc.gallery_id::text from gallery_contents gc
    where gc.tenant_id = c.tenant_id and gc.content_id = c.id order by gc.position),
  'customFields', c.custom_fields, 'featuredMediaId', c.featured_media_id, 'status', c.status,
  'publishAt', ${isoOf('c.publish_at')}, 'publishedAt', ${isoOf('c.published_at')},
  'authorName', c.author_name, 'type', c.type, 'parentId', c.parent_id, 'order', c."order",
  'version', c.version, 'createdAt', ${isoOf('c.created_at')}, 'updatedAt', ${isoOf('c.updated_at')}`
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

/**
 * GET /api/contents/slug/{slug} without filters, for the bench's read-scoped token (which sees
 * published contents only, so Folio filters on the status): one row `{ json }`, or none.
 */
export function slugStatement(tenantId, slug) {
  return {
    name: 'ref_by_slug',
    text: `select ${FULL_JSON}::text as json from contents c where c.tenant_id = $1 and c.status = $2 and c.slug = $3`,
    values: [tenantId, 'published', slug],
  }
}

// The public delivery reads (src/modules/contents/public-statements.ts: PUBLIC_SUMMARY_FIELDS, the
// media JSON, the page and json_agg of a list sorted by publishedAt), for published contents
// without other filters. `$1` is the keys of the tenant's public custom field definitions, as in
// Folio's statements.

/** A media record's public face: URLs, alt text, size and variants (public-statements.ts mediaJson). */
const mediaJson = (alias) => `json_build_object('url', ${alias}.url, 'altText', ${alias}.alt_text,
    'width', ${alias}.width, 'height', ${alias}.height,
    'variants', (select coalesce(json_agg(json_build_object('name', v->>'name', 'url', v->>'url',
        'width', (v->>'width')::int, 'height', (v->>'height')::int, 'mimeType', v->>'mimeType')
      order by v.n), '[]') from jsonb_array_elements(${alias}.variants) with ordinality v(v, n)))`

const PUBLIC_SUMMARY_MEMBERS = `'id', c.id, 'slug', c.slug, 'title', c.title, 'summary', c.summary,
  'type', c.type, 'parentId', (select pc.id from contents pc
    where pc.tenant_id = c.tenant_id and pc.id = c.parent_id and pc.status = 'published'),
  'order', c."order", 'publishedAt', ${isoOf('c.published_at')}, 'updatedAt', ${isoOf('c.updated_at')},
  'authorName', c.author_name,
  'categories', (select coalesce(json_agg(json_build_object('name', k.name, 'slug', k.slug)
      order by k.name, k.slug), '[]') from content_categories cc
    join categories k on k.tenant_id = cc.tenant_id and k.id = cc.category_id
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id),
  'tags', (select coalesce(json_agg(json_build_object('name', t.title, 'slug', t.slug)
      order by t.title, t.slug), '[]') from content_tags ct
    join tags t on t.tenant_id = ct.tenant_id and t.id = ct.tag_id
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id),
  'featuredMedia', (select ${mediaJson('m')} from media m
    where m.tenant_id = c.tenant_id and m.id = c.featured_media_id and m.status = 'active'),
  'customFields', (select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb)
    from jsonb_each(c.custom_fields) f where f.key = any($1::text[]))`
const publicJsonOf = (full) =>
  `json_build_object(${PUBLIC_SUMMARY_MEMBERS}${full ? `, 'html', c.html, 'lexical', c.lexical` : ''})`

/**
 * The keys of the tenant's custom field definitions marked public, the only ones Folio's public
 * reads keep in `customFields` (read from its cached definitions list, public-service.ts fieldsOf).
 */
export function publicKeysStatement(tenantId) {
  return {
    name: 'ref_public_keys',
    text: 'select key from custom_field_definitions where tenant_id = $1 and public',
    values: [tenantId],
  }
}

/**
 * The two statements of GET /api/public/contents (published, sorted by publishedAt; Folio runs
 * them in parallel and caches the count, which is the same statement and total as the token
 * route's `status=published` list, so one totals cache serves both).
 * @param query the raw query-string object: view, page, limit.
 * @param publicKeys the keys `publicKeysStatement` returned.
 * @returns { page, limit, list, count, countKey } as `listStatements`.
 */
export function publicListStatements(tenantId, query, publicKeys) {
  const page = Number(query.page ?? 1)
  const limit = Number(query.limit ?? 20)
  const full = query.view !== 'summary'
  const { count, countKey } = listStatements(tenantId, { status: 'published' })
  return {
    page,
    limit,
    list: {
      name: `ref_public_list_${full ? 'full' : 'summary'}`,
      text: `select coalesce(json_agg(p.item order by p.at desc nulls last, p.cid desc), '[]')::text as json
        from (select ${publicJsonOf(full)} as item, c.published_at as at, c.title as title,
            c."order" as ord, c.id as cid
          from contents c where c.tenant_id = $2 and c.status = $3
          order by ${LIST_ORDER} limit $4 offset $5) p`,
      values: [publicKeys, tenantId, 'published', limit, (page - 1) * limit],
    },
    count,
    countKey,
  }
}

/** GET /api/public/contents/slug/{slug} (view full): one row `{ json }`, or none. */
export function publicSlugStatement(tenantId, slug, publicKeys) {
  return {
    name: 'ref_public_by_slug',
    text: `select ${publicJsonOf(true)}::text as json from contents c
      where c.tenant_id = $2 and c.status = $3 and c.slug = $4`,
    values: [publicKeys, tenantId, 'published', slug],
  }
}
