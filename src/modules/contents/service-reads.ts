import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import type { ListTotals } from '../../events/list-totals.js'
import { expectation, phrase } from '../../i18n/index.js'
import { canonicalLocale, DEFAULT_LOCALE, LOCALE_EXPECT } from '../../lib/locale.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { nextFreeSlug, requiredSlug } from '../../lib/slug.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import { createDefinitionsRepository, customFieldFilterOf } from '../custom-fields/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import {
  type ContentFilter,
  listFilterOf,
  matchesNothing,
  type NamedIds,
  publishedRange,
} from './list-query.js'
import { type ContentsRepository, createContentsRepository } from './repository.js'
import type {
  ArchiveStats,
  BySlugFilter,
  ContentStatus,
  ContentTreeNode,
  ListContentsFilter,
  SlugCheck,
  Translation,
} from './schemas.js'
import type { TaxonomyIds, TaxonomyKind } from './taxonomy-ids.js'

/** What an API token's `preview` scope grants: reading drafts, scheduled and archived content. */
const PREVIEW_PERMISSION = 'content:preview'

/**
 * Content reads (API contract: `/api/contents`): lists, by id, by slug, slug checks and archive
 * counts. Lists and single reads answer JSON text rendered by PostgreSQL (read-statements.ts).
 */
