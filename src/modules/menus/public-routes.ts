import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DeliveryCaching } from '../../http/delivery-cache.js'
import { surrogateKeys } from '../../http/http-cache.js'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import { PublicMenuBody, PublicMenuLocationParams, PublicMenuQuery, PublicMenuSlugParams } from './schemas.js'
import type { MenusService } from './service.js'

const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.'
const TREE =
  'Only active menus. The tree holds visible items, each level sorted by position; an item whose content is not published (or whose category or form is gone) is left out with its children, and a referenced item carries its current slug to build the URL. In the reader’s locale (`locale`, else Accept-Language, else the tenant’s default): each title, and a category’s slug, from the first locale of its fallback chain that has one, and a content link to the document’s published translation in that chain (`reference.locale` says which); with `fallback=false` a title or slug the asked locale lacks is null. 400 for a locale that is not the tenant’s.'

/**
 * The surrogate keys of a menu answer: the menu, and every menu of the tenant. A tree shows its
 * items' current slugs and leaves out records not published, which it therefore cannot name: a
 * change to contents, categories or forms purges `menus:<tenantId>` (docs/decisions/delivery.md
 * "HTTP caching").
 */
const menuKeys = (tenantId: string, menuId: string) => [`menu:${menuId}`, `menus:${tenantId}`]

/** A tree depends on its menu and on the records its items point to (the delivery cache). */
const CACHED: DeliveryCaching = { dependsOn: ['menu', 'content', 'category', 'form'] }

/** `GET /api/public/menus/…`: an active menu's public tree (registered in the public-route plugin). */
export function menusPublicRoutes(service: MenusService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/menus/slug/:slug',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags: ['public'],
          operationId: 'getPublicMenuBySlug',
          summary: 'Get a menu’s navigation tree by slug',
          description: `${TREE} ${EDGE} 404 when no active menu has the slug.`,
          params: PublicMenuSlugParams,
          querystring: PublicMenuQuery,
          response: { 200: PublicMenuBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const menu = await service.publicMenu(context, { slug: request.params.slug })
        surrogateKeys(reply, menuKeys(context.tenantId, menu.id))
        return { menu }
      },
    )

    app.get(
      '/menus/location/:location',
      {
        config: { auth: 'public', localized: true, deliveryCache: CACHED },
        schema: {
          tags: ['public'],
          operationId: 'getPublicMenuByLocation',
          summary: 'Get the active menu of a location',
          description: `The one active menu at header, footer, sidebar or mobile. ${TREE} ${EDGE} 404 when the location has no active menu.`,
          params: PublicMenuLocationParams,
          querystring: PublicMenuQuery,
          response: { 200: PublicMenuBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const context = publicContext(request)
        const menu = await service.publicMenu(context, { location: request.params.location })
        surrogateKeys(reply, menuKeys(context.tenantId, menu.id))
        return { menu }
      },
    )
  }
}
