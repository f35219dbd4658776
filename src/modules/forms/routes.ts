import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, SuccessBody, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CheckSlugQuery,
  CheckSlugResult,
  CreateFormBody,
  DuplicateFormBody,
  FormBody,
  FormPage,
  FormVersionPage,
  ListFormsQuery,
  UpdateFormBody,
  VersionParams,
  VersionsQuery,
} from './schemas.js'
import type { FormsService } from './service.js'

const tags = ['forms']

/**
 * `/api/forms`: form definitions and versions (API contract). Reads need `forms:view`, creating and
 * duplicating `forms:create`, changes and state moves `forms:update`, deletion `forms:delete`.
 * Another tenant's form answers 404 like a missing one.
 */
export const formsRoutes: FastifyPluginAsyncTypebox<{ service: FormsService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'forms:view' },
      schema: {
        tags,
        operationId: 'listForms',
        summary: 'List forms',
        description:
          'Forms of the tenant, newest change first, filtered by status and by a part of the slug or a title. Needs forms:view.',
        querystring: ListFormsQuery,
        response: { 200: FormPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request), request.query),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'forms:create' },
      schema: {
        tags,
        operationId: 'createForm',
        summary: 'Create a form (draft)',
        description:
          'Creates a draft form. A string title is stored in the tenant default language (settings metadata.defaultLanguage, else en). Unknown extra members are kept. Needs forms:create. 400 names an invalid member or field; 409 SlugConflict for a taken slug.',
        querystring: TenantOnlyQuery,
        body: CreateFormBody,
        response: { 200: FormBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({ form: await service.create(tenantContext(request), request.body) }),
  )

  app.get(
    '/check-slug',
    {
      config: { auth: 'tenant', permission: 'forms:view' },
      schema: {
        tags,
        operationId: 'checkFormSlug',
        summary: 'Check whether a form slug is free',
        description:
          'Normalizes the slug and says whether it is free in the tenant (besides formId when given). Needs forms:view.',
        querystring: CheckSlugQuery,
        response: { 200: CheckSlugResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.checkSlug(tenantContext(request), request.query),
  )

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'forms:view' },
      schema: {
        tags,
        operationId: 'getForm',
        summary: 'Get a form',
        description: 'The form with its draft definition. Needs forms:view. 404 when missing.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: FormBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ form: await service.get(tenantContext(request), request.params.id) }),
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'forms:update' },
      schema: {
        tags,
        operationId: 'updateForm',
        summary: 'Update a form',
        description:
          'Changes the draft definition (the public keeps the published version until the next publish). status published publishes a new version, archived archives, draft withdraws the form. Needs forms:update. 400 invalid member; 404; 409 SlugConflict.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: UpdateFormBody,
        response: { 200: FormBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      form: await service.update(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'forms:delete' },
      schema: {
        tags,
        operationId: 'deleteForm',
        summary: 'Delete a form',
        description:
          'Deletes the form with its versions and responses (archive it instead to keep them). Needs forms:delete. 404 when missing.',
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

  for (const [action, summary, description] of [
    [
      'publish',
      'Publish a form',
      'Freezes the current definition as the next version and serves it publicly; the form becomes published. Needs forms:update. 400 without fields; 404.',
    ],
    [
      'archive',
      'Archive a form',
      'The form becomes archived: it takes no submissions and its public read answers 404. Responses and versions are kept. Needs forms:update. 404.',
    ],
  ] as const) {
    app.post(
      `/:id/${action}`,
      {
        config: { auth: 'tenant', permission: 'forms:update' },
        schema: {
          tags,
          operationId: `${action}Form`,
          summary,
          description,
          params: IdParams,
          querystring: TenantOnlyQuery,
          response: { 200: FormBody, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({ form: await service[action](tenantContext(request), request.params.id) }),
    )
  }

  app.get(
    '/:id/versions',
    {
      config: { auth: 'tenant', permission: 'forms:view' },
      schema: {
        tags,
        operationId: 'listFormVersions',
        summary: 'List the published versions of a form',
        description: 'Frozen definitions, newest first. Needs forms:view. 404 when the form is missing.',
        params: IdParams,
        querystring: VersionsQuery,
        response: { 200: FormVersionPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.versions(tenantContext(request), request.params.id, request.query),
  )

  app.post(
    '/:id/restore/:version',
    {
      config: { auth: 'tenant', permission: 'forms:update' },
      schema: {
        tags,
        operationId: 'restoreFormVersion',
        summary: 'Restore a version into the draft',
        description:
          'The draft definition becomes that version’s; the state and the served version do not change (publish to serve it). Needs forms:update. 404 for a missing form or version.',
        params: VersionParams,
        querystring: TenantOnlyQuery,
        response: { 200: FormBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      form: await service.restore(tenantContext(request), request.params.id, request.params.version),
    }),
  )

  app.post(
    '/:id/duplicate',
    {
      config: { auth: 'tenant', permission: 'forms:create' },
      // The body is optional: a request without one duplicates with the default title.
      preValidation: async (request) => {
        request.body ??= {}
      },
      schema: {
        tags,
        operationId: 'duplicateForm',
        summary: 'Duplicate a form',
        description:
          'A draft copy of the definition, titled as given (else "<title> (Copy)"), with a free slug. Needs forms:create. 404.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: DuplicateFormBody,
        response: { 200: FormBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      form: await service.duplicate(tenantContext(request), request.params.id, request.body),
    }),
  )
}
