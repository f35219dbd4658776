import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  categories,
  categoryTranslations,
  contentCategories,
  contents,
  contentTags,
  media,
  tags,
  tagTranslations,
} from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'
import { containsPattern } from '../../lib/like.js'
import { type ContentFilter, paramsOf } from './list-query.js'
import { CONTENTS, createReadStatements, WRITTEN_FIELDS } from './read-statements.js'
import type { Content, ContentStatus } from './schemas.js'

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

/** The stored state a write starts from, read under the row lock. */
export interface LockedContent extends ContentState {
  locale: string
  version: number
  updatedAt: Date
  updatedBy: string | null
  /** The pending draft's version, null when none (docs/decisions/content.md "Drafts of published contents"). */
  draftVersion: number | null
  draftPublishAt: Date | null
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Content queries (docs/architecture.md "Anatomy of a family"): `tenantId` first and in every
 * WHERE; `db` may be a transaction.
 */
export function createContentsRepository(db: Db) {
  const statements = createReadStatements(db)
  return {
    /** One content as an object, its pending draft shown (what writes return). */
    async findById(tenantId: string, id: string): Promise<Content | undefined> {
      const [row] = await db
        .select(WRITTEN_FIELDS)
        .from(CONTENTS)
        .where(sql`c.tenant_id = ${tenantId} and c.id = ${id}`)
      return row as Content | undefined
    },

    /**
     * One content as JSON text with its status (who may read it depends on it), or undefined.
     * `drafts`: whether its `pendingDraft` is shown (else null); the same in the reads below.
     */
    async findJsonById(
      tenantId: string,
      id: string,
      drafts: boolean,
    ): Promise<{ json: string; status: ContentStatus } | undefined> {
      const [row] = await statements.byId().execute({ tenantId, id, drafts })
      return row
    },

    /**
     * One content matching `filter` by slug, as JSON text, or undefined; of several translations
     * holding the slug, the one in `preferred`, else the first by locale.
     */
    async findJsonBySlug(
      tenantId: string,
      slug: string,
      filter: ContentFilter,
      drafts: boolean,
      preferred: string,
    ): Promise<string | undefined> {
      const [row] = await statements
        .bySlug(filter)
        .execute({ ...paramsOf(tenantId, filter), slug, drafts, preferred })
      return row?.json
    },

    /** The JSON array of one list page (`full`: with html and lexical). */
    async listPageJson(
      tenantId: string,
      filter: ContentFilter,
      page: { limit: number; offset: number; full: boolean; drafts: boolean },
    ): Promise<string> {
      const [row] = await statements.list(filter, page.full).execute({
        ...paramsOf(tenantId, filter),
        drafts: page.drafts,
        limit: page.limit,
        offset: page.offset,
      })
      return row?.json ?? '[]'
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

    /** The content of `locale` holding `slug`, or undefined. */
    async findSlugOwner(tenantId: string, slug: string, locale: string) {
      const [row] = await db
        .select({ id: contents.id, title: contents.title, slug: contents.slug, status: contents.status })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.slug, slug), eq(contents.locale, locale)))
      return row
    },

    /** The tenant's content slugs in `locale`, for the slug allocator (lib/slug.ts). */
    slugs(tenantId: string, locale: string) {
      return slugLookup(
        db,
        contents,
        contents.slug,
        and(eq(contents.tenantId, tenantId), eq(contents.locale, locale)),
      )
    },

    /** A content's locale, translation group and status, or undefined. */
    async translationKey(tenantId: string, id: string) {
      const [row] = await db
        .select({
          locale: contents.locale,
          translationGroupId: contents.translationGroupId,
          status: sql<ContentStatus>`${contents.status}`,
        })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
      return row
    },

