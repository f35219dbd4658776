import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CreateGalleryBody,
  GalleryBody,
  GalleryList,
  GalleryPage,
  LinkGalleriesBody,
  ListGalleriesQuery,
  UpdateGalleryBody,
} from './schemas.js'
import type { GalleriesService } from './service.js'

/** `/api/galleries`. Galleries are gated by the media permissions: they arrange media. */
export const galleriesRoutes: FastifyPluginAsyncTypebox<{ service: GalleriesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['galleries'],
        operationId: 'listGalleries',
        summary: 'List galleries, newest first',
        description:
          '`search` is a literal part of title or description; `contentId` keeps the galleries that content shows. Permission media:view.',
        querystring: ListGalleriesQuery,
        response: { 200: GalleryPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['galleries'],
        operationId: 'createGallery',
        summary: 'Create a gallery',
        description:
          'Items are ordered by `order` (items without one keep their place); each mediaId must be media of this tenant (400 naming the item otherwise). Permission media:create.',
        querystring: TenantOnlyQuery,
        body: CreateGalleryBody,
        response: { 200: GalleryBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ gallery: await service.create(tenantContext(request), request.body) }),
  )

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['galleries'],
        operationId: 'getGallery',
        summary: 'Read a gallery with its items and their media',
        description: "Permission media:view; 404 NotFound when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: GalleryBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ gallery: await service.get(tenantContext(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:update' },
      schema: {
        tags: ['galleries'],
        operationId: 'updateGallery',
        summary: 'Change a gallery; items, when given, replace all items in order',
        description:
          "Permission media:update; 404 when missing or another tenant's; 400 for media not of this tenant.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateGalleryBody,
        response: { 200: GalleryBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      gallery: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:delete' },
      schema: {
        tags: ['galleries'],
        operationId: 'deleteGallery',
        summary: 'Delete a gallery (its media stay)',
        description:
          "Removes the gallery, its items and its content links. Permission media:delete; 404 when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(tenantContext(request), request.params.id),
  )
}

/** `PUT /api/contents/{id}/galleries`, registered under `/api/contents` beside the contents routes. */
export const contentGalleriesRoutes: FastifyPluginAsyncTypebox<{ service: GalleriesService }> = async (
  app,
  { service },
) => {
  app.put(
    '/:id/galleries',
    {
      config: { auth: 'tenant', permission: 'content:update' },
      schema: {
        tags: ['contents'],
        operationId: 'setContentGalleries',
        summary: 'Set the galleries a content shows, in order',
        description:
          "The content shows exactly galleryIds, in that order (its galleryIds member on reads); [] unlinks all. Permission content:update; 404 when the content is missing or another tenant's; 400 naming a gallery id that is not this tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: LinkGalleriesBody,
        response: { 200: GalleryList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.linkContent(tenantContext(request), request.params.id, request.body.galleryIds),
  )
}
