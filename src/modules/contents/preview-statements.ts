import { type SQL, sql } from 'drizzle-orm'
import { type Db, type Run, runnerOf } from '../../db/client.js'
import {
  CATEGORIES,
  CHAIN,
  FULL_EXTRA,
  GALLERIES,
  type PublicShape,
  publicSummaryFields,
  shapeName,
  TAGS,
  type Taxonomy,
  translated,
} from './public-statements.js'
import { jsonObjectOf, type Statement, statementOf } from './read-statements.js'

const p = (name: string) => sql.placeholder(name)

/** A member of the pending draft's snapshot (`d.s`) when it has it, else the row's column. */
const drafted = (member: string, column: string, cast = '') =>
  sql.raw(`case when d.s ? '${member}' then (d.s->>'${member}')${cast} else c0.${column}${cast} end`)
/** A list of ids: the snapshot's when it has it, else the row's link table. */
const draftedIds = (member: string, table: string, column: string) =>
  sql.raw(`case when d.s ? '${member}'
      then array(select jsonb_array_elements_text(d.s->'${member}'))
      else array(select l.${column}::text from ${table} l where l.tenant_id = c0.tenant_id and l.content_id = c0.id) end`)

/**
 * Every translation of a group as its latest draft makes it (docs/decisions/content.md "Drafts of
 * published contents"): a published content with a pending draft takes the members its draft
 * snapshot holds (as `GET /api/contents/{id}?draft=true` builds it), any other content is its row.
 * Columns under the names the public projection reads from `contents c`, plus `live_slug` (the
 * row's own), `category_ids` and `tag_ids`. `published_at` of a content never published is its
 * scheduled time, else the draft's last save: a site renders a date either way.
 */
const DRAFTED = sql`(select c0.tenant_id, c0.id, c0.locale, c0.translation_group_id,
    c0.slug as live_slug,
    ${drafted('slug', 'slug')} as slug,
    ${drafted('title', 'title')} as title,
    ${drafted('summary', 'summary')} as summary,
    ${drafted('html', 'html')} as html,
    ${drafted('authorName', 'author_name')} as author_name,
    ${drafted('type', 'type')} as type,
    ${drafted('order', '"order"', '::int')} as "order",
    ${drafted('featuredMediaId', 'featured_media_id', '::text')} as featured_media_id,
    ${drafted('parentId', 'parent_id', '::text')} as parent_id,
    case when d.s ? 'lexical' then d.s->'lexical' else c0.lexical end as lexical,
    case when d.s ? 'customFields' then d.s->'customFields' else c0.custom_fields end as custom_fields,
    ${draftedIds('categories', 'content_categories', 'category_id')} as category_ids,
    ${draftedIds('tags', 'content_tags', 'tag_id')} as tag_ids,
    coalesce(c0.published_at, c0.publish_at, d.at, c0.updated_at) as published_at,
    coalesce(d.at, c0.updated_at) as updated_at
  from contents c0
  left join lateral (select v.snapshot as s, v.created_at as at from content_versions v
    where v.tenant_id = c0.tenant_id and v.content_id = c0.id and v.version = c0.draft_version) d on true
  where c0.tenant_id = ${p('tenantId')} and c0.translation_group_id = ${p('groupId')})`

/** Terms of `ids` (a column of `c`) in the reader's best locale (`termChain`), as the public projection names them. */
const termsOf = (taxonomy: Taxonomy, ids: string) => {
  const { table, name } = taxonomy
  return sql`(select coalesce(json_agg(json_build_object(
        'name', coalesce(${translated(taxonomy, name)}, k.${sql.raw(name)}),
        'slug', coalesce(${translated(taxonomy, 'slug')}, k.slug))
      order by k.${sql.raw(name)}, k.slug), '[]') from ${sql.raw(table)} k
    where k.tenant_id = c.tenant_id and k.id::text = any(c.${sql.raw(ids)}))`
}

/**
 * The public projection of a drafted translation: the public summary with the draft's categories and
 * tags, and `alternates` naming every other translation of the group (the token reads them all) by
 * its draft's slug, so a site's language switch stays within the preview.
 */
const PREVIEW_FIELDS: Record<string, SQL> = {
  ...publicSummaryFields('chain'),
  alternates: sql`(select coalesce(json_agg(json_build_object('locale', t.locale, 'slug', t.slug)
      order by t.locale), '[]') from ${DRAFTED} t where t.id <> c.id)`,
  categories: termsOf(CATEGORIES, 'category_ids'),
  tags: termsOf(TAGS, 'tag_ids'),
}

/** What issuing a preview token needs of a content: its group, and what its URL is filled with. */
export interface PreviewTarget {
  id: string
  locale: string
  translationGroupId: string
  /** The draft's slug and type (the row's when there is no pending draft). */
  slug: string
  type: string
}

/** The statements of draft preview reads, named and kept per shape (as public-statements.ts). */
export function createPreviewStatements(db: Db) {
  let run: Run | undefined
  const built = new Map<string, unknown>()
  const once = <T>(name: string, query: () => { toSQL(): { sql: string; params: unknown[] } }): T => {
    if (!built.has(name)) {
      run ??= runnerOf(db)
      built.set(name, statementOf(run, name, query()))
    }
    return built.get(name) as T
  }

  return {
    /**
     * `{ json, id }`: the translation of the group `groupId` whose draft's or live slug is `slug`, in the
     * best locale of `chain` (else the first by locale), drafted and in the public shape (`tenantId`,
     * `groupId`, `slug`, `publicKeys`, `chain`). No row: no translation of the group has the slug.
     */
    bySlug: (shape: PublicShape) =>
      once<Statement<{ json: string; id: string }>>(`contents_preview_by_slug_${shapeName(shape)}`, () =>
        db
          .select({
            json: sql<string>`${jsonObjectOf({
              ...PREVIEW_FIELDS,
              ...(shape.full ? FULL_EXTRA : {}),
              ...(shape.galleries ? GALLERIES : {}),
            })}::text`.as('json'),
            id: sql<string>`c.id`.as('id'),
          })
          .from(sql`${DRAFTED} c`)
          .where(sql`c.slug = ${p('slug')} or c.live_slug = ${p('slug')}`)
          .orderBy(sql`array_position(${CHAIN}, c.locale) nulls last, c.locale`)
          .limit(1),
      ),

    /** One content of the tenant as a `PreviewTarget` (`tenantId`, `id`); no row when there is none. */
    target: () =>
      once<Statement<PreviewTarget>>('contents_preview_target', () =>
        db
          .select({
            id: sql<string>`c0.id`.as('id'),
            locale: sql<string>`c0.locale`.as('locale'),
            translationGroupId: sql<string>`c0.translation_group_id`.as('translationGroupId'),
            slug: sql<string>`${drafted('slug', 'slug')}`.as('slug'),
            type: sql<string>`${drafted('type', 'type')}`.as('type'),
          })
          .from(sql`contents c0 left join lateral (select v.snapshot as s from content_versions v
            where v.tenant_id = c0.tenant_id and v.content_id = c0.id and v.version = c0.draft_version) d on true`)
          .where(sql`c0.tenant_id = ${p('tenantId')} and c0.id = ${p('id')}`),
      ),
  }
}
