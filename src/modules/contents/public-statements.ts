import { type SQL, sql } from 'drizzle-orm'
import { type Db, type Run, runnerOf } from '../../db/client.js'
import { type ContentFilter, shapeOf, whereOf } from './list-query.js'
import {
  CONTENTS,
  isoOf,
  type JsonStatement,
  jsonObjectOf,
  type Statement,
  statementOf,
} from './read-statements.js'

/** How a public list is sorted: newest publication, title A→Z, or `order` then title. */
export const PUBLIC_SORTS = ['publishedAt', 'title', 'order'] as const
export type PublicSort = (typeof PUBLIC_SORTS)[number]

/**
 * Where a term's name and slug come from, by the reader's chain without the tenant's default locale
 * (`termChain`; the translation tables hold the other locales only): `default` the term's own row
 * (an empty chain), `one` the row of that one locale, else the first of `chain` that has the member.
 */
export type TermLocales = 'default' | 'one' | 'chain'

/** The `TermLocales` of a reader's chain without the default locale. */
export const termLocalesOf = (termChain: readonly string[]): TermLocales =>
  termChain.length === 0 ? 'default' : termChain.length === 1 ? 'one' : 'chain'

/**
 * What a public read renders: `full` adds html and lexical, `galleries` the content's galleries,
 * `terms` where the categories' and tags' names come from.
 */
export interface PublicShape {
  full: boolean
  galleries: boolean
  terms: TermLocales
}

/** The reader's locales, best first (`PublicContext.localeChain`): a placeholder of every statement. */
export const CHAIN = sql`${sql.placeholder('chain')}::text[]`

/** A media record's public face: its URLs, alt text, size and variants (active media only). */
const mediaJson = (alias: string) =>
  sql.raw(`json_build_object('url', ${alias}.url, 'altText', ${alias}.alt_text,
    'width', ${alias}.width, 'height', ${alias}.height,
    'variants', (select coalesce(json_agg(json_build_object('name', v->>'name', 'url', v->>'url',
        'width', (v->>'width')::int, 'height', (v->>'height')::int, 'mimeType', v->>'mimeType')
      order by v.n), '[]') from jsonb_array_elements(${alias}.variants) with ordinality v(v, n)))`)

/** The reader's chain without the tenant's default locale (`termChain`), as a placeholder. */
const TERM_CHAIN = sql`${sql.placeholder('termChain')}::text[]`

/** A taxonomy as public contents read it: its link table, its table, its translations, its name column. */
export interface Taxonomy {
  /** The content link table (`content_id`, and the term's id as `key`). */
  links: string
  /** The term's id column in `links` and in `translations`. */
  key: string
  table: string
  translations: string
  /** The term's name column (its translations name it the same). */
  name: string
}
export const CATEGORIES: Taxonomy = {
  links: 'content_categories',
  key: 'category_id',
  table: 'categories',
  translations: 'category_translations',
  name: 'name',
}
export const TAGS: Taxonomy = {
  links: 'content_tags',
  key: 'tag_id',
  table: 'tags',
  translations: 'tag_translations',
  name: 'title',
}

/** A term's (`k`) `member` in the first locale of `termChain` that has it; null when none has it. */
export const translated = ({ translations, key }: Taxonomy, member: string) =>
  sql
    .raw(`(select tr.${member} from ${translations} tr
    where tr.tenant_id = k.tenant_id and tr.${key} = k.id and tr.${member} is not null
      and tr.locale = any(`)
    .append(TERM_CHAIN)
    .append(sql.raw(`) order by array_position(`))
    .append(TERM_CHAIN)
    .append(sql.raw(`, tr.locale) limit 1)`))

/**
 * A content's terms as `[{ name, slug }]` in the reader's language, ordered by the default locale's
 * name then slug (docs/decisions/localization.md "Field-level localization"): each member from the
 * first locale of `termChain` that has it, else the term's own. With one locale besides the
 * default, a join on that locale's row instead of a lookup per member: a two-language site pays one
 * index probe per term.
 */
