import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { surrogateKeys } from '../../http/http-cache.js'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import type { PublicCollectionsService } from './public-service.js'
import {
  PublicEntryQuery,
  PublicKeyParams,
  PublicListQuery,
  PublicSlugParams,
  QueryRunBody,
  QueryRunResult,
} from './query-schemas.js'
import { PublicEntryBody, PublicEntryPage } from './schemas.js'

const tags = ['public']
const EDGE = 'Tenant from X-Tenant-ID; the tenant’s edge policy applies (publicReadEnabled, allowedOrigins).'
const LOCALIZED =
  'Localized fields are answered in `locale` (or the negotiated Accept-Language), each from the first locale of its fallback chain that has a value (`fallback=false`: that locale only, else left out); the answer names the locale (`locale`, Content-Language). 400 when `locale` is not one of the tenant’s.'

/**
 * The surrogate key of every answer of a collection (docs/decisions/delivery.md "HTTP caching"):
 * keys are unique within their tenant only, and entry events carry the key (`collectionKey`), so
 * a purge needs no lookup. Lists add `collection-list:<tenantId>:<key>` (an entry change may add
 * the entry to a list or move it) and every answer `entry:<id>` of the entries it holds.
 */
const collectionKey = (tenantId: string, key: string) => `collection:${tenantId}:${key}`

/**
 * What a public collection answer depends on, for the delivery cache (docs/decisions/delivery.md
 * "The delivery cache"): the collection, its entries (refs resolve to entries of other
 * collections) and the tenant's media.
 */
const CACHED: DeliveryCaching = { dependsOn: ['collection', 'collection-entry', 'media'] }

/**
 * The public delivery routes of typed collections, registered in the `routes` list of the public
 * API plugin (`/api/public`): published entries of active collections only.
 */
export function publicCollectionsRoutes(service: PublicCollectionsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/collections/:key',
      {
        config: { auth: 'public', deliveryCache: CACHED, localized: true },
        schema: {
          tags,
          operationId: 'listPublicCollectionEntries',
          summary: 'List the published entries of a collection',
          description: `Published entries of an active collection, \`page\` and \`limit\` (1..200, default 20), \`q\` (literal text in the slug and string fields), \`sort\` and \`filter\` (a JSON object; see the parameters). Filters and sorts apply to declared fields only; on a localized field they read its value in the reader’s locale, and \`q\` looks in the values of the locale’s chain. ${LOCALIZED} ${EDGE} 400 names the offending parameter (\`/filter/<field>/<op>\`, \`/sort\`) or is QueryTimeout when the read runs past the statement timeout; 404 when the collection is missing or archived.`,
          params: PublicKeyParams,
          querystring: PublicListQuery,
          response: { 200: PublicEntryPage, ...errorResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const page = await service.list(context, request.params.key, request.query)
        surrogateKeys(reply, [
          collectionKey(context.tenantId, request.params.key),
          `collection-list:${context.tenantId}:${request.params.key}`,
          ...page.entries.map((entry) => `entry:${entry.id}`),
        ])
        return page
      },
    )

    app.get(
      '/collections/:key/:slug',
      {
        config: { auth: 'public', deliveryCache: CACHED, localized: true },
        schema: {
          tags,
          operationId: 'getPublicCollectionEntry',
          summary: 'Get a published entry by slug',
          description: `One published entry of an active collection. ${LOCALIZED} ${EDGE} 404 when the collection or a published entry of that slug is missing.`,
          params: PublicSlugParams,
          querystring: PublicEntryQuery,
          response: { 200: PublicEntryBody, ...errorResponses(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const answer = await service.bySlug(context, request.params.key, request.params.slug)
        surrogateKeys(reply, [
          collectionKey(context.tenantId, request.params.key),
          `entry:${answer.entry.id}`,
        ])
        return answer
      },
    )

    app.post(
      '/queries/run',
      {
        config: { auth: 'public', deliveryCache: CACHED, localized: true },
        schema: {
          tags,
          operationId: 'runPublicQuery',
          summary: 'Run a query over the published entries of a collection',
          description: `The public query DSL: \`collection\`, \`select\` (≤ 50 paths), \`where\` (≤ 20 [field, op, value]; = != IN NIN > >= < <= LIKE), \`orderBy\` (≤ 3), \`limit\` (1..200, default 50), \`offset\` (≤ 10,000) or \`page\`, \`includeRelations\` (refs, media). Only published entries are searched; refs resolve only to published entries and media only to the tenant’s active media. Field keys are checked against the collection’s definition and reach the database as bound values only. Every query runs under a statement timeout. Conditions and orders on a localized field read its value in the reader’s locale. ${LOCALIZED} ${EDGE} 400 names the offending part in \`details[0].path\` (e.g. \`/where/2/1\`), or is QueryTimeout; 404 when the collection is missing or archived.`,
          querystring: PublicEntryQuery,
          body: QueryRunBody,
          response: { 200: QueryRunResult, ...errorResponses(400, 403, 404) },
        },
      },
      (request) => service.run(publicContext(request), request.body),
    )
  }
}
