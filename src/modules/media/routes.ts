import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import type { ExternalMediaCopier } from '../imports/index.js'
import {
  BulkDeleteBody,
  BulkDeleteResult,
  BulkTagsBody,
  BulkTagsResult,
  CopyExternalBody,
  CopyExternalResult,
  CreateExternalMediaBody,
  ListMediaQuery,
  MediaBody,
  MediaPage,
  MediaUsageBody,
  UpdateMediaBody,
} from './schemas.js'
import type { MediaService } from './service.js'
import { uploadRoutes } from './upload-routes.js'
import type { MediaUploads } from './uploads.js'

/**
 * `/api/media`: uploads (upload-routes.ts), external media and their copies into Folio, the list,
 * metadata and deletion.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<{
  service: MediaService
  uploads: MediaUploads
  copier: ExternalMediaCopier
}> = async (app, { service, uploads, copier }) => {
  await app.register(uploadRoutes, { uploads })

  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['media'],
        operationId: 'listMedia',
        summary: 'List media, newest first',
        description:
          'Media of the tenant, newest first. `status` defaults to active; `tags` (repeat for several) must all be present; `mimeType` is a literal prefix; `search` a literal part of title, description, altText or originalName. Permission media:view.',
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
        description:
          'Records a link to media hosted elsewhere; Folio never fetches it. url and thumbnailUrl must be absolute http(s) URLs without credentials (400 otherwise). Permission media:create; 403 LimitExceeded when limits.media is reached.',
        querystring: TenantOnlyQuery,
        body: CreateExternalMediaBody,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return { media: await service.createExternal(tenantContext(request), request.body) }
    },
  )

  app.post(
    '/copy-external',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['media'],
        operationId: 'copyExternalMedia',
        summary: 'Copy the files of external media into Folio',
        description:
          "Downloads each external media's file from its URL (through the guard on outbound requests: private addresses are refused unless the server sets OUTBOUND_ALLOW_PRIVATE) and stores it through the upload checks (type on the tenant's list, MEDIA_MAX_UPLOAD_BYTES, image size); the record becomes an upload in place (same id, its url the copy's, variants made in the background), so featured images and galleries follow. Four files are fetched at once; the answer comes when all are done. Media that cannot be copied stay external and are listed in failed with why; ids that are not media of this tenant in notFound. The html of contents keeps the old address: running the WordPress import again rewrites the contents it imported and nobody edited since. Permission media:create.",
        querystring: TenantOnlyQuery,
        body: CopyExternalBody,
        response: { 200: CopyExternalResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => copier.copy(tenantContext(request), request.body.ids),
  )

  app.post(
    '/bulk/tags',
    {
      config: { auth: 'tenant', permission: 'media:update' },
      schema: {
        tags: ['media'],
        operationId: 'bulkTagMedia',
        summary: 'Add tags to, or replace the tags of, several media',
        description:
          'mode add (default) adds the tags to each medium, replace sets them. Ids that are not media of this tenant are listed in notFound and untouched. Permission media:update.',
        querystring: TenantOnlyQuery,
        body: BulkTagsBody,
        response: { 200: BulkTagsResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.bulkTags(tenantContext(request), request.body),
  )

  app.post(
    '/bulk/delete',
    {
      config: { auth: 'tenant', permission: 'media:delete' },
      schema: {
        tags: ['media'],
        operationId: 'bulkDeleteMedia',
        summary: 'Delete several media',
        description:
          'Deletes the media (their stored files are removed after the deletion commits) and takes them out of galleries. Ids that are not media of this tenant are listed in notFound and untouched. Permission media:delete.',
        querystring: TenantOnlyQuery,
        body: BulkDeleteBody,
        response: { 200: BulkDeleteResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.deleteMany(tenantContext(request), request.body.ids),
  )

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['media'],
        operationId: 'getMedia',
        summary: 'Read one media record',
        description: "Permission media:view; 404 NotFound when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ media: await service.get(tenantContext(request), request.params.id) }),
  )

  app.get(
    '/:id/usage',
    {
      config: { auth: 'tenant', permission: 'media:view' },
      schema: {
        tags: ['media'],
        operationId: 'getMediaUsage',
        summary: 'Where a media item is shown',
        description:
          "The tenant's records that show the item: contents (as featured media, or its URL in their html), galleries (as an item) and collection entries (in a media field), so an editor sees what a deletion would change. Permission media:view; 404 when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: MediaUsageBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ usage: await service.usage(tenantContext(request), request.params.id) }),
  )

  app.patch(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:update' },
      schema: {
        tags: ['media'],
        operationId: 'updateMedia',
        summary: "Change a media record's metadata",
        description:
          "Changes originalName, title, altText, caption, description or tags (the stored file, its key, type and size never change). Permission media:update; 404 when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateMediaBody,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      media: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'media:delete' },
      schema: {
        tags: ['media'],
        operationId: 'deleteMedia',
        summary: 'Delete a media record and its stored files',
        description:
          "Deletes the record at once, takes it out of galleries, and removes its stored file and variants after the deletion commits. Permission media:delete; 404 when missing or another tenant's.",
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(tenantContext(request), request.params.id),
  )
}
