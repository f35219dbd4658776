import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import type { CollectionDefinitionsService } from './definitions-service.js'
import {
  CollectionBody,
  CollectionPage,
  CreateCollectionBody,
  KeyParams,
  ListCollectionsQuery,
  UpdateCollectionBody,
} from './schemas.js'

const tags = ['collections']

/**
 * `/api/collections`: typed collection definitions (docs/decisions/content.md "Typed collections"),
 * gated by `collections:*`.
 */
export const collectionDefinitionsRoutes: FastifyPluginAsyncTypebox<{
  service: CollectionDefinitionsService
}> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'collections:view' },
      schema: {
        tags,
        operationId: 'listCollections',
        summary: 'List typed collections by key',
        description:
          'The tenant’s collection definitions, sorted by key, optionally of one status. 400 for an unknown parameter, a bad status, page or limit (1..100).',
        querystring: ListCollectionsQuery,
        response: { 200: CollectionPage, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'collections:create' },
      schema: {
        tags,
        operationId: 'createCollection',
        summary: 'Define a typed collection',
        description:
          'Creates a collection: `key` (lowercase, unique per tenant), localized `name` and `description`, up to 50 `fields` of types string, text, number, boolean, date, datetime, enum (needs options), ref (needs the target collection key, an existing collection or this one), media, geojson, richText; `slugField` (a string field), `defaultSort` (builtin or sortable field) and `status` (active default). Field keys are identifiers and never a reserved member (id, slug, status, createdAt, updatedAt, publishedAt, collectionKey, data, dataLabels). 400 names the offending member (`details[].path`); 409 Conflict when the key is taken.',
        querystring: TenantOnlyQuery,
        body: CreateCollectionBody,
        response: { 200: CollectionBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ collection: await service.create(tenantContext(request), request.body) }),
  )

  app.get(
    '/:key',
    {
      config: { auth: 'tenant', permission: 'collections:view' },
      schema: {
        tags,
        operationId: 'getCollection',
        summary: 'Get a collection definition',
        description: 'The definition with its fields. 404 when the tenant has no collection of that key.',
        params: KeyParams,
        querystring: TenantOnlyQuery,
        response: { 200: CollectionBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ collection: await service.get(tenantContext(request), request.params.key) }),
  )

  app.put(
    '/:key',
    {
      config: { auth: 'tenant', permission: 'collections:update' },
      schema: {
        tags,
        operationId: 'updateCollection',
        summary: 'Change a collection definition',
        description:
          'Members given replace the stored ones; `fields` replaces the whole list. A kept field keeps its type, `multiple` and `unique` (stored values were written under them): change them by adding a field with a new key. Removing a field stops serving and searching its values. Archiving (`status: archived`) hides the collection from public reads and freezes its entries. 400 names the offending member; 404 when missing.',
        params: KeyParams,
        querystring: TenantOnlyQuery,
        body: UpdateCollectionBody,
        response: { 200: CollectionBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      collection: await service.update(tenantContext(request), request.params.key, request.body),
    }),
  )

  app.delete(
    '/:key',
    {
      config: { auth: 'tenant', permission: 'collections:delete' },
      schema: {
        tags,
        operationId: 'deleteCollection',
        summary: 'Delete an archived collection with its entries',
        description:
          'Deletes the collection and all its entries. Only an archived collection can be deleted: 409 Conflict while it is active (archive it first with PUT). 404 when missing.',
        params: KeyParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(tenantContext(request), request.params.key)
      return { success: true }
    },
  )
}
