import type { PublicContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { pageOf, paginate } from '../../lib/paging.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { CollectionDefinitionsCache } from './definitions-cache.js'
import { toPublicEntry } from './entry-view.js'
import { filterToWhere, sortToOrders } from './query/list-params.js'
import type { PublicListQuery, QueryRunBody } from './query-schemas.js'
import type { EntryReader } from './reader.js'
import { type CollectionRow, createCollectionsRepository } from './repository.js'
import type { PublicEntry } from './schemas.js'
import { storageChain } from './translations.js'

const PUBLISHED = ['published']

/**
 * Public delivery of typed collections (docs/decisions/delivery.md "Public queries are bounded"):
 * published entries of active collections only, for the tenant of the public context. Definitions
 * come from the definitions cache and list totals from the reader's; the answers themselves are
 * kept by the delivery cache (docs/decisions/delivery.md "The delivery cache"), and every read runs
 * under the statement timeout. Localized fields are shown, filtered, sorted and searched in the
 * reader's locale (`context.localeChain`; docs/decisions/content.md "Localized fields"), and every
 * answer names it (`locale`).
 */
export function createPublicCollectionsService(deps: {
  db: Db
  definitions: CollectionDefinitionsCache
  reader: EntryReader
  /** The tenant's default locale, whose values are the entries' own. */
  settings: TenantSettingsReader
}) {
  const repository = createCollectionsRepository(deps.db)

  async function active(context: PublicContext, key: string): Promise<CollectionRow> {
    const collection = await deps.definitions.find(context.tenantId, key)
    if (collection === undefined || collection.status !== 'active') throw errors.notFound('Collection')
    return collection
  }

  /** The reader's storage chain (`storageChain`). */
  async function chainOf(context: PublicContext): Promise<string[]> {
    const { locales } = await deps.settings.get(context.tenantId)
    return storageChain(context.localeChain, locales.default)
  }

  return {
    /** `GET /api/public/collections/{key}`. */
    async list(context: PublicContext, key: string, query: PublicListQuery) {
      const collection = await active(context, key)
      const { where, paths } = filterToWhere(query.filter)
      const { page, limit } = pageOf(query)
      const result = await deps.reader.read(
        context.tenantId,
        collection,
        { where, orderBy: sortToOrders(query.sort), limit, page },
        {
          statuses: PUBLISHED,
          defaultLimit: 20,
          search: query.q,
          wherePaths: paths,
          chain: await chainOf(context),
        },
      )
      return {
        entries: result.items as PublicEntry[],
        pagination: paginate(page, limit, result.total),
        locale: context.locale,
      }
    },

    /** `GET /api/public/collections/{key}/{slug}`: 404 unless published. */
    async bySlug(context: PublicContext, key: string, slug: string) {
      const collection = await active(context, key)
      const row = await repository.findEntryBySlug(context.tenantId, collection.id, slug, 'published')
      if (row === undefined) throw errors.notFound('Entry')
      return { entry: toPublicEntry(row, collection, await chainOf(context)), locale: context.locale }
    },

    /** `POST /api/public/queries/run`: the query DSL over published entries. */
    async run(context: PublicContext, body: QueryRunBody) {
      const collection = await active(context, body.collection)
      const { collection: _key, ...input } = body
      const result = await deps.reader.read(context.tenantId, collection, input, {
        statuses: PUBLISHED,
        defaultLimit: 50,
        chain: await chainOf(context),
      })
      return {
        items: result.items,
        pagination: {
          ...paginate(Math.floor(result.offset / result.limit) + 1, result.limit, result.total),
          offset: result.offset,
        },
        locale: context.locale,
      }
    },
  }
}

export type PublicCollectionsService = ReturnType<typeof createPublicCollectionsService>