export function createContentReads(deps: {
  db: Db
  listTotals?: ListTotals | undefined
  taxonomyIds?: TaxonomyIds | undefined
  customFields?: CustomFieldDefinitions | undefined
  /** The tenant's default locale (absent: `en`). */
  settings?: TenantSettingsReader | undefined
}) {
  const { listTotals, taxonomyIds, customFields, settings } = deps
  const defaultLocaleOf = async (tenantId: string) =>
    settings === undefined ? DEFAULT_LOCALE : (await settings.get(tenantId)).locales.default
  const repository = createContentsRepository(deps.db)
  const definitionsRepository = createDefinitionsRepository(deps.db)
  const namedIdsOf = namedIdsLookup(repository, taxonomyIds)
  const countOf = (tenantId: string, filter: ContentFilter): Promise<number> =>
    listTotals === undefined
      ? repository.count(tenantId, filter)
      : listTotals.get(tenantId, JSON.stringify(filter), () => repository.count(tenantId, filter))
  /**
   * `customFields.<key>=<value>` members of the query as one containment document (JSON text), and
   * the searchable keys a `search` also looks in.
   */
  const customFilterOf = async (tenantId: string, query: ListContentsFilter) => {
    const requested = Object.entries(query).filter(([name]) => name.startsWith('customFields.'))
    if (requested.length === 0 && query.search === undefined) return {}
    const definitions = await (customFields?.get(tenantId) ?? definitionsRepository.list(tenantId))
    const searchKeys = definitions.filter((definition) => definition.searchable).map((d) => d.key)
    return {
      ...(requested.length === 0
        ? {}
        : { customFields: JSON.stringify(customFieldFilterOf(definitions, requested)) }),
      ...(query.search === undefined || searchKeys.length === 0 ? {} : { searchKeys }),
    }
  }

  return {
    /**
     * One page, newest publishedAt first (unpublished last), with the filter's total: the JSON text
     * of a `ContentPage` (PostgreSQL renders the items; see read-statements.ts).
     * @throws ValidationFailed for a `customFields.<key>` filter on an unknown or non-filterable key.
     */
    async listJson(context: TenantContext, query: ListContentsFilter): Promise<string> {
      const { tenantId } = context
      const { page, limit, offset } = pageOf(query)
      const custom = await customFilterOf(tenantId, query)
      const statuses = visibleStatuses(context, query.status === undefined ? undefined : [query.status])
      if (statuses?.length === 0) return pageJson('[]', paginate(page, limit, 0))
      const named =
        query.tagName === undefined && query.categoryName === undefined
          ? {}
          : await namedIdsOf(tenantId, query)
      if (matchesNothing(named)) return pageJson('[]', paginate(page, limit, 0))
      const filter: ContentFilter = {
        ...listFilterOf(query, named),
        ...custom,
        ...(statuses === undefined ? {} : { statuses }),
        ...(query.locale === undefined ? {} : { locale: queryLocale(query.locale, 'locale') }),
        ...(query.missingLocale === undefined
          ? {}
          : { missingLocale: queryLocale(query.missingLocale, 'missingLocale') }),
      }
      const [contents, total] = await Promise.all([
        repository.listPageJson(tenantId, filter, {
          limit,
          offset: offset,
          full: query.view !== 'summary',
          drafts: seesUnpublished(context),
        }),
        countOf(tenantId, filter),
      ])
      return pageJson(contents, paginate(page, limit, total))
    },

    /** The JSON text of a `ContentBody`. @throws NotFound for a missing id or another tenant's. */
    async getJson(context: TenantContext, id: string): Promise<string> {
      const found = await repository.findJsonById(context.tenantId, id, seesUnpublished(context))
      if (found !== undefined && visibleStatuses(context, [found.status])?.length === 0) {
        throw errors.notFound('Content')
      }
      return bodyJson(found?.json)
    },

    /**
     * The JSON text of a `ContentBody`: the content of `query.locale` holding the slug, or without
     * it the one in the tenant's default locale, else the first by locale (slugs are unique per locale).
     * @throws NotFound when no content has the slug, or it fails the status/date/locale filter.
     */
    async getBySlugJson(context: TenantContext, slug: string, query: BySlugFilter): Promise<string> {
      const { tenantId } = context
      const requested = query.status === undefined ? undefined : (query.status.split(',') as ContentStatus[])
      const visible = visibleStatuses(context, requested)
      if (visible?.length === 0) throw errors.notFound('Content')
      const statuses = visible === undefined ? {} : { statuses: visible }
      const locale = query.locale === undefined ? undefined : queryLocale(query.locale, 'locale')
      const filter: ContentFilter = {
        ...statuses,
        ...publishedRange(query.publishedFrom, query.publishedTo),
        ...(locale === undefined ? {} : { locale }),
      }
      const preferred = locale ?? (await defaultLocaleOf(tenantId))
      return bodyJson(
        await repository.findJsonBySlug(tenantId, slug, filter, seesUnpublished(context), preferred),
      )
    },

    /**
     * Whether `slug` (normalized) is free in the locale (`query.locale`, else `contentId`'s, else the
     * tenant's default), ignoring `contentId`'s own slug; else the next free one there, and the
     * content holding it when the reader may see that content (`visibleStatuses`).
     */
    async checkSlug(
      context: TenantContext,
      query: { slug: string; contentId?: string; locale?: string },
    ): Promise<SlugCheck> {
      const { tenantId } = context
      const slug = requiredSlug(query.slug, 'slug')
      const ofContent =
        query.contentId === undefined ? undefined : await repository.translationKey(tenantId, query.contentId)
      const locale =
        query.locale === undefined
          ? (ofContent?.locale ?? (await defaultLocaleOf(tenantId)))
          : queryLocale(query.locale, 'locale')
      const owner = await repository.findSlugOwner(tenantId, slug, locale)
      if (owner === undefined || owner.id === query.contentId) return { available: true, slug }
      const taken = {
        available: false,
        slug,
        suggestion: await nextFreeSlug(repository.slugs(tenantId, locale), slug),
      }
      // A reader that may not see the owner learns only that the slug is taken, not its title.
      if (visibleStatuses(context, [owner.status])?.length === 0) return taken
      return { ...taken, existingContent: { id: owner.id, title: owner.title, slug: owner.slug } }
    },

    /** The types the tenant's contents have, A→Z, among the contents the reader may see. */
    async types(context: TenantContext): Promise<{ types: string[] }> {
      const statuses = visibleStatuses<ContentStatus>(context, undefined)
      if (statuses?.length === 0) return { types: [] }
      return { types: await repository.types(context.tenantId, statuses) }
    },

    /**
     * Every content of `type` the reader may see, nested by parent, each level by order then title
     * (docs/decisions/content.md "Types and page trees"). A content whose parent is not in the
     * answer (of another type, or unreadable) is a root: Studio arranges every page it can read.
     */
    async tree(
      context: TenantContext,
      type: string,
      locale?: string,
    ): Promise<{ type: string; tree: ContentTreeNode[] }> {
      const statuses = visibleStatuses<ContentStatus>(context, undefined)
      if (statuses?.length === 0) return { type, tree: [] }
      const only = locale === undefined ? undefined : queryLocale(locale, 'locale')
      const rows = await repository.treeRows(context.tenantId, type, statuses, only)
      return { type, tree: nestedTree(rows) }
    },

    /**
     * The translations of content `id`'s document that the reader may see, itself included, by
     * locale (docs/decisions/localization.md "Contents are translated as documents").
     * @throws NotFound for a missing id, another tenant's, or a content the reader may not see.
     */
    async translations(context: TenantContext, id: string): Promise<{ translations: Translation[] }> {
      const key = await repository.translationKey(context.tenantId, id)
      if (key === undefined || visibleStatuses(context, [key.status])?.length === 0) {
        throw errors.notFound('Content')
      }
      const rows = await repository.translations(context.tenantId, key.translationGroupId)
      const translations = rows
        .filter((row) => visibleStatuses(context, [row.status as ContentStatus])?.length !== 0)
        .map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }))
      return { translations }
    },

    /** Counts per UTC month of publishedAt for one status; `total` sums the months. */
    async archiveStatistics(context: TenantContext, status: ContentStatus): Promise<ArchiveStats> {
      if (visibleStatuses(context, [status])?.length === 0) return { total: 0, archives: [] }
      const archives = await repository.archiveMonths(context.tenantId, status)
      return { total: archives.reduce((sum, month) => sum + month.count, 0), archives }
    },
  }
}

