import { is, Placeholder, type SQL, sql } from 'drizzle-orm'
import { type Db, type Run, runnerOf } from '../../db/client.js'
import { archiveOf, type ContentFilter, shapeOf, whereOf } from './list-query.js'
import type { ContentStatus, PendingDraft } from './schemas.js'

/** A timestamp column as ISO 8601 UTC text with milliseconds (the API's timestamps). */
export const isoOf = (column: string) =>
  sql<string | null>`${sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)}`

/**
 * A content's pending draft (docs/decisions/content.md "Drafts of published contents"): its version,
 * who saved it last and when (from that version's row), and when it is scheduled to go live; null
 * when there is none or when `shown` is false (a reader who may not see unpublished text).
 */
function pendingDraftOf(shown: SQL) {
  return sql<PendingDraft | null>`case when c.draft_version is not null and ${shown} then
    (select json_build_object('version', v.version, 'updatedAt', ${isoOf('v.created_at')},
      'updatedBy', v.created_by,
      'updatedByName', coalesce((select trim(u.first_name || ' ' || u.last_name) from users u
        where u.id = v.created_by), v.created_by_name),
      'publishAt', ${isoOf('c.draft_publish_at')})
    from content_versions v
    where v.tenant_id = c.tenant_id and v.content_id = c.id and v.version = c.draft_version) end`
}

/**
 * One projection shared by every read, producing API-shaped values straight from SQL (ISO
 * timestamps, id arrays from the join tables' primary keys) so reads need no mapping. The keys are
 * exactly the members of `ContentSchema` (schemas.ts; `read-statements.test.ts` holds them equal),
 * which is what lets the JSON reads below skip the response serializer.
 */
export const SUMMARY_FIELDS = {
  id: sql<string>`c.id`,
  locale: sql<string>`c.locale`,
  translationGroupId: sql<string>`c.translation_group_id`,
  title: sql<string>`c.title`,
  slug: sql<string>`c.slug`,
  summary: sql<string>`c.summary`,
  categories: sql<string[]>`array(select cc.category_id::text from content_categories cc
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id order by cc.category_id)`,
  tags: sql<string[]>`array(select ct.tag_id::text from content_tags ct
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id order by ct.tag_id)`,
  galleryIds: sql<string[]>`array(select gc.gallery_id::text from gallery_contents gc
    where gc.tenant_id = c.tenant_id and gc.content_id = c.id order by gc.position)`,
  customFields: sql<Record<string, unknown>>`c.custom_fields`,
  featuredMediaId: sql<string | null>`c.featured_media_id`,
  status: sql<string>`c.status`,
  publishAt: isoOf('c.publish_at'),
  publishedAt: isoOf('c.published_at'),
  authorName: sql<string>`c.author_name`,
  type: sql<string>`c.type`,
  parentId: sql<string | null>`c.parent_id`,
  order: sql<number>`c."order"`,
  version: sql<number>`c.version`,
  createdAt: isoOf('c.created_at'),
  updatedAt: isoOf('c.updated_at'),
  // The `drafts` value: whether the reader may see unpublished text (service-reads.ts).
  pendingDraft: pendingDraftOf(sql`${sql.placeholder('drafts')}::boolean`),
}
export const FULL_FIELDS = {
  ...SUMMARY_FIELDS,
  lexical: sql<Record<string, unknown> | null>`c.lexical`,
  html: sql<string>`c.html`,
}
/** FULL_FIELDS with the pending draft always shown: what writes answer and snapshot. */
export const WRITTEN_FIELDS = { ...FULL_FIELDS, pendingDraft: pendingDraftOf(sql`true`) }
export const CONTENTS = sql`contents c`

/**
 * `json_build_object('id', c.id, …)` over `fields`: PostgreSQL renders the record as JSON text, so
 * Node parses one text column per row instead of sixteen typed ones and sends the text as it is.
 */
