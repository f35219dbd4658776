import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, SuccessBody, TenantOnlyQuery, TenantQuery } from '../../http/schemas.js'
import type { CollectionEntriesService } from './entries-service.js'
import { EntryListMembers } from './query-schemas.js'
import { CreateEntryBody, EntryBody, EntryPage, EntryParams, KeyParams, UpdateEntryBody } from './schemas.js'

const tags = ['collections']
const ListEntriesQuery = Type.Object(
  {
    ...EntryListMembers,
    status: Type.Optional(
      Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')]),
    ),
    ...TenantQuery,
  },
  { additionalProperties: false },
)

/** `/api/collections/{key}/entries`: entries of a typed collection, gated by `collections:*`. */
export const collectionEntriesRoutes: FastifyPluginAsyncTypebox<{
  service: CollectionEntriesService
}> = async (app, { service }) => {
  app.get(
    '/:key/entries',
    {
      config: { auth: 'tenant', permission: 'collections:view' },
      schema: {
        tags,
        operationId: 'listCollectionEntries',
        summary: 'List entries of a collection',
        description:
          'Entries of every status (or of `status`; an API token without the preview scope sees published entries only), with `q`, `sort` and `filter` as on the public list route. 400 names the offending parameter (`/filter/<field>/<op>`, `/sort`); 404 when the collection is missing.',
        params: KeyParams,
        querystring: ListEntriesQuery,
        response: { 200: EntryPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.list(tenantContext(request), request.params.key, request.query),
  )

  app.post(
    '/:key/entries',
    {
      config: { auth: 'tenant', permission: 'collections:create' },
      schema: {
        tags,
        operationId: 'createCollectionEntry',
        summary: 'Create an entry',
        description:
          'Creates an entry (status draft by default). `data` is validated and normalized by field type; ref values must be entries of the field’s target collection and media values media of this tenant. The slug is `slug` (normalized; 409 SlugConflict when taken) or else derived from the slug field (`-2`, `-3` … when taken), else the id. 400 names the member (`/data/<field>`), also for a missing required field (enforced by the database); 409 UniqueFieldViolation (with `field`) when another entry holds the value of a unique field, Conflict when the collection is archived; 404 when the collection is missing.',
        params: KeyParams,
        querystring: TenantOnlyQuery,
        body: CreateEntryBody,
        response: { 200: EntryBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      entry: await service.create(tenantContext(request), request.params.key, request.body),
    }),
  )

  app.get(
    '/:key/entries/:id',
    {
      config: { auth: 'tenant', permission: 'collections:view' },
      schema: {
        tags,
        operationId: 'getCollectionEntry',
        summary: 'Get an entry',
        description:
          'One entry of any status (an API token without the preview scope: published only). 404 when the collection or the entry is missing, or hidden from the token.',
        params: EntryParams,
        querystring: TenantOnlyQuery,
        response: { 200: EntryBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      entry: await service.get(tenantContext(request), request.params.key, request.params.id),
    }),
  )

  app.put(
    '/:key/entries/:id',
    {
      config: { auth: 'tenant', permission: 'collections:update' },
      schema: {
        tags,
        operationId: 'updateCollectionEntry',
        summary: 'Change an entry',
        description:
          '`data` is merged over the stored data (null clears a value); `slug` and `status` replace. Publishing sets `publishedAt` the first time. Errors as on create; 404 when the collection or the entry is missing.',
        params: EntryParams,
        querystring: TenantOnlyQuery,
        body: UpdateEntryBody,
        response: { 200: EntryBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      entry: await service.update(
        tenantContext(request),
        request.params.key,
        request.params.id,
        request.body,
      ),
    }),
  )

  app.delete(
    '/:key/entries/:id',
    {
      config: { auth: 'tenant', permission: 'collections:delete' },
      schema: {
        tags,
        operationId: 'deleteCollectionEntry',
        summary: 'Delete an entry',
        description:
          'Deletes the entry; refs to it then resolve to null on public reads. 409 Conflict when the collection is archived; 404 when the collection or the entry is missing.',
        params: EntryParams,
        querystring: TenantOnlyQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await service.remove(tenantContext(request), request.params.key, request.params.id)
      return { success: true }
    },
  )
}
