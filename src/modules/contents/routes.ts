import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { sendJson } from '../../http/raw-json.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import {
  ArchiveQuery,
  ArchiveStatistics,
  BySlugQuery,
  CheckSlugQuery,
  CheckSlugResult,
  ContentBody,
  ContentPage,
  ContentTreeBody,
  ContentTreeQuery,
  ContentTypesBody,
  CreateContentBody,
  GetContentQuery,
  ListContentsQuery,
  SlugParams,
  UpdateContentBody,
} from './schemas.js'
import type { ContentsService } from './service.js'

const tags = ['contents']
const view = { auth: 'tenant', permission: 'content:view' } as const

/**
 * Content routes (API contract: `/api/contents`). Static paths (/check-slug, /slug/{slug},
 * /archive/statistics, /types, /tree) never reach /{id}: the router prefers static segments and ids are 24 hex.
 */
export const contentsRoutes: FastifyPluginAsyncTypebox<{ service: ContentsService }> = async (
  app,
  options,
) => {
  const { service } = options

  app.get(
    '/',
    {
      config: view,
      schema: {
        tags,
        operationId: 'listContents',
        summary: 'List contents, newest publication first',
        description:
          'Contents by publishedAt, newest first (unpublished last); each translation is a content of its own (`locale` keeps one locale, `missingLocale` the documents still to translate into one). Besides the listed parameters, `customFields.<key>=<value>` filters on a filterable custom field by equality (numbers and booleans parsed; multi-value fields match when they hold the value); several such parameters must all hold. 400 for a key that is not a filterable definition of the tenant, or a value not of its type.',
        querystring: ListContentsQuery,
        response: { 200: ContentPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendJson(reply, await service.listJson(tenantContext(request), request.query)),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'content:create' },
      schema: {
        tags,
        operationId: 'createContent',
        summary: 'Create a content',
        querystring: TenantOnlyQuery,
        body: CreateContentBody,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ content: await service.create(tenantContext(request), request.body) }),
  )

  app.get(
    '/check-slug',
    {
      config: view,
      schema: {
        tags,
        operationId: 'checkContentSlug',
        summary: 'Tell whether a slug is free, with a suggestion when it is not',
        description:
          'A taken slug comes with `existingContent` (id, title, slug) only when the caller may read that content: an API token without the preview scope learns that a draft holds the slug, not which.',
        querystring: CheckSlugQuery,
        response: { 200: CheckSlugResult, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.checkSlug(tenantContext(request), request.query),
  )

  app.get(
    '/slug/:slug',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getContentBySlug',
        summary: 'Get a content by slug',
        params: SlugParams,
        querystring: BySlugQuery,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.getBySlugJson(tenantContext(request), request.params.slug, request.query),
      ),
  )

  app.get(
    '/archive/statistics',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getContentArchiveStatistics',
        summary: 'Count contents per month of publication (UTC)',
        querystring: ArchiveQuery,
        response: { 200: ArchiveStatistics, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.archiveStatistics(tenantContext(request), request.query.status ?? 'published'),
  )

  app.get(
    '/types',
    {
      config: view,
      schema: {
        tags,
        operationId: 'listContentTypes',
        summary: 'List the types the tenant’s contents have',
        description:
          'Every `type` some content of the tenant has, A→Z (an API token without the preview scope sees the types of published contents only). `post` and `page` appear only when some content has them.',
        querystring: TenantOnlyQuery,
        response: { 200: ContentTypesBody, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.types(tenantContext(request)),
  )

  app.get(
    '/tree',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getContentTree',
        summary: 'Get the tree of the contents of a type (pages by default), every status',
        description:
          'Every content of `type` (default page) the caller may read, whatever its status, nested by parent, each level by order then title. A content whose parent is of another type is a root here, with its `parentId` kept.',
        querystring: ContentTreeQuery,
        response: { 200: ContentTreeBody, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.tree(tenantContext(request), request.query.type ?? 'page', request.query.locale),
  )

  app.get(
    '/:id',
    {
      config: view,
      schema: {
        tags,
        operationId: 'getContent',
        summary: 'Get a content (with draft=true: as its pending draft would make it)',
        description:
          'The content as it is live; `pendingDraft` tells whether changes wait in a draft (docs: "Drafts of published contents"). With `draft=true`, the content as that draft would make it (the live content when there is none): for users with `content:preview` or `content:update` and API tokens with the preview scope, else 403.',
        params: IdParams,
        querystring: GetContentQuery,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const context = tenantContext(request)
      const { id } = request.params
      return sendJson(
        reply,
        request.query.draft === true
          ? await service.getDraftJson(context, id)
          : await service.getJson(context, id),
      )
    },
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'content:update' },
      schema: {
        tags,
        operationId: 'updateContent',
        summary: 'Update a content; categories and tags replace the stored sets',
        description:
          'Writes the live content at once, whatever its status. A pending draft of a published content stays pending (publishing it later makes its text live), unless this write takes the content out of `published`: then the draft is dropped (its versions stay).',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateContentBody,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      content: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'content:delete' },
      schema: {
        tags,
        operationId: 'deleteContent',
        summary: 'Delete a content',
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
