import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import { ApiTokenList, CreateApiTokenBody, CreatedApiToken } from './schemas.js'
import type { ApiTokensService } from './service.js'

/**
 * `/api/api-tokens`: managed through a user session only (`userTenant`), so a token can never mint,
 * list or delete tokens (docs/decisions/auth.md "API tokens").
 */
export const apiTokensRoutes: FastifyPluginAsyncTypebox<{ service: ApiTokensService }> = async (
  app,
  { service },
) => {
  app.post(
    '/',
    {
      config: { auth: 'userTenant', permission: 'api-tokens:create' },
      schema: {
        tags: ['api-tokens'],
        operationId: 'createApiToken',
        summary: 'Create an API token; the plaintext is returned only in this response',
        querystring: TenantOnlyQuery,
        body: CreateApiTokenBody,
        response: { 201: CreatedApiToken, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await service.create(tenantContext(request), {
        callerRole: request.role,
        input: request.body,
      })
      return reply.status(201).send(created)
    },
  )

  app.get(
    '/',
    {
      config: { auth: 'userTenant', permission: 'api-tokens:view' },
      schema: {
        tags: ['api-tokens'],
        operationId: 'listApiTokens',
        summary: "List the tenant's API tokens, newest first",
        querystring: TenantOnlyQuery,
        response: { 200: ApiTokenList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request)),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'userTenant', permission: 'api-tokens:delete' },
      schema: {
        tags: ['api-tokens'],
        operationId: 'deleteApiToken',
        summary: 'Delete an API token; it is rejected from the next request on',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.remove(tenantContext(request), request.params.id),
  )
}
