import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import {
  ExportResponsesQuery,
  ListResponsesQuery,
  ResponseBody,
  ResponseDeletedBody,
  ResponsePage,
  ResponseParams,
  ResponsePurgedBody,
  ResponseStatusBody,
  StatusChangeBody,
} from './response-schemas.js'
import type { ResponsesService } from './responses-service.js'

const tags = ['forms']

/**
 * `/api/forms/{id}/responses`: reading needs `forms:view`, status changes `forms:update`, soft and
 * permanent deletion `forms:delete`. A response of another form or tenant is 404 like a missing one.
 */
export const responsesRoutes: FastifyPluginAsyncTypebox<{ service: ResponsesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/:id/responses',
    {
      config: { auth: 'tenant', permission: 'forms:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'listFormResponses',
        summary: 'List the responses of a form',
        description:
          'Newest first, in the list form, filtered by status and creation time (startDate, endDate inclusive). Needs forms:view. 404 when the form is missing.',
        params: IdParams,
        querystring: ListResponsesQuery,
        response: { 200: ResponsePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(tenantContext(request), request.params.id, request.query),
  )

  app.get(
    '/:id/responses/export',
    {
      config: { auth: 'tenant', permission: 'forms:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'exportFormResponses',
        summary: 'Export the responses of a form as CSV',
        description:
          'A streamed CSV (UTF-8 with BOM), oldest first: id, time, status, version, one column per field of the chosen version (default the published one), locale, source. Cells that would run as spreadsheet formulas start with a quote. Needs forms:view. 404 for a missing form or version.',
        params: IdParams,
        querystring: ExportResponsesQuery,
        response: {
          200: { description: 'CSV', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { filename, stream } = await service.export(
        tenantContext(request),
        request.params.id,
        request.query,
      )
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          // The typed reply knows the schema's string; a stream is what Fastify sends for it, piece by piece.
          .send(stream as never)
      )
    },
  )

  app.get(
    '/:id/responses/:responseId',
    {
      config: { auth: 'tenant', permission: 'forms:view', cache: 'no-store' },
      schema: {
        tags,
        operationId: 'getFormResponse',
        summary: 'Get a response',
        description:
          'The full response with its form reference. Needs forms:view. 404 for a missing form or response.',
        params: ResponseParams,
        querystring: TenantOnlyQuery,
        response: { 200: ResponseBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      response: await service.get(tenantContext(request), request.params.id, request.params.responseId),
    }),
  )

  app.delete(
    '/:id/responses/:responseId',
    {
      config: { auth: 'tenant', permission: 'forms:delete' },
      schema: {
        tags,
        operationId: 'deleteFormResponse',
        summary: 'Delete a response (soft)',
        description: 'Sets the status deleted and keeps the record. Needs forms:delete. 404.',
        params: ResponseParams,
        querystring: TenantOnlyQuery,
        response: { 200: ResponseDeletedBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { _id, status } = await service.softDelete(
        tenantContext(request),
        request.params.id,
        request.params.responseId,
      )
      return { success: true, response: { _id, status } }
    },
  )

  app.delete(
    '/:id/responses/:responseId/permanent',
    {
      config: { auth: 'tenant', permission: 'forms:delete' },
      schema: {
        tags,
        operationId: 'purgeFormResponse',
        summary: 'Delete a response permanently',
        description: 'Removes the record; irreversible. Needs forms:delete. 404.',
        params: ResponseParams,
        querystring: TenantOnlyQuery,
        response: { 200: ResponsePurgedBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.purge(tenantContext(request), request.params.id, request.params.responseId)
      return { success: true, responseId: request.params.responseId }
    },
  )

  app.patch(
    '/:id/responses/:responseId/status',
    {
      config: { auth: 'tenant', permission: 'forms:update' },
      schema: {
        tags,
        operationId: 'setFormResponseStatus',
        summary: 'Change the status of a response',
        description:
          'Any status to pending, processed, spam or deleted; flaggedAsSpam is true exactly in spam. Needs forms:update. 400 for another status; 404.',
        params: ResponseParams,
        querystring: TenantOnlyQuery,
        body: StatusChangeBody,
        response: { 200: ResponseStatusBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true,
      response: await service.setStatus(
        tenantContext(request),
        request.params.id,
        request.params.responseId,
        request.body.status,
      ),
    }),
  )

  app.post(
    '/:id/responses/:responseId/spam',
    {
      config: { auth: 'tenant', permission: 'forms:update' },
      schema: {
        tags,
        operationId: 'markFormResponseSpam',
        summary: 'Mark a response as spam',
        description: 'The status becomes spam and flaggedAsSpam true. Needs forms:update. 404.',
        params: ResponseParams,
        querystring: TenantOnlyQuery,
        response: { 200: ResponseStatusBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true,
      response: await service.setStatus(
        tenantContext(request),
        request.params.id,
        request.params.responseId,
        'spam',
      ),
    }),
  )
}