function termsJson(terms: TermLocales, taxonomy: Taxonomy) {
  const { links, key, table, translations, name } = taxonomy
  const member = (column: string) =>
    terms === 'default'
      ? sql.raw(`k.${column}`)
      : terms === 'one'
        ? sql.raw(`coalesce(kt.${column}, k.${column})`)
        : sql`coalesce(${translated(taxonomy, column)}, ${sql.raw(`k.${column}`)})`
  const join =
    terms === 'one'
      ? sql`left join ${sql.raw(translations)} kt on kt.tenant_id = k.tenant_id and kt.${sql.raw(key)} = k.id
        and kt.locale = (${TERM_CHAIN})[1]`
      : sql``
  return sql`(select coalesce(json_agg(json_build_object('name', ${member(name)}, 'slug', ${member('slug')})
      order by ${sql.raw(`k.${name}`)}, k.slug), '[]') from ${sql.raw(links)} l
    join ${sql.raw(table)} k on k.tenant_id = l.tenant_id and k.id = l.${sql.raw(key)}
    ${join}
    where l.tenant_id = c.tenant_id and l.content_id = c.id)`
}

/**
 * The public projection (docs/decisions/delivery.md "Public contents"): what a page needs in one
 * read, and nothing a visitor has no use for (no status, version, editor ids, category or media ids).
 * Taxonomy as names and slugs, the featured media as URLs, custom fields of the keys the tenant's
 * public definitions name (`publicKeys`) and no others. The keys are the members of
 * `PublicContentSchema` (public-schemas.ts; `public-contents.test.ts` holds them equal), so the JSON
 * skips the serializer.
 */
export const publicSummaryFields = (terms: TermLocales): Record<string, SQL> => ({
  id: sql`c.id`,
  locale: sql`c.locale`,
  // The group's other published translations, for a site's hreflang links and language switch.
  alternates: sql`(select coalesce(json_agg(json_build_object('locale', t.locale, 'slug', t.slug)
      order by t.locale), '[]') from contents t
    where t.tenant_id = c.tenant_id and t.translation_group_id = c.translation_group_id
      and t.id <> c.id and t.status = 'published')`,
  slug: sql`c.slug`,
  title: sql`c.title`,
  summary: sql`c.summary`,
  type: sql`c.type`,
  // The parent as the reader is served it: its group's published translation in the best locale
  // of the reader's chain (`chain`); null when there is none, as a visitor cannot use the id.
  parentId: sql`(select pc.id from contents pp
    join contents pc on pc.tenant_id = pp.tenant_id and pc.translation_group_id = pp.translation_group_id
    where pp.tenant_id = c.tenant_id and pp.id = c.parent_id and pc.status = 'published'
      and pc.locale = any(${CHAIN})
    order by array_position(${CHAIN}, pc.locale) limit 1)`,
  order: sql`c."order"`,
  publishedAt: isoOf('c.published_at'),
  updatedAt: isoOf('c.updated_at'),
  authorName: sql`c.author_name`,
  // Each term's name and slug in the best locale of the reader's chain that has one, else the
  // default's (docs/decisions/localization.md "Field-level localization").
  categories: termsJson(terms, CATEGORIES),
  tags: termsJson(terms, TAGS),
  featuredMedia: sql`(select ${mediaJson('m')} from media m
    where m.tenant_id = c.tenant_id and m.id = c.featured_media_id and m.status = 'active')`,
  // An allow-list: a key without a public definition (a private one, a deleted one, free data) stays in.
  customFields: sql`(select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb)
    from jsonb_each(c.custom_fields) f where f.key = any(${sql.placeholder('publicKeys')}::text[]))`,
})
/** What `view=full` adds. */
export const FULL_EXTRA = { html: sql`c.html`, lexical: sql`c.lexical` }
/** What `include=galleries` adds. */
export const GALLERIES = {
  galleries: sql`(select coalesce(json_agg(json_build_object('title', g.title, 'description', g.description,
      'items', (select coalesce(json_agg(json_build_object('title', gi.title, 'caption', gi.caption,
          'media', ${mediaJson('gm')}) order by gi.position), '[]') from gallery_items gi
        join media gm on gm.tenant_id = gi.tenant_id and gm.id = gi.media_id and gm.status = 'active'
        where gi.tenant_id = g.tenant_id and gi.gallery_id = g.id))
      order by gc.position), '[]') from gallery_contents gc
    join galleries g on g.tenant_id = gc.tenant_id and g.id = gc.gallery_id
    where gc.tenant_id = c.tenant_id and gc.content_id = c.id)`,
}

const projectionOf = (shape: PublicShape) =>
  jsonObjectOf({
    ...publicSummaryFields(shape.terms),
    ...(shape.full ? FULL_EXTRA : {}),
    ...(shape.galleries ? GALLERIES : {}),
  })
export const shapeName = (shape: PublicShape) =>
  `${shape.full ? 'f' : 's'}${shape.galleries ? 'g' : ''}_${shape.terms}`

