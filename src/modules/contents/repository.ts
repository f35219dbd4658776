import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { categories, contentCategories, contents, contentTags, media, tags } from '../../db/schema/index.js'
import { containsPattern } from '../../lib/like.js'
import { archiveOf, type ContentFilter, paramsOf, shapeOf, whereOf } from './list-query.js'
import type { Content, ContentListEntry, ContentStatus } from './schemas.js'

export type NewContentRow = Omit<typeof contents.$inferInsert, 'tenantId'>
export type ContentPatch = Partial<Omit<NewContentRow, 'id' | 'createdAt' | 'createdBy'>>

/** What category and tag links copy from their content (see `contentState` in db/schema/content.ts). */
export interface LinkState {
  status: ContentStatus
  publishedAt: Date | null
}

/** The publication state a write needs from the stored row. */
export interface ContentState {
  status: ContentStatus
  publishAt: Date | null
  publishedAt: Date | null
}

const isoOf = (column: string) =>
  sql<string | null>`${sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)}`

/**
 * One projection shared by every read, producing API-shaped rows straight from SQL (ISO
 * timestamps, id arrays from the join tables' primary keys) so reads need no mapping.
 */
const SUMMARY_FIELDS = {
  id: sql<string>`c.id`,
  title: sql<string>`c.title`,
  slug: sql<string>`c.slug`,
  summary: sql<string>`c.summary`,
  categories: sql<string[]>`array(select cc.category_id::text from content_categories cc
    where cc.tenant_id = c.tenant_id and cc.content_id = c.id order by cc.category_id)`,
  tags: sql<string[]>`array(select ct.tag_id::text from content_tags ct
    where ct.tenant_id = c.tenant_id and ct.content_id = c.id order by ct.tag_id)`,
  customFields: sql<Record<string, unknown>>`c.custom_fields`,
  featuredMediaId: sql<string | null>`c.featured_media_id`,
  status: sql<string>`c.status`,
  publishAt: isoOf('c.publish_at'),
  publishedAt: isoOf('c.published_at'),
  authorName: sql<string>`c.author_name`,
  createdAt: isoOf('c.created_at'),
  updatedAt: isoOf('c.updated_at'),
}
const FULL_FIELDS = {
  ...SUMMARY_FIELDS,
  lexical: sql<Record<string, unknown> | null>`c.lexical`,
  html: sql<string>`c.html`,
}
const CONTENTS = sql`contents c`

// The list indexes are declared DESC NULLS LAST on both columns; the ORDER BY must match to use them.
const LIST_ORDER = sql.raw('c.published_at desc nulls last, c.id desc nulls last')
// The same order read from an archive's link table, whose index it matches (list-query.ts `Archive`).
const ARCHIVE_ORDER = sql.raw('a.published_at desc nulls last, a.content_id desc nulls last')

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * The read statements, built once per filter shape and kept: each is a named statement, so
 * PostgreSQL parses and plans it once per connection (for a slug lookup planning costs as much
 * as running it), and Drizzle does not rebuild its SQL on every request.
 */
function createReadStatements(db: Db) {
  const built = new Map<string, unknown>()
  const once = <T>(name: string, build: (name: string) => T): T => {
    if (!built.has(name)) built.set(name, build(name))
    return built.get(name) as T
  }
  return {
    byId: () =>
      once('contents_by_id', (name) =>
        db
          .select(FULL_FIELDS)
          .from(CONTENTS)
          .where(sql`c.tenant_id = ${sql.placeholder('tenantId')} and c.id = ${sql.placeholder('id')}`)
          .prepare(name),
      ),
    bySlug: (filter: ContentFilter) =>
      once(`contents_by_slug_${shapeOf(filter)}`, (name) =>
        db
          .select(FULL_FIELDS)
          .from(CONTENTS)
          .where(sql`${whereOf(filter)} and c.slug = ${sql.placeholder('slug')}`)
          .prepare(name),
      ),
    list: (filter: ContentFilter, full: boolean) =>
      once(`contents_list_${full ? 'full' : 'summary'}_${shapeOf(filter)}`, (name) => {
        const archive = archiveOf(filter)
        return (
          db
            .select(full ? FULL_FIELDS : SUMMARY_FIELDS)
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
            .prepare(name)
        )
      }),
    count: (filter: ContentFilter) =>
      once(`contents_count_${shapeOf(filter)}`, (name) =>
        db.select({ total: sql<number>`count(*)::int` }).from(CONTENTS).where(whereOf(filter)).prepare(name),
      ),
  }
}

