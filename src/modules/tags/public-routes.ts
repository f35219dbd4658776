import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { surrogateKeys } from '../../http/http-cache.js'
import { publicContext } from '../../http/public.js'
import { errorResponses, IdParams } from '../../http/schemas.js'
import {
  PublicTagBody,
  PublicTagPage,
  PublicTagQuery,
  PublicTagSlugParams,
  PublicTagsQuery,
} from './schemas.js'
import type { TagsService } from './service.js'

const tags = ['public']
const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.'
const LOCALIZED =
  'In the reader’s locale (`locale`, else Accept-Language, else the tenant’s default): title and slug each from the first locale of its fallback chain that has it, `locale` the one the title came from, `alternates` the tag’s own slugs in the other locales. With `fallback=false` only tags that have the asked locale itself, a member it has no value for being null. 400 for a locale that is not the tenant’s.'

/**
 * The surrogate keys of a tag answer: every tag read of the tenant, which a `tag.*` event purges
 * (a page or a slug read cannot name the tags a change adds or moves; docs/decisions/delivery.md
 * "Surrogate keys and purging a CDN").
 */
const tagKeys = (tenantId: string, id?: string) => [
  ...(id === undefined ? [] : [`tag:${id}`]),
  `tags:${tenantId}`,
]

/** An answer shows tags only (the delivery cache). */
const CACHED: DeliveryCaching = { dependsOn: ['tag'] }

/** `GET /api/public/tags…`: the tenant's tags in the reader's locale (the public-route plugin). */
export function tagsPublicRoutes(service: TagsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/tags',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'listPublicTags',
          summary: 'List tags in the reader’s locale',
          description: `By the default locale’s title. ${LOCALIZED} ${EDGE}`,
          querystring: PublicTagsQuery,
          response: { 200: PublicTagPage, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        surrogateKeys(reply, tagKeys(context.tenantId))
        return service.publicList(context, request.query)
      },
    )

    app.get(
      '/tags/slug/:slug',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicTagBySlug',
          summary: 'Get a tag by its slug in any locale, answered in the reader’s locale',
          description: `The slug is looked for in the reader’s locale chain first, then in the tenant’s other locales; the answer is in the reader’s locale, so its \`slug\` differs from the one asked when the site should redirect. ${LOCALIZED} ${EDGE} 404 when no tag has the slug.`,
          params: PublicTagSlugParams,
          querystring: PublicTagQuery,
          response: { 200: PublicTagBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const tag = await service.publicBySlug(context, request.params.slug)
        surrogateKeys(reply, tagKeys(context.tenantId, tag.id))
        return { tag }
      },
    )

    app.get(
      '/tags/:id',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicTag',
          summary: 'Get a tag in the reader’s locale',
          description: `${LOCALIZED} ${EDGE} 404 when the tenant has no such tag.`,
          params: IdParams,
          querystring: PublicTagQuery,
          response: { 200: PublicTagBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const tag = await service.publicGet(context, request.params.id)
        surrogateKeys(reply, tagKeys(context.tenantId, tag.id))
        return { tag }
      },
    )
  }
}