/**
 * `(tenantId, query)` → the ids the query's `tagName` and `categoryName` match (each undefined when
 * absent), both looked up at once, through the `taxonomyIds` cache when given.
 */
export function namedIdsLookup(repository: ContentsRepository, taxonomyIds: TaxonomyIds | undefined) {
  const idsNamed = (tenantId: string, kind: TaxonomyKind, name: string) => {
    const resolve = () =>
      kind === 'tag' ? repository.tagIdsNamed(tenantId, name) : repository.categoryIdsNamed(tenantId, name)
    return taxonomyIds === undefined ? resolve() : taxonomyIds.get(tenantId, kind, name, resolve)
  }
  return async (tenantId: string, query: { tagName?: string; categoryName?: string }): Promise<NamedIds> => {
    const [tagIds, categoryIds] = await Promise.all([
      query.tagName === undefined ? undefined : idsNamed(tenantId, 'tag', query.tagName),
      query.categoryName === undefined ? undefined : idsNamed(tenantId, 'category', query.categoryName),
    ])
    return { tagIds, categoryIds }
  }
}

/**
 * The statuses a reader may see of `requested` (undefined: any), for contents and collection
 * entries alike. API tokens read published items only unless they carry the `preview` scope
 * (docs/decisions/content.md "Who sees what"); users see what their role's view permission allows.
 * An empty list means nothing.
 */
export function visibleStatuses<S extends string>(
  context: TenantContext,
  requested: S[] | undefined,
): S[] | undefined {
  if (seesUnpublished(context)) return requested
  return (requested ?? ['published' as S]).filter((status) => status === 'published')
}

/** Rows in sibling order → roots with their children in the same order; a missing parent makes a root. */
export function nestedTree(rows: readonly Omit<ContentTreeNode, 'children'>[]): ContentTreeNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as ContentTreeNode[] }]))
  const roots: ContentTreeNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    if (parent === undefined) roots.push(node)
    else parent.children.push(node)
  }
  return roots
}

/**
 * Whether the reader sees unpublished text: drafts, scheduled and archived items, and published
 * contents' pending drafts (docs/decisions/content.md "Who sees what"). Users do; API tokens only
 * with the `preview` scope.
 */
export function seesUnpublished(context: TenantContext): boolean {
  return context.actor.kind !== 'apiToken' || context.permissions.has(PREVIEW_PERMISSION)
}

/**
 * A locale of a list or lookup filter, canonical (`DE-at` → `de-AT`). Not checked against the
 * tenant's locales: a locale the tenant lacks has no contents, so the filter matches none.
 * @throws ValidationFailed naming the query member when it is not a language tag.
 */
function queryLocale(value: string, member: string): string {
  const locale = canonicalLocale(value)
  if (locale !== undefined) return locale
  const problem = phrase('locales.requestedNotATag', {
    expected: expectation(LOCALE_EXPECT),
    tag: value.slice(0, 40),
  })
  throw errors.validation(phrase('locales.queryParameter', { member, problem }), [
    { path: `querystring/${member}`, message: problem },
  ])
}

/** `{ "content": … }` around a content's JSON text. @throws NotFound when there is none. */
function bodyJson(content: string | undefined): string {
  if (content === undefined) throw errors.notFound('Content')
  return `{"content":${content}}`
}

/** A list page's JSON text from its items' JSON array. */
function pageJson(contents: string, pagination: ReturnType<typeof paginate>): string {
  return `{"contents":${contents},"pagination":${JSON.stringify(pagination)}}`
}
