import { createReadStream } from 'node:fs'
import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AppError, errors } from '../../errors.js'
import { errorResponses, SuccessBody } from '../../http/schemas.js'
import type { SessionPrincipal } from '../auth/index.js'
import type { ExportService } from './export-service.js'
import type { ImportService } from './import-service.js'
import {
  ArchiveBody,
  ArchiveFile,
  ExportBody,
  ExportList,
  ExportParams,
  ImportBody,
  ImportParams,
  NoQuery,
  StartExportBody,
  StartImportQuery,
  TenantIdParams,
} from './schemas.js'

const WHO =
  'Who: a signed-in user (session) who is an active owner or admin of the tenant (permission tenants:update). A tenant where the caller is no active member answers 404; other members get 403.'

const GZIP_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream']

/**
 * Tenant export and import under `/api/tenants` (docs/decisions/portability.md): exports of the
 * tenant named by the path, and imports of an archive as a new tenant. The import's body is the
 * archive, streamed to disk by the service and never held in memory, so Fastify's body limit does
 * not apply to it.
 */
export const portabilityRoutes: FastifyPluginAsyncTypebox<{
  exports: ExportService
  imports: ImportService
}> = async (app, { exports, imports }) => {
  const userOf = (principal: unknown) => (principal as SessionPrincipal).userId

  app.post(
    '/tenants/:id/exports',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'startTenantExport',
        summary: 'Export the whole tenant into one archive, in the background',
        description: `Queues an export of the tenant: its contents, taxonomy, media files, forms, collections, menus, placements, settings, roles and API tokens (without their secrets), and its members, written as a .tar.gz kept EXPORT_RETENTION_HOURS. Form responses and placement statistics only when asked. Follow it with GET /api/tenants/{id}/exports/{exportId}. ${WHO}`,
        params: TenantIdParams,
        querystring: NoQuery,
        body: StartExportBody,
        response: { 202: ExportBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const started = await exports.start(request.params.id, userOf(request.principal), {
        includeResponses: request.body.includeResponses ?? false,
        includeStatistics: request.body.includeStatistics ?? false,
      })
      return reply.status(202).send({ export: started })
    },
  )

  app.get(
    '/tenants/:id/exports',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'listTenantExports',
        summary: "The tenant's exports, newest first",
        description: WHO,
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: ExportList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ exports: await exports.list(request.params.id, userOf(request.principal)) }),
  )

  app.get(
    '/tenants/:id/exports/:exportId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantExport',
        summary: 'An export: its status, progress and counts',
        description: WHO,
        params: ExportParams,
        querystring: NoQuery,
        response: { 200: ExportBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      export: await exports.get(request.params.id, userOf(request.principal), request.params.exportId),
    }),
  )

  app.get(
    '/tenants/:id/exports/:exportId/download',
    {
      config: { auth: 'user', cache: 'no-store' },
      schema: {
        tags: ['tenants'],
        operationId: 'downloadTenantExport',
        summary: "An export's archive (application/gzip)",
        description: `The archive of a succeeded export, streamed; 409 while it is queued or running, or when it failed. ${WHO}`,
        params: ExportParams,
        querystring: NoQuery,
        response: {
          200: { description: 'The archive', content: { 'application/gzip': { schema: ArchiveFile } } },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { file, size, fileName } = await exports.download(
        request.params.id,
        userOf(request.principal),
        request.params.exportId,
      )
      const stream = createReadStream(file.path)
      stream.once('close', () => void file.release())
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream)
    },
  )

  app.delete(
    '/tenants/:id/exports/:exportId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'deleteTenantExport',
        summary: 'Remove an export and its archive',
        description: WHO,
        params: ExportParams,
        querystring: NoQuery,
        response: { 200: SuccessBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await exports.remove(request.params.id, userOf(request.principal), request.params.exportId)
      return { success: true }
    },
  )

  // The archive arrives as the request stream (the service spools it to disk).
  await app.register(async (scope: typeof app) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(GZIP_TYPES, (_request, payload, done) => done(null, payload))
    scope.addContentTypeParser('*', (_request, _payload, done) =>
      done(new AppError('UnsupportedMediaType', 'portability.sendGzip'), undefined),
    )
    scope.post(
      '/tenants/imports',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['tenants'],
          operationId: 'startTenantImport',
          summary: 'Import an export archive as a new tenant, in the background',
          description:
            "The body is an archive written by a tenant export (Content-Type application/gzip), streamed to the server and checked before anything is written: a damaged archive (not a tar.gz, an entry missing or not matching its checksum), an unknown format version, or data beyond the archive's own tenant limits answer 400 naming what is wrong; a slug in use answers 409 naming it (choose another with ?slug=). The import then creates the tenant and every row in one transaction, in a background job; the caller becomes its owner and the other members pending members (nothing mailed). Follow it with GET /api/tenants/imports/{importId}. Who: any signed-in user (session).",
          consumes: ['application/gzip'],
          querystring: StartImportQuery,
          body: ArchiveBody,
          response: { 202: ImportBody, ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const body = request.body as Readable | undefined
        if (typeof body?.pipe !== 'function') throw errors.badRequest('portability.sendFile')
        const started = await imports.start({
          userId: userOf(request.principal),
          body,
          name: request.query.name ?? null,
          slug: request.query.slug ?? null,
        })
        return reply.status(202).send({ import: started })
      },
    )
  })

  app.get(
    '/tenants/imports/:importId',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantImport',
        summary: 'A tenant import: status, progress, the new tenant and what is left to do',
        description:
          "The caller's own import: its status and progress, the new tenant's id once it committed, rows per table, and the notes: secrets to set again, API tokens to regenerate, members to invite. Another account's import answers 404. Who: the signed-in user (session) who sent it.",
        params: ImportParams,
        querystring: NoQuery,
        response: { 200: ImportBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ import: await imports.get(userOf(request.principal), request.params.importId) }),
  )
}