    /** The translations of group `groupId`, by locale. */
    async translations(tenantId: string, groupId: string) {
      return db
        .select({
          id: contents.id,
          locale: contents.locale,
          title: contents.title,
          slug: contents.slug,
          status: contents.status,
          updatedAt: contents.updatedAt,
        })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.translationGroupId, groupId)))
        .orderBy(contents.locale)
    },

    /** The id of the translation in `locale` of content `id`'s group (`id` itself when it is in `locale`). */
    async translationIn(tenantId: string, id: string, locale: string): Promise<string | undefined> {
      const result = await db.execute(sql`select t.id from contents c
        join contents t on t.tenant_id = c.tenant_id and t.translation_group_id = c.translation_group_id
        where c.tenant_id = ${tenantId} and c.id = ${id} and t.locale = ${locale}`)
      return rowsOf<{ id: string }>(result)[0]?.id
    },

    /**
     * Locks the row for the rest of the transaction so concurrent writes apply the status rules and
     * number their versions in turn.
     */
    async lockState(tenantId: string, id: string): Promise<LockedContent | undefined> {
      const [row] = await db
        .select({
          locale: contents.locale,
          status: contents.status,
          publishAt: contents.publishAt,
          publishedAt: contents.publishedAt,
          version: contents.version,
          updatedAt: contents.updatedAt,
          updatedBy: contents.updatedBy,
          draftVersion: contents.draftVersion,
          draftPublishAt: contents.draftPublishAt,
        })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), eq(contents.id, id)))
        .for('update')
      return row as LockedContent | undefined
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

    /**
     * Moves content links from `sourceId` to `targetId`, skipping contents that already link the
     * target; returns how many contents linked the source.
     */
    async moveCategoryLinks(tenantId: string, sourceId: string, targetId: string): Promise<number> {
      const ofSource = and(
        eq(contentCategories.tenantId, tenantId),
        eq(contentCategories.categoryId, sourceId),
      )
      await db
        .insert(contentCategories)
        .select(
          db
            .select({
              tenantId: contentCategories.tenantId,
              contentId: contentCategories.contentId,
              categoryId: sql<string>`${targetId}::char(24)`.as('category_id'),
              status: contentCategories.status,
              publishedAt: contentCategories.publishedAt,
            })
            .from(contentCategories)
            .where(ofSource),
        )
        .onConflictDoNothing()
      const moved = await db
        .delete(contentCategories)
        .where(ofSource)
        .returning({ contentId: contentCategories.contentId })
      return moved.length
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

    /**
     * Ids of the tenant's tags whose title, in any locale, contains `name` (literally, any case) or
     * whose slug, in any locale, is `name` lowercased: a visitor filters by the name they read.
     */
    async tagIdsNamed(tenantId: string, name: string): Promise<string[]> {
      const pattern = containsPattern(name)
      const slug = name.toLowerCase()
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(
            eq(tags.tenantId, tenantId),
            or(
              sql`${tags.title} ilike ${pattern} escape '\\'`,
              eq(tags.slug, slug),
              sql`exists (select 1 from ${tagTranslations} tr where tr.tenant_id = ${tags.tenantId}
                and tr.tag_id = ${tags.id} and (tr.title ilike ${pattern} escape '\\' or tr.slug = ${slug}))`,
            ),
          ),
        )
        .orderBy(tags.id)
      return rows.map((row) => row.id)
    },

    /** Ids of the tenant's categories whose name, in any locale, contains `name` (literally, any case). */
    async categoryIdsNamed(tenantId: string, name: string): Promise<string[]> {
      const pattern = containsPattern(name)
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.tenantId, tenantId),
            or(
              sql`${categories.name} ilike ${pattern} escape '\\'`,
              sql`exists (select 1 from ${categoryTranslations} tr where tr.tenant_id = ${categories.tenantId}
                and tr.category_id = ${categories.id} and tr.name ilike ${pattern} escape '\\')`,
            ),
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

    async existingContentIds(tenantId: string, ids: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), inArray(contents.id, ids)))
      return rows.map((row) => row.id)
    },

    /**
     * The distinct types of the tenant's contents (of `statuses` when given), A→Z: one index probe
     * per type on `(tenant_id, type, …)`, whatever the number of contents.
     */
    async types(tenantId: string, statuses: ContentStatus[] | undefined): Promise<string[]> {
      const status =
        statuses === undefined
          ? sql``
          : sql` and c.status in (${sql.join(
              statuses.map((value) => sql`${value}`),
              sql`, `,
            )})`
      const result = await db.execute(sql`with recursive t(type) as (
          (select c.type from contents c where c.tenant_id = ${tenantId}${status} order by c.type limit 1)
          union all
          select (select c.type from contents c
            where c.tenant_id = ${tenantId} and c.type > t.type${status} order by c.type limit 1)
          from t where t.type is not null)
        select type from t where type is not null`)
      return rowsOf<{ type: string }>(result).map((row) => row.type)
    },

    /**
     * Every content of `type` (of `statuses` and in `locale` when given) as a tree row, by order,
     * title, id.
     */
    async treeRows(
      tenantId: string,
      type: string,
      statuses: ContentStatus[] | undefined,
      locale: string | undefined,
    ) {
      return db
        .select({
          id: contents.id,
          slug: contents.slug,
          title: contents.title,
          status: contents.status,
          order: contents.order,
          parentId: contents.parentId,
        })
        .from(contents)
        .where(
          and(
            eq(contents.tenantId, tenantId),
            eq(contents.type, type),
            statuses === undefined ? undefined : inArray(contents.status, statuses),
            locale === undefined ? undefined : eq(contents.locale, locale),
          ),
        )
        .orderBy(contents.order, contents.title, contents.id)
    },

    /**
     * Serializes page-tree changes within a tenant until the transaction ends, so two concurrent
     * moves cannot build a cycle that each check alone would have refused.
     */
    async lockTree(tenantId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`folio:contents-tree:${tenantId}`}))`)
    },

    /**
     * `id` and its ancestors, nearest first (empty when `id` is not a content of the tenant). The walk
     * stops past `limit` steps, enough to tell a tree too deep.
     */
    async ancestry(tenantId: string, id: string, limit: number): Promise<string[]> {
      const result = await db.execute(sql`with recursive up(id, parent_id, depth) as (
          select c.id, c.parent_id, 1 from contents c where c.tenant_id = ${tenantId} and c.id = ${id}
          union all
          select c.id, c.parent_id, up.depth + 1 from up
            join contents c on c.tenant_id = ${tenantId} and c.id = up.parent_id
          where up.depth <= ${limit})
        select id from up order by depth`)
      return rowsOf<{ id: string }>(result).map((row) => row.id)
    },

    /** Levels of `id`'s subtree, itself included (1: no children); the walk stops past `limit`. */
    async subtreeHeight(tenantId: string, id: string, limit: number): Promise<number> {
      const result = await db.execute(sql`with recursive down(id, depth) as (
          select ${id}::char(24), 1
          union all
          select c.id, down.depth + 1 from down
            join contents c on c.tenant_id = ${tenantId} and c.parent_id = down.id
          where down.depth <= ${limit})
        select max(depth)::int as height from down`)
      return rowsOf<{ height: number }>(result)[0]?.height ?? 1
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
