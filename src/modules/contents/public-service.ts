import type { PublicContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import type { ListTotals } from '../../events/list-totals.js'
import { pageOf, paginate } from '../../lib/paging.js'
import type { CustomFieldDefinitions } from '../custom-fields/index.js'
import { createDefinitionsRepository } from '../custom-fields/index.js'
import { type ContentFilter, listFilterOf, matchesNothing, paramsOf } from './list-query.js'
import { createPreviewStatements } from './preview-statements.js'
import type { PublicListFilter, PublicSlugFilter, TreeNode } from './public-schemas.js'
import { createPublicStatements, type PublicShape, type TreeRow, termLocalesOf } from './public-statements.js'
import { createContentsRepository } from './repository.js'
import { namedIdsLookup } from './service-reads.js'
import type { TaxonomyIds } from './taxonomy-ids.js'

const PUBLISHED: ContentFilter = { statuses: ['published'] }

/** The reader's chain without the default locale: the locales a term's translations are looked for in. */
const termChainOf = (context: PublicContext): string[] =>
  context.localeChain.filter((locale) => locale !== context.defaultLocale)

/**
 * What a reader's locale chain keeps (docs/decisions/localization.md "Contents are translated as
 * documents"): one locale is a plain `locale =` filter on the (tenant, locale, status, …) index;
 * more keep each group's best published translation.
 */
function chainFilter(chain: readonly string[]): ContentFilter {
  return chain.length === 1 ? { locale: chain[0] as string } : { localeChain: [...chain] }
}

/**
 * Public delivery of contents (docs/decisions/delivery.md "Public contents"): published contents
 * only, for the tenant of the public context, rendered as JSON text by PostgreSQL in one statement
 * per page (taxonomy, featured media and galleries as subqueries, no lookups per row). Only the custom
 * fields a definition marked public names are served, and `search` looks into no others.
 */
export function createPublicContentsService(deps: {
  db: Db
  listTotals?: ListTotals | undefined
  taxonomyIds?: TaxonomyIds | undefined
  customFields?: CustomFieldDefinitions | undefined
}) {
  const repository = createContentsRepository(deps.db)
  const statements = createPublicStatements(deps.db)
  const previews = createPreviewStatements(deps.db)
  const definitionsRepository = createDefinitionsRepository(deps.db)
  const namedIdsOf = namedIdsLookup(repository, deps.taxonomyIds)

  /** The keys of the tenant's public custom field definitions, and the searchable ones among them. */
  async function fieldsOf(tenantId: string) {
    const definitions = await (deps.customFields?.get(tenantId) ?? definitionsRepository.list(tenantId))
    return {
      publicKeys: definitions.filter((definition) => definition.public).map((d) => d.key),
      searchKeys: definitions.filter((d) => d.public && d.searchable).map((d) => d.key),
    }
  }
  const shapeOf = (
    query: { view?: string; include?: string },
    termChain: readonly string[],
  ): PublicShape => ({
    full: query.view !== 'summary',
    galleries: query.include === 'galleries',
    terms: termLocalesOf(termChain),
  })
  const countOf = (tenantId: string, filter: ContentFilter): Promise<number> =>
    deps.listTotals === undefined
      ? repository.count(tenantId, filter)
      : deps.listTotals.get(tenantId, JSON.stringify(filter), () => repository.count(tenantId, filter))

  return {
    /** `GET /api/public/contents`: the JSON text of a `PublicContentPage`. */
    async listJson(context: PublicContext, query: PublicListFilter): Promise<string> {
      const { tenantId, localeChain } = context
      const termChain = termChainOf(context)
      // `locale` and `fallback` reached the context through the public-route plugin's negotiation.
      const {
        page: _page,
        limit: _limit,
        locale: _locale,
        fallback: _fallback,
        sort = 'publishedAt',
        view,
        include,
        ...filters
      } = query
      const { page, limit, offset } = pageOf(query)
      const [{ publicKeys, searchKeys }, named] = await Promise.all([
        fieldsOf(tenantId),
        filters.tagName === undefined && filters.categoryName === undefined
          ? {}
          : namedIdsOf(tenantId, filters),
      ])
      if (matchesNothing(named)) return pageJson('[]', paginate(page, limit, 0))
      const filter: ContentFilter = {
        ...listFilterOf(filters, named),
        ...(filters.search === undefined || searchKeys.length === 0 ? {} : { searchKeys }),
        ...PUBLISHED,
        ...chainFilter(localeChain),
      }
      const [rows, total] = await Promise.all([
        statements.list(filter, shapeOf({ view, include }, termChain), sort).execute({
          ...paramsOf(tenantId, filter),
          publicKeys,
          chain: localeChain,
          termChain,
          limit,
          offset,
        }),
        countOf(tenantId, filter),
      ])
      return pageJson(rows[0]?.json ?? '[]', paginate(page, limit, total))
    },

    /**
     * `GET /api/public/contents/slug/{slug}`: the JSON text of a `PublicContentBody`, and the content's id. The slug is
     * looked for in the reader's chain first; a slug of a translation in another locale answers
     * that translation (its own `locale` and `alternates`), so the site can redirect to the
     * reader's (docs/decisions/localization.md "Contents are translated as documents"). With a
     * draft preview (`context.preview`), the draft of the token's translation group whose draft or
     * live slug it is (docs/decisions/preview.md "What a token reads").
     * @throws NotFound unless a published content of the tenant has the slug; PreviewTokenInvalid
     *   for a preview when no translation of the token's group has it.
     */
    async bySlugJson(
      context: PublicContext,
      slug: string,
      query: PublicSlugFilter,
    ): Promise<{ json: string; id: string }> {
      const { tenantId, localeChain } = context
      const termChain = termChainOf(context)
      const { publicKeys } = await fieldsOf(tenantId)
      if (context.preview !== undefined) {
        const groupId = context.preview.translationGroupId
        const [draft] = await previews
          .bySlug(shapeOf(query, termChain))
          .execute({ tenantId, groupId, slug, publicKeys, chain: localeChain, termChain })
        if (draft === undefined) throw errors.previewTokenInvalid('contents.previewTokenElsewhere')
        return { json: `{"content":${draft.json}}`, id: draft.id }
      }
      const [row] = await statements
        .bySlug(PUBLISHED, shapeOf(query, termChain))
        .execute({ ...paramsOf(tenantId, PUBLISHED), slug, publicKeys, chain: localeChain, termChain })
      if (row === undefined) throw errors.notFound('Content')
      return { json: `{"content":${row.json}}`, id: row.id }
    },

    /**
     * `GET /api/public/contents/tree`: the published contents of `type` nested by parent, each level
     * by order then title, each document once in the best locale of the reader's chain. A content
     * whose parent is not served (unpublished in the chain, or of another type) is left out with its
     * descendants, as menus leave out items of unpublished contents.
     */
    async tree(context: PublicContext, type: string): Promise<{ type: string; tree: TreeNode[] }> {
      const filter: ContentFilter = { ...PUBLISHED, type, ...chainFilter(context.localeChain) }
      const rows = await statements.tree(filter).execute(paramsOf(context.tenantId, filter))
      return { type, tree: treeOf(rows) }
    },
  }
}

export type PublicContentsService = ReturnType<typeof createPublicContentsService>

/**
 * Rows (sorted by order, title; one per translation group) → roots with their children in the same
 * order; orphans dropped. A child hangs under its parent's group, whichever translation of it is
 * served: a page translated before its parent names the parent's source, which stays its parent
 * once the parent is translated too.
 */
export function treeOf(rows: readonly TreeRow[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>()
  for (const row of rows) {
    const { id, locale, slug, title, order } = row
    nodes.set(row.groupId, { id, locale, slug, title, order, children: [] })
  }
  const roots: TreeNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.groupId) as TreeNode
    if (row.parentGroupId === null) roots.push(node)
    else nodes.get(row.parentGroupId)?.children.push(node)
  }
  return roots
}

/** A list page's JSON text from its items' JSON array. */
function pageJson(contents: string, pagination: ReturnType<typeof paginate>): string {
  return `{"contents":${contents},"pagination":${JSON.stringify(pagination)}}`
}
