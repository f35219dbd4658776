import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import {
  DeleteVersionsBody,
  DeleteVersionsResult,
  RestoredBody,
  VersionBody,
  VersionListQuerySchema,
  VersionPage,
  VersionParams,
} from './versions-schemas.js'
import type { ContentVersionsService } from './versions-service.js'

const tags = ['contents']
const ContentIdParams = Type.Object({ id: VersionParams.properties.id }, { additionalProperties: false })

/**
 * `/api/contents/{id}/versions…` (API contract: GET /api/contents/{id}/versions; restore is Folio's
 * addition). Registered under the contents prefix. Reading versions needs `content:view` (API
 * tokens see the versions of contents they may read); deleting them `content:delete`; restoring is
 * an update.
 */
export const contentVersionsRoutes: FastifyPluginAsyncTypebox<{ service: ContentVersionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/versions',
    {
      config: { auth: 'tenant', permission: 'content:view' },
      schema: {
        tags,
        operationId: 'listContentVersions',
        summary: 'List a content’s versions (metadata)',
        description:
          'Version metadata, newest first: live versions paged by `page`, deleted ones by `deletedPage`, both `limit` (1..100) per page. 404 for a missing content or another tenant’s.',
        params: ContentIdParams,
        querystring: VersionListQuerySchema,
        response: { 200: VersionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(tenantContext(request), request.params.id, request.query),
  )

  app.get(
    '/:id/versions/:versionId',
    {
      config: { auth: 'tenant', permission: 'content:view' },
      schema: {
        tags,
        operationId: 'getContentVersion',
        summary: 'Get one version with its full snapshot',
        description:
          'The version’s metadata and `content`, the content record as it was saved. 404 for a missing content or version, or another tenant’s.',
        params: VersionParams,
        querystring: TenantOnlyQuery,
        response: { 200: VersionBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      version: await service.get(tenantContext(request), request.params.id, request.params.versionId),
    }),
  )

  app.post(
    '/:id/versions/delete',
    {
      config: { auth: 'tenant', permission: 'content:delete' },
      schema: {
        tags,
        operationId: 'deleteContentVersions',
        summary: 'Mark versions deleted',
        description:
          'Marks the listed versions deleted (they move to `deletedVersions`). 400 when an id is not a version of this content or is the current version (nothing is changed then); 404 for a missing content.',
        params: ContentIdParams,
        querystring: TenantOnlyQuery,
        body: DeleteVersionsBody,
        response: { 200: DeleteVersionsResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(tenantContext(request), request.params.id, request.body.versionIds),
  )

  app.post(
    '/:id/versions/:versionId/restore',
    {
      config: { auth: 'tenant', permission: 'content:update' },
      schema: {
        tags,
        operationId: 'restoreContentVersion',
        summary: 'Restore a version as a new version',
        description:
          'Saves the version’s title, summary, html, lexical, categories and tags (those that still exist), customFields, featured media and authorName as a new version; slug, status and dates stay. 400 when its customFields no longer fit the definitions; 404 for a missing content or version.',
        params: VersionParams,
        querystring: TenantOnlyQuery,
        response: { 200: RestoredBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      content: await service.restore(tenantContext(request), request.params.id, request.params.versionId),
    }),
  )
}
