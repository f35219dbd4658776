import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import { MediaBody } from './schemas.js'
import { PresignBody, PresignResult, RegisterBody, RegisterExistingBody } from './upload-schemas.js'
import type { MediaUploads } from './uploads.js'

/** `POST /api/media/presign`, `POST /api/media` and `POST /api/media/register-existing`. */
export const uploadRoutes: FastifyPluginAsyncTypebox<{ uploads: MediaUploads }> = async (
  app,
  { uploads },
) => {
  app.post(
    '/presign',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['media'],
        operationId: 'presignMediaUpload',
        summary: 'Get a URL to upload one file to',
        description:
          "Grants one upload of `contentType` and at most `size` bytes under a key the server chooses (the file name only names it), valid until expiresAt: PUT the file to uploadUrl with the returned headers, then register the key with POST /api/media. 400 when the type is not on the tenant's allow-list (HTML and SVG never are) or size exceeds MEDIA_MAX_UPLOAD_BYTES; 403 LimitExceeded when limits.media is reached. Permission media:create.",
        querystring: TenantOnlyQuery,
        body: PresignBody,
        response: { 200: PresignResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => uploads.presign(tenantContext(request), request.body),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['media'],
        operationId: 'registerMedia',
        summary: 'Register an uploaded file as media',
        description:
          'Registers the file uploaded under a key this tenant presigned: its real type is read from its bytes and must be the presigned one, its size within the grant. Only the first bytes of the file are read: an image is measured from its header and refused (400) beyond MEDIA_MAX_IMAGE_PIXELS (50 MP by default); its variants (thumbnail, small, medium, large, webp) are made in the background, so the answer has variantsStatus pending and no variants yet; the url serves the original at once, and a read shows variantsStatus ready (with variants and thumbnailUrl) or failed later. A refused file is removed. 404 for a key this tenant did not presign; 400 when nothing was uploaded or the checks fail; 409 when already registered; 403 LimitExceeded at limits.media. Permission media:create.',
        querystring: TenantOnlyQuery,
        body: RegisterBody,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ media: await uploads.register(tenantContext(request), request.body) }),
  )

  app.post(
    '/register-existing',
    {
      config: { auth: 'tenant', permission: 'media:create' },
      schema: {
        tags: ['media'],
        operationId: 'registerExistingMedia',
        summary: "Register a file already in this tenant's storage",
        description:
          "Records an object already stored under this tenant's prefix, named by key or by its public sourceUrl (exactly one, 400 otherwise), with the same checks as registration (its type must be on the allow-list, an image within MEDIA_MAX_IMAGE_PIXELS) and its variants made in the same way (variantsStatus pending at first). 404 when the key is not this tenant's or nothing is stored there; 409 when already registered. Permission media:create.",
        querystring: TenantOnlyQuery,
        body: RegisterExistingBody,
        response: { 200: MediaBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ media: await uploads.registerExisting(tenantContext(request), request.body) }),
  )
}