/** Content queries (style.md 4.2): `tenantId` first and in every WHERE; `db` may be a transaction. */
export function createContentsRepository(db: Db) {
  const statements = createReadStatements(db)
  return {
    async findById(tenantId: string, id: string): Promise<Content | undefined> {
      const [row] = await statements.byId().execute({ tenantId, id })
      return row as Content | undefined
    },

    async findBySlug(tenantId: string, slug: string, filter: ContentFilter): Promise<Content | undefined> {
      const [row] = await statements.bySlug(filter).execute({ ...paramsOf(tenantId, filter), slug })
      return row as Content | undefined
    },

    async listPage(
      tenantId: string,
      filter: ContentFilter,
      page: { limit: number; offset: number; full: boolean },
    ): Promise<ContentListEntry[]> {
      const rows = await statements
        .list(filter, page.full)
        .execute({ ...paramsOf(tenantId, filter), limit: page.limit, offset: page.offset })
      return rows as ContentListEntry[]
    },

    async count(tenantId: string, filter: ContentFilter): Promise<number> {
      const [row] = await statements.count(filter).execute(paramsOf(tenantId, filter))
      return row?.total ?? 0
    },

    /** Content per UTC month of publishedAt, newest month first. */
    async archiveMonths(tenantId: string, status: ContentStatus) {
      const result =
        await db.execute(sql`select extract(year from m)::int as year, to_char(m, 'MM') as month, n as count
        from (select date_trunc('month', published_at at time zone 'UTC') as m, count(*)::int as n
          from contents where tenant_id = ${tenantId} and status = ${status} and published_at is not null
          group by 1) months
        order by m desc`)
      return rowsOf<{ year: number; month: string; count: number }>(result)
    },

    async findSlugOwner(tenantId: string, slug: string) {
      const [row] = await db
        .select({ id: contents.id, title: contents.title, slug: contents.slug })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.slug, slug)))
      return row
    },

    /** Which of `slugs` the tenant already uses (point lookups on the unique index). */
    async takenSlugs(tenantId: string, slugs: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ slug: contents.slug })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), inArray(contents.slug, slugs)))
      return new Set(rows.map((row) => row.slug))
    },

    /** The highest N among `<base>-N` slugs (1 when there is none); scans the tenant's slug index. */
    async highestSlugNumber(tenantId: string, base: string): Promise<number> {
      const result =
        await db.execute(sql`select coalesce(max(substr(slug, ${base.length + 2})::bigint), 1) as n
        from contents where tenant_id = ${tenantId} and starts_with(slug, ${`${base}-`})
          and substr(slug, ${base.length + 2}) ~ '^[0-9]{1,15}$'`)
      return Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 1)
    },

    /** Locks the row for the rest of the transaction so concurrent writes apply the status rules in turn. */
    async lockState(tenantId: string, id: string): Promise<ContentState | undefined> {
      const [row] = await db
        .select({ status: contents.status, publishAt: contents.publishAt, publishedAt: contents.publishedAt })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
        .for('update')
      return row as ContentState | undefined
    },

    async insert(tenantId: string, row: NewContentRow): Promise<void> {
      await db.insert(contents).values({ ...row, tenantId })
    },

    async update(tenantId: string, id: string, patch: ContentPatch): Promise<void> {
      await db
        .update(contents)
        .set(patch)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
        .returning({ id: contents.id })
      return deleted.length > 0
    },

    async linkCategories(tenantId: string, contentId: string, categoryIds: string[], state: LinkState) {
      if (categoryIds.length === 0) return
      await db
        .insert(contentCategories)
        .values(categoryIds.map((categoryId) => ({ tenantId, contentId, categoryId, ...state })))
    },

    async unlinkCategories(tenantId: string, contentId: string): Promise<void> {
      await db
        .delete(contentCategories)
        .where(and(eq(contentCategories.tenantId, tenantId), eq(contentCategories.contentId, contentId)))
    },

    async linkTags(tenantId: string, contentId: string, tagIds: string[], state: LinkState) {
      if (tagIds.length === 0) return
      await db.insert(contentTags).values(tagIds.map((tagId) => ({ tenantId, contentId, tagId, ...state })))
    },

    /** Brings the status and publishedAt copies on a content's category and tag links up to date. */
    async syncLinkState(tenantId: string, contentId: string, state: LinkState): Promise<void> {
      await db
        .update(contentCategories)
        .set(state)
        .where(and(eq(contentCategories.tenantId, tenantId), eq(contentCategories.contentId, contentId)))
      await db
        .update(contentTags)
        .set(state)
        .where(and(eq(contentTags.tenantId, tenantId), eq(contentTags.contentId, contentId)))
    },

    async unlinkTags(tenantId: string, contentId: string): Promise<void> {
      await db
        .delete(contentTags)
        .where(and(eq(contentTags.tenantId, tenantId), eq(contentTags.contentId, contentId)))
    },

    /** Ids of the tenant's tags whose title contains `name` (literally, any case) or whose slug is `name` lowercased. */
    async tagIdsNamed(tenantId: string, name: string): Promise<string[]> {
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(
            eq(tags.tenantId, tenantId),
            or(
              sql`${tags.title} ilike ${containsPattern(name)} escape '\\'`,
              eq(tags.slug, name.toLowerCase()),
            ),
          ),
        )
        .orderBy(tags.id)
      return rows.map((row) => row.id)
    },

    /** Ids of the tenant's categories whose name contains `name` (literally, any case). */
    async categoryIdsNamed(tenantId: string, name: string): Promise<string[]> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.tenantId, tenantId),
            sql`${categories.name} ilike ${containsPattern(name)} escape '\\'`,
          ),
        )
        .orderBy(categories.id)
      return rows.map((row) => row.id)
    },

    async existingCategoryIds(tenantId: string, ids: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, ids)))
      return rows.map((row) => row.id)
    },

    async existingTagIds(tenantId: string, ids: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, ids)))
      return rows.map((row) => row.id)
    },

    async mediaExists(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.tenantId, tenantId), eq(media.id, id)))
      return rows.length > 0
    },
  }
}

export type ContentsRepository = ReturnType<typeof createContentsRepository>
