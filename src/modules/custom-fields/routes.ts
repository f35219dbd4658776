import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CreateDefinitionBody,
  DefinitionBody,
  DefinitionList,
  ListDefinitionsQuery,
  UpdateDefinitionBody,
} from './schemas.js'
import type { CustomFieldsService } from './service.js'

const tags = ['custom-field-definitions']

/**
 * `/api/custom-field-definitions`. Reading them is part of reading content (`content:view`: an
 * editor form and a delivery client both need the field list); changing them changes the content
 * model, which is taxonomy work (`categories:*`: editors and above; docs/decisions/content.md
 * "Custom field definitions").
 */
export const customFieldsRoutes: FastifyPluginAsyncTypebox<{ service: CustomFieldsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'content:view' },
      schema: {
        tags,
        operationId: 'listCustomFieldDefinitions',
        summary: 'List custom field definitions',
        description:
          'The tenant’s custom field definitions by position, label and key. API tokens, and `public=true`, get the public ones only.',
        querystring: ListDefinitionsQuery,
        response: { 200: DefinitionList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      definitions: await service.list(tenantContext(request), request.query.public === true),
    }),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'categories:create' },
      schema: {
        tags,
        operationId: 'createCustomFieldDefinition',
        summary: 'Create a custom field definition',
        description:
          'Defines a typed field of `customFields` on contents. 400 for a reserved key, options on a non-select type (or none on a select), a default not of the type, a filterable json field, or more than 200 definitions; 409 when the key is taken.',
        querystring: TenantOnlyQuery,
        body: CreateDefinitionBody,
        response: { 200: DefinitionBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ definition: await service.create(tenantContext(request), request.body) }),
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:update' },
      schema: {
        tags,
        operationId: 'updateCustomFieldDefinition',
        summary: 'Update a custom field definition',
        description:
          'Changes the given members; the key is immutable (stored values are keyed by it). Stored contents are not rewritten: the rules apply to the next write of their customFields.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateDefinitionBody,
        response: { 200: DefinitionBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      definition: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'categories:delete' },
      schema: {
        tags,
        operationId: 'deleteCustomFieldDefinition',
        summary: 'Delete a custom field definition',
        description: 'Deletes the definition; values stored under its key stay in the contents as free data.',
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