/**
 * Each sort as the page's ORDER BY and the same order over the page's columns (for `json_agg`).
 * publishedAt matches the list indexes (published rows have a publishedAt).
 */
const SORTS: Record<PublicSort, { page: SQL; agg: SQL }> = {
  publishedAt: {
    page: sql.raw('c.published_at desc nulls last, c.id desc nulls last'),
    agg: sql.raw('p.at desc nulls last, p.cid desc'),
  },
  title: { page: sql.raw('c.title, c.id'), agg: sql.raw('p.title, p.cid') },
  order: { page: sql.raw('c."order", c.title, c.id'), agg: sql.raw('p.ord, p.title, p.cid') },
}

/** A node of a page tree as read: children are linked in Node (public-service.ts). */
export interface TreeRow {
  id: string
  locale: string
  slug: string
  title: string
  order: number
  /** The content's translation group. */
  groupId: string
  /** The translation group of its parent (whichever translation it names), null for a root. */
  parentGroupId: string | null
}

/**
 * The public contents statements, named and kept per shape like the admin reads (read-statements.ts).
 * Every statement's filter holds `status = 'published'` (the public service's filters always do).
 */
export function createPublicStatements(db: Db) {
  let run: Run | undefined
  const built = new Map<string, unknown>()
  const once = <T>(name: string, query: () => { toSQL(): { sql: string; params: unknown[] } }): T => {
    if (!built.has(name)) {
      run ??= runnerOf(db)
      built.set(name, statementOf(run, name, query()))
    }
    return built.get(name) as T
  }
  const json = (object: SQL) => ({ json: sql<string>`${object}::text`.as('json') })

  return {
    /**
     * `{ json, id }`: one content by slug (`paramsOf` values, `slug`, `publicKeys`, `chain`): of the
     * translations holding the slug, the one in the best locale of the chain, else the first of
     * the others by locale (an index range of (tenant, slug, locale)); `id` names it for the
     * answer's surrogate key.
     */
    bySlug: (filter: ContentFilter, shape: PublicShape) =>
      once<Statement<{ json: string; id: string }>>(
        `contents_public_by_slug_${shapeName(shape)}_${shapeOf(filter)}`,
        () =>
          db
            .select({ ...json(projectionOf(shape)), id: sql<string>`c.id`.as('id') })
            .from(CONTENTS)
            .where(sql`${whereOf(filter)} and c.slug = ${sql.placeholder('slug')}`)
            .orderBy(sql`array_position(${CHAIN}, c.locale) nulls last, c.locale`)
            .limit(1),
      ),

    /** `{ json }`: the JSON array of one page (`paramsOf` values, `publicKeys`, `chain`, `limit`, `offset`). */
    list: (filter: ContentFilter, shape: PublicShape, sort: PublicSort) =>
      once<JsonStatement>(`contents_public_list_${shapeName(shape)}_${sort}_${shapeOf(filter)}`, () => {
        const page = db
          .select({
            item: sql`${projectionOf(shape)}`.as('item'),
            at: sql`c.published_at`.as('at'),
            title: sql`c.title`.as('title'),
            ord: sql`c."order"`.as('ord'),
            cid: sql`c.id`.as('cid'),
          })
          .from(CONTENTS)
          .where(whereOf(filter))
          .orderBy(SORTS[sort].page)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .as('p')
        return db
          .select({
            json: sql<string>`coalesce(json_agg(p.item order by ${SORTS[sort].agg}), '[]')::text`.as('json'),
          })
          .from(page)
      }),

    /**
     * Tree rows: every content `filter` matches (`paramsOf` values; a locale chain keeps one
     * translation per group), by order then title.
     */
    tree: (filter: ContentFilter) =>
      once<Statement<TreeRow>>(`contents_public_tree_${shapeOf(filter)}`, () =>
        db
          .select({
            id: sql<string>`c.id`.as('id'),
            locale: sql<string>`c.locale`.as('locale'),
            slug: sql<string>`c.slug`.as('slug'),
            title: sql<string>`c.title`.as('title'),
            order: sql<number>`c."order"`.as('order'),
            groupId: sql<string>`c.translation_group_id`.as('groupId'),
            parentGroupId: sql<string | null>`(select pg.translation_group_id from contents pg
              where pg.tenant_id = c.tenant_id and pg.id = c.parent_id)`.as('parentGroupId'),
          })
          .from(CONTENTS)
          .where(whereOf(filter))
          .orderBy(sql.raw('c."order", c.title, c.id')),
      ),
  }
}
