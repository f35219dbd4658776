import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { CreateTagBody, ListTagsQuery, TagBody, TagPage } from './schemas.js'
import type { TagsService } from './service.js'

/**
 * `/api/tags`. Tags are written while writing content, so they are gated by the content
 * permissions (`content:view` to list, `content:create` to create) rather than `categories:*`:
 * an author, who may not edit the category tree, can still tag what they write.
 */
export const tagsRoutes: FastifyPluginAsyncTypebox<{ service: TagsService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'content:view' },
      schema: {
        tags: ['tags'],
        operationId: 'listTags',
        summary: 'List tags by title',
        querystring: ListTagsQuery,
        response: { 200: TagPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'content:create' },
      schema: {
        tags: ['tags'],
        operationId: 'createTag',
        summary: 'Create a tag',
        querystring: TenantOnlyQuery,
        body: CreateTagBody,
        response: { 200: TagBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ tag: await service.create(tenantContext(request), request.body) }),
  )
}
