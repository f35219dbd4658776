import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import { CreateTagBody, ListTagsQuery, TagBody, TagPage, UpdateTagBody } from './schemas.js'
import type { TagsService } from './service.js'

/**
 * `/api/tags`. Tags are written while writing content, so they are gated by the content
 * permissions (`content:view` to list, `content:create` to create) rather than `categories:*`:
 * an author, who may not edit the category tree, can still tag what they write. Renaming or
 * deleting a tag changes every content that carries it, which is taxonomy work (`categories:*`,
 * editors and above), like the category tree.
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

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:update' },
      schema: {
        tags: ['tags'],
        operationId: 'updateTag',
        summary: 'Rename a tag (title and/or slug)',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateTagBody,
        response: { 200: TagBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      tag: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:delete' },
      schema: {
        tags: ['tags'],
        operationId: 'deleteTag',
        summary: 'Delete a tag (contents lose it)',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(tenantContext(request), request.params.id)
      return { success: true }
    },
  )
}
