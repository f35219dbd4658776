import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { surrogateKeys } from '../../http/http-cache.js'
import { publicContext } from '../../http/public.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import {
  PublicCategoriesQuery,
  PublicCategoryBody,
  PublicCategoryPage,
  PublicCategoryQuery,
  PublicCategorySlugParams,
} from './schemas.js'
import type { CategoriesService } from './service.js'

const tags = ['public']
const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.'
const LOCALIZED =
  'In the reader’s locale (`locale`, else Accept-Language, else the tenant’s default): each of name, slug and description from the first locale of its fallback chain that has it, `locale` the one the name came from, `alternates` the category’s own slugs in the other locales. With `fallback=false` only categories that have the asked locale itself, a member it has no value for being null. 400 for a locale that is not the tenant’s.'

/**
 * The surrogate keys of a category answer: every category read of the tenant. A list, a tree or a
 * slug read cannot name the categories a change adds or moves, so a `category.*` event purges
 * `categories:<tenantId>` (docs/decisions/delivery.md "Surrogate keys and purging a CDN").
 */
const categoryKeys = (tenantId: string, id?: string) => [
  ...(id === undefined ? [] : [`category:${id}`]),
  `categories:${tenantId}`,
]

/** An answer shows categories only (the delivery cache). */
const CACHED: DeliveryCaching = { dependsOn: ['category'] }

/** `GET /api/public/categories…`: the tenant's categories in the reader's locale (the public-route plugin). */
export function categoriesPublicRoutes(service: CategoriesService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/categories',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'listPublicCategories',
          summary: 'List categories as a tree (default) or a flat list, in the reader’s locale',
          description: `By position, then the default locale’s name; \`limit\` pages over flat rows or tree roots. ${LOCALIZED} ${EDGE}`,
          querystring: PublicCategoriesQuery,
          response: { 200: PublicCategoryPage, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        surrogateKeys(reply, categoryKeys(context.tenantId))
        return service.publicList(context, request.query)
      },
    )

    app.get(
      '/categories/slug/:slug',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicCategoryBySlug',
          summary: 'Get a category by its slug in any locale, answered in the reader’s locale',
          description: `The slug is looked for in the reader’s locale chain first, then in the tenant’s other locales; the answer is in the reader’s locale, so its \`slug\` differs from the one asked when the site should redirect. ${LOCALIZED} ${EDGE} 404 when no category has the slug.`,
          params: PublicCategorySlugParams,
          querystring: PublicCategoryQuery,
          response: { 200: PublicCategoryBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const category = await service.publicBySlug(context, request.params.slug)
        surrogateKeys(reply, categoryKeys(context.tenantId, category.id))
        return { category }
      },
    )

    app.get(
      '/categories/:id',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicCategory',
          summary: 'Get a category in the reader’s locale',
          description: `${LOCALIZED} ${EDGE} 404 when the tenant has no such category.`,
          params: IdParams,
          querystring: PublicCategoryQuery,
          response: { 200: PublicCategoryBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const category = await service.publicGet(context, request.params.id)
        surrogateKeys(reply, categoryKeys(context.tenantId, category.id))
        return { category }
      },
    )
  }
}
