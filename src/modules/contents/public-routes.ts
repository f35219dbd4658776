import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { surrogateKeys } from '../../http/http-cache.js'
import { publicContext } from '../../http/public.js'
import { sendJson } from '../../http/raw-json.js'
import { errorResponses } from '../../http/schemas.js'
import {
  PublicContentBody,
  PublicContentPage,
  PublicListQuery,
  PublicSlugParams,
  PublicSlugQuery,
  PublicTreeBody,
  PublicTreeQuery,
} from './public-schemas.js'
import type { PublicContentsService } from './public-service.js'

const tags = ['public']
const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent or the client sends too many requests.'
const LOCALES =
  'In the reader’s language: `locale`, else Accept-Language negotiated against the tenant’s locales, else its default (400 for a `locale` the tenant does not have); `Content-Language` names it.'
const SHAPE =
  'Published contents only, each with its `locale` and `alternates` (the other published translations of its document). Each carries its categories and tags by name and slug, the featured image (active media only) with its variant URLs, the author name, and the custom fields whose definitions are public; `view=summary` leaves out html and lexical, `include=galleries` adds the galleries with their images.'

/**
 * What a public contents answer shows, for the delivery cache: the contents with their taxonomy,
 * featured media (variants), galleries and the custom-field definitions that say what is public.
 */
const CACHED: DeliveryCaching = {
  dependsOn: ['content', 'category', 'tag', 'media', 'gallery', 'custom-field-definition'],
}
/**
 * The public delivery routes of contents (registered in the public-route plugin, `/api/public`):
 * lists, one content by slug, and a page tree. docs/decisions/delivery.md "Public contents".
 * Every answer names the surrogate key `contents:<tenantId>` (a list or tree cannot name the
 * content a change brings in), a slug read also `content:<id>` (docs/decisions/delivery.md
 * "Surrogate keys and purging a CDN").
 */
export function publicContentsRoutes(service: PublicContentsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/contents',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'listPublicContents',
          summary: 'List published contents',
          description: `${SHAPE} ${LOCALES} Each document once, in the best locale of the asked locale’s fallback chain that it is published in (\`fallback=false\`: the asked locale only). Filters: \`type\`, \`parent\` (a content id, or \`none\` for roots), \`category\`/\`categoryName\`, \`tag\`/\`tagName\`, \`search\` (title, summary, slug and public searchable custom fields); \`sort\` publishedAt (newest first, the default), title or order (then title). ${EDGE}`,
          querystring: PublicListQuery,
          response: { 200: PublicContentPage, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        surrogateKeys(reply, [`contents:${context.tenantId}`])
        return sendJson(reply, await service.listJson(context, request.query))
      },
    )

    app.get(
      '/contents/slug/:slug',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicContentBySlug',
          summary: 'Get a published content by slug',
          description: `${SHAPE} ${LOCALES} The slug is looked for in the asked locale’s chain first; a slug of a translation in another locale answers that translation (its own \`locale\`, and \`alternates\` naming the reader’s), so a site can redirect. ${EDGE} 404 unless a published content has the slug.`,
          params: PublicSlugParams,
          querystring: PublicSlugQuery,
          response: { 200: PublicContentBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const { json, id } = await service.bySlugJson(context, request.params.slug, request.query)
        surrogateKeys(reply, [`content:${id}`, `contents:${context.tenantId}`])
        return sendJson(reply, json)
      },
    )

    app.get(
      '/contents/tree',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags,
          operationId: 'getPublicContentTree',
          summary: 'Get the tree of published contents of a type (pages by default)',
          description: `The published contents of \`type\` (default page) nested by parent, each level by order then title, each document once in the best locale of the asked locale’s chain (\`fallback=false\`: that locale only). A content whose parent is not published in the chain (or not of the type) is left out with its descendants. ${LOCALES} ${EDGE}`,
          querystring: PublicTreeQuery,
          response: { 200: PublicTreeBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        surrogateKeys(reply, [`contents:${context.tenantId}`])
        return service.tree(context, request.query.type ?? 'page')
      },
    )
  }
}
