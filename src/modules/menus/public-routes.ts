import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { publicContext } from '../../http/public.js'
import { errorResponses } from '../../http/schemas.js'
import { PublicMenuBody, PublicMenuLocationParams, PublicMenuSlugParams } from './schemas.js'
import type { MenusService } from './service.js'

const EDGE =
  'Tenant from X-Tenant-ID; 403 when the tenant turned public delivery off or the Origin is not allowed, 429 when the monthly quota is spent.'
const TREE =
  'Only active menus. The tree holds visible items, each level sorted by position; an item whose content is not published (or whose category or form is gone) is left out with its children, and a referenced item carries its current slug to build the URL.'

/** `GET /api/public/menus/…`: an active menu's public tree (registered in the public-route plugin). */
export function menusPublicRoutes(service: MenusService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/menus/slug/:slug',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['public'],
          operationId: 'getPublicMenuBySlug',
          summary: 'Get a menu’s navigation tree by slug',
          description: `${TREE} ${EDGE} 404 when no active menu has the slug.`,
          params: PublicMenuSlugParams,
          response: { 200: PublicMenuBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => ({
        menu: await service.publicMenu(publicContext(request), { slug: request.params.slug }),
      }),
    )

    app.get(
      '/menus/location/:location',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['public'],
          operationId: 'getPublicMenuByLocation',
          summary: 'Get the active menu of a location',
          description: `The one active menu at header, footer, sidebar or mobile. ${TREE} ${EDGE} 404 when the location has no active menu.`,
          params: PublicMenuLocationParams,
          response: { 200: PublicMenuBody, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request) => ({
        menu: await service.publicMenu(publicContext(request), { location: request.params.location }),
      }),
    )
  }
}
