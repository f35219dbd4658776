import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError, errors } from '../../errors.js'
import { errorResponses, IdParams, TenantQuery } from '../../http/schemas.js'
import { ImportBody, ImportPage, ListImportsQuery, StartImportQuery, WxrFileBody } from './schemas.js'
import type { ImportsService } from './service.js'

const XML_TYPES = ['application/xml', 'text/xml']

/**
 * `/api/imports`: imports into the caller's tenant, run by the server that owns the database (the
 * way to import into a running embedded server; docs/decisions/imports.md "An import into a running embedded server goes through the server"). Starting one is a
 * tenant-wide change, so it takes `tenants:update`, which owners and admins have and editors do not
 * (API tokens of those roles need the `write` scope, and `read` to follow the import).
 *
 * The family parses its own bodies: the export is handed to the service as the request stream,
 * which spools it to disk (IMPORT_MAX_BYTES at most, 413 beyond): it is never held in memory.
 */
export const importsRoutes: FastifyPluginAsyncTypebox<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(XML_TYPES, (_request, payload, done) => done(null, payload))
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('UnsupportedMediaType', 'imports.sendXml'), undefined),
  )

  app.post(
    '/wordpress',
    {
      config: { auth: 'tenant', permission: 'tenants:update' },
      schema: {
        tags: ['imports'],
        operationId: 'startWordPressImport',
        summary: 'Import a WordPress export (WXR) into the tenant, in the background',
        description:
          'The body is the export file (Content-Type application/xml), up to IMPORT_MAX_BYTES (413 beyond). It is stored on the server and checked as it arrives (400 for a malformed, hostile or non-WXR file; nothing is queued then); the import then runs in a background job, which survives a restart of the server (it starts again from the beginning, creating nothing twice). The answer carries the import id to follow with GET /api/imports/{id}. Attachments stay on the WordPress site as external media unless copyMedia=true, which downloads each file (through the guard on outbound requests and the upload checks) into the tenant media library with its variants and rewrites the imported html to the copies; a file that cannot be copied is a problem and stays external. One import per tenant is queued or running at a time, dry runs included: 409 while another one is. Running the same export again creates nothing twice.',
        consumes: XML_TYPES,
        querystring: StartImportQuery,
        body: WxrFileBody,
        response: { 202: ImportBody, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body as Readable | undefined
      if (typeof body?.pipe !== 'function') {
        throw errors.badRequest('imports.sendFile')
      }
      const principal = request.principal
      const length = request.headers['content-length']
      const started = await service.startWordPress({
        tenantId: request.tenantId,
        actorId: principal?.kind === 'user' ? principal.userId : null,
        body,
        declaredBytes: length === undefined ? undefined : Number(length),
        dryRun: request.query.dryRun ?? false,
        copyMedia: request.query.copyMedia ?? false,
      })
      return reply.status(202).send({ import: started })
    },
  )

  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'tenants:view' },
      schema: {
        tags: ['imports'],
        operationId: 'listImports',
        summary: "The tenant's imports, newest first, with their counts and problems",
        description:
          'Every import started through the API (dry runs included), newest first: its status, options, counts per kind, problems and where the media files were left, so a report stays readable after its import ended. Permission tenants:view.',
        querystring: ListImportsQuery,
        response: { 200: ImportPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.tenantId, request.query),
  )

  app.get(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'tenants:view' },
      schema: {
        tags: ['imports'],
        operationId: 'getImport',
        summary: 'An import: its status, progress, counts per kind and problems',
        params: IdParams,
        querystring: Type.Object(TenantQuery, { additionalProperties: false }),
        response: { 200: ImportBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ import: await service.get(request.tenantId, request.params.id) }),
  )
}
