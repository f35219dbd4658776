import { createReadStream } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import { errors } from '../../errors.js'
import { byteRange, type MediaFiles } from './files.js'
import type { MediaUploads } from './uploads.js'

/**
 * The local driver's file routes at `/media/<key>`, outside `/api` (they take no credential):
 * `PUT` receives a presigned upload (the signature is the credential), `GET`/`HEAD` serve
 * registered files with ranges and ETags. Served files carry `nosniff` (set on every response), a
 * sandboxing Content-Security-Policy, and `Content-Disposition: attachment` unless they are images,
 * audio or video, so a stored file never runs as a page of this origin.
 */
export const mediaFileRoutes: FastifyPluginAsync<{ uploads: MediaUploads; files: MediaFiles }> = async (
  app,
  { uploads, files },
) => {
  // The body is the file: streamed to disk by the service, never buffered or parsed.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  // Browser apps on any origin upload and read directly: the signature (PUT) is the credential, the
  // files are public, and no cookie is ever used here, so every origin may call these routes.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*')
    done()
  })
  app.options('/media/*', { config: { auth: 'none' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, HEAD, PUT')
      .header('access-control-allow-headers', 'content-type, range, if-none-match')
      .header('access-control-max-age', '600')
      .send(),
  )

  app.put('/media/*', { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    const size = await uploads.receive(
      key,
      request.headers['content-type'],
      request.query as Record<string, unknown>,
      request.raw,
      request.headers['content-length'] === undefined ? undefined : Number(request.headers['content-length']),
    )
    return reply.status(200).send({ key, size })
  })

  app.get('/media/*', { config: { auth: 'none' }, schema: { hide: true } }, async (request, reply) => {
    const file = await files.find((request.params as { '*': string })['*'])
    if (file === null) throw errors.notFound('File')
    reply
      .header('etag', file.etag)
      .header('last-modified', file.lastModified.toUTCString())
      .header('accept-ranges', 'bytes')
      // Keys are never reused: a file under a key never changes.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', `${file.disposition}; filename="${file.fileName}"`)
      .header('access-control-expose-headers', 'content-length, content-range, etag')
    const ifNoneMatch = request.headers['if-none-match']
    if (
      ifNoneMatch
        ?.split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === file.etag || tag.trim() === '*')
    ) {
      return reply.status(304).send()
    }
    const ifRange = request.headers['if-range']
    const range =
      ifRange === undefined || ifRange === file.etag ? byteRange(request.headers.range, file.size) : 'whole'
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${file.size}`).send()
    }
    reply.header('content-type', file.mimeType)
    if (range === 'whole') {
      reply.header('content-length', file.size)
      return reply.status(200).send(createReadStream(file.path))
    }
    reply
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
    return reply.status(206).send(createReadStream(file.path, { start: range.start, end: range.end }))
  })
}
