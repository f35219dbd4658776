import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CategoryBody,
  CategoryPage,
  CreateCategoryBody,
  DeleteCategoryQuery,
  DeleteCategoryResult,
  ListCategoriesQuery,
  MergeCategoriesBody,
  MergeCategoriesResult,
  UpdateCategoryBody,
} from './schemas.js'
import type { CategoriesService } from './service.js'

const tags = ['categories']

/** `/api/categories` (API contract). */
export const categoriesRoutes: FastifyPluginAsyncTypebox<{ service: CategoriesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'categories:view' },
      schema: {
        tags,
        operationId: 'listCategories',
        summary: 'List categories as a tree (default) or a flat list',
        querystring: ListCategoriesQuery,
        response: { 200: CategoryPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'categories:create' },
      schema: {
        tags,
        operationId: 'createCategory',
        summary: 'Create a category',
        querystring: TenantOnlyQuery,
        body: CreateCategoryBody,
        response: { 200: CategoryBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ category: await service.create(tenantContext(request), request.body) }),
  )

  app.post(
    '/merge',
    {
      config: { auth: 'tenant', permission: 'categories:update' },
      schema: {
        tags,
        operationId: 'mergeCategories',
        summary: 'Merge one category into another (content links and children move, source deleted)',
        querystring: TenantOnlyQuery,
        body: MergeCategoriesBody,
        response: { 200: MergeCategoriesResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.merge(tenantContext(request), request.body),
  )

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:view' },
      schema: {
        tags,
        operationId: 'getCategory',
        summary: 'Get one category',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: CategoryBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ category: await service.get(tenantContext(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:update' },
      schema: {
        tags,
        operationId: 'updateCategory',
        summary: 'Update a category (all fields optional; parentId moves it)',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateCategoryBody,
        response: { 200: CategoryBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      category: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:delete' },
      schema: {
        tags,
        operationId: 'deleteCategory',
        summary: 'Delete a category and, by default, its descendants',
        params: IdParams,
        querystring: DeleteCategoryQuery,
        response: { 200: DeleteCategoryResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.delete(tenantContext(request), request.params.id, request.query.cascade),
  )
}
