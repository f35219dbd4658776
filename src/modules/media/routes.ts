import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantQuery } from '../../http/schemas.js'
import { CreateExternalMediaBody, ListMediaQuery, MediaBody, MediaPage } from './schemas.js'
import type { MediaService } from './service.js'

/** `/api/media`: external media and the list. Uploads (presign, register) come with their issue. */
export const mediaRoutes: FastifyPluginAsyncTypebox<{ service: MediaService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['media'],
        operationId: 'listMedia',
        summary: 'List media, newest first',
        querystring: ListMediaQuery,
        response: { 200: MediaPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/external',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['media'],
        operationId: 'createExternalMedia',
        summary: 'Record media hosted elsewhere (Folio never fetches the URL)',
        querystring: Type.Object(TenantQuery, { additionalProperties: false }),
        body: CreateExternalMediaBody,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return { media: await service.createExternal(tenantContext(request), request.body) }
    },
  )
}
