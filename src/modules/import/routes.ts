import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { AppError, errors } from '../../errors.js'
import { errorResponses, IdParams, TenantQuery } from '../../http/schemas.js'
import { ImportBody, StartImportQuery, WxrFileBody } from './schemas.js'
import type { ImportsService } from './service.js'

const XML_TYPES = ['application/xml', 'text/xml']

/**
 * `/api/imports`: imports into the caller's tenant, run by the server that owns the database (the
 * way to import into a running embedded server; decisions.md "Embedded database"). Starting one is a
 * tenant-wide change, so it takes `tenants:update`, which owners and admins have and editors do not
 * (API tokens of those roles need the `write` scope, and `read` to follow the import).
 *
 * The family parses its own bodies: the export as raw bytes, up to `maxBytes` (413 beyond).
 */
export const importsRoutes: FastifyPluginAsyncTypebox<{ service: ImportsService; maxBytes: number }> = async (
  app,
  { service, maxBytes },
) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(XML_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
    done(null, body),
  )
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new AppError('UnsupportedMediaType', 'Send the WordPress export as application/xml.'), undefined),
  )
  app.addHook('onReady', async () => {
    await service.recoverInterrupted()
  })
  app.addHook('onClose', async () => {
    await service.close()
  })

  app.post(
    '/wordpress',
    {
      bodyLimit: maxBytes,
      config: { auth: 'tenant', permission: 'tenants:update' },
      schema: {
        tags: ['imports'],
        operationId: 'startWordPressImport',
        summary: 'Import a WordPress export (WXR) into the tenant, in the background',
        description:
          'The body is the export file (Content-Type application/xml). It is checked before anything is queued; the answer carries the import id to follow with GET /api/imports/{id}. Running the same export again creates nothing twice.',
        consumes: XML_TYPES,
        querystring: StartImportQuery,
        body: WxrFileBody,
        response: { 202: ImportBody, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!(request.body instanceof Uint8Array)) {
        throw errors.badRequest('Send the WordPress export file as the request body (application/xml).')
      }
      const principal = request.principal
      const started = await service.startWordPress({
        tenantId: request.tenantId,
        actorId: principal?.kind === 'user' ? principal.userId : null,
        body: request.body,
        dryRun: request.query.dryRun ?? false,
      })
      return reply.status(202).send({ import: started })
    },
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