export function jsonObjectOf(fields: Record<string, SQL>): SQL {
  const members = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`)
  return sql`json_build_object(${sql.join(members, sql`, `)})`
}
/**
 * What a list item adds (`ContentListItem`): the document's translations the reader may see, this
 * content included (`drafts`: whether unpublished ones count), as `GET /api/contents/{id}/translations`.
 */
export const LIST_FIELDS = {
  translations: sql<unknown[]>`(select json_agg(json_build_object('id', t.id, 'locale', t.locale,
      'title', t.title, 'slug', t.slug, 'status', t.status, 'updatedAt', ${isoOf('t.updated_at')})
      order by t.locale) from contents t
    where t.tenant_id = c.tenant_id and t.translation_group_id = c.translation_group_id
      and (${sql.placeholder('drafts')}::boolean or t.status = 'published'))`,
}
const FULL_JSON = jsonObjectOf(FULL_FIELDS)
const LIST_SUMMARY_JSON = jsonObjectOf({ ...SUMMARY_FIELDS, ...LIST_FIELDS })
const LIST_FULL_JSON = jsonObjectOf({ ...FULL_FIELDS, ...LIST_FIELDS })

// The list indexes are declared DESC NULLS LAST on both columns; the ORDER BY must match to use them.
const LIST_ORDER = sql.raw('c.published_at desc nulls last, c.id desc nulls last')
// The same order read from an archive's link table, whose index it matches (list-query.ts `Archive`).
const ARCHIVE_ORDER = sql.raw('a.published_at desc nulls last, a.content_id desc nulls last')

/** A prepared read: `execute` runs it with the placeholders' values. */
export interface Statement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>
}
/** Rows `{ json }`: JSON text (none when nothing matched: a missing content). */
export type JsonStatement = Statement<{ json: string }>

/** `query`'s SQL text as a named statement whose placeholders `execute` fills by name. */
export function statementOf<Row>(
  run: Run,
  name: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
) {
  const { sql: text, params } = query.toSQL()
  const fill = params.map((param) => (is(param, Placeholder) ? param.name : undefined))
  return {
    execute: (values: Record<string, unknown>) =>
      run(
        name,
        text,
        fill.map((key, i) => (key === undefined ? params[i] : values[key])),
      ) as Promise<Row[]>,
  } satisfies Statement<Row>
}

/**
 * The contents read statements, built once per filter shape and kept: each is a named statement,
 * so PostgreSQL parses and plans it once per connection (for a slug lookup planning costs as much
 * as running it), and Drizzle does not rebuild its SQL on every request. Each answers JSON text
 * shaped like the route's response member (a content, or the array of a list page).
 */
export function createReadStatements(db: Db) {
  let run: Run | undefined
  const prepare = <Row>(name: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
    run ??= runnerOf(db)
    return statementOf<Row>(run, name, query)
  }
  const built = new Map<string, unknown>()
  const once = <T>(name: string, build: (name: string) => T): T => {
    if (!built.has(name)) built.set(name, build(name))
    return built.get(name) as T
  }
  // Aliased: rows arrive keyed by column name, straight from the driver.
  const json = (object: SQL) => ({ json: sql<string>`${object}::text`.as('json') })

  return {
    /** `{ json, status }`: one content by id (`tenantId`, `id`, `drafts`). */
    byId: () =>
      once<Statement<{ json: string; status: ContentStatus }>>('contents_json_by_id', (name) =>
        prepare(
          name,
          db
            .select({ ...json(FULL_JSON), status: sql<ContentStatus>`c.status`.as('status') })
            .from(CONTENTS)
            .where(sql`c.tenant_id = ${sql.placeholder('tenantId')} and c.id = ${sql.placeholder('id')}`),
        ),
      ),

    /**
     * `{ json }`: one content by slug within `filter` (`paramsOf` values, `slug`, `drafts`): of the
     * translations holding the slug, the one in `preferred` (a locale), else the first by locale.
     */
    bySlug: (filter: ContentFilter) =>
      once<JsonStatement>(`contents_json_by_slug_${shapeOf(filter)}`, (name) =>
        prepare(
          name,
          db
            .select(json(FULL_JSON))
            .from(CONTENTS)
            .where(sql`${whereOf(filter)} and c.slug = ${sql.placeholder('slug')}`)
            .orderBy(sql`c.locale = ${sql.placeholder('preferred')} desc, c.locale`)
            .limit(1),
        ),
      ),

    /**
     * `{ json }`: the JSON array of one list page (`paramsOf` values, `drafts`, `limit`, `offset`). The page is
     * read in index order; `json_agg` sorts its twenty rows again, as aggregate input order is not
     * otherwise guaranteed.
     */
    list: (filter: ContentFilter, full: boolean) =>
      once<JsonStatement>(`contents_json_list_${full ? 'full' : 'summary'}_${shapeOf(filter)}`, (name) => {
        const archive = archiveOf(filter)
        const page = db
          .select({
            item: sql`${full ? LIST_FULL_JSON : LIST_SUMMARY_JSON}`.as('item'),
            publishedAt: sql`${archive === undefined ? sql`c.published_at` : sql`a.published_at`}`.as('at'),
            id: sql`c.id`.as('cid'),
          })
          .from(
            archive === undefined
              ? CONTENTS
              : sql`${archive.table} a join ${CONTENTS} on c.id = a.content_id`,
          )
          .where(whereOf(filter, archive))
          .orderBy(archive === undefined ? LIST_ORDER : ARCHIVE_ORDER)
          // Placeholders keep the text fixed: Drizzle leaves out a literal `offset 0`.
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('p')
        return prepare(
          name,
          db
            .select({
              json: sql<string>`coalesce(json_agg(p.item order by p.at desc nulls last, p.cid desc), '[]')::text`.as(
                'json',
              ),
            })
            .from(page),
        )
      }),

    /** `{ total }`: how many contents `filter` matches (`paramsOf` values). */
    count: (filter: ContentFilter) =>
      once<Statement<{ total: number }>>(`contents_count_${shapeOf(filter)}`, (name) =>
        prepare(
          name,
          db
            .select({ total: sql<number>`count(*)::int`.as('total') })
            .from(CONTENTS)
            .where(whereOf(filter)),
        ),
      ),
  }
}
