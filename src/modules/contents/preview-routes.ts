import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import { PreviewTokenAnswer, PreviewTokenBody } from './preview-schemas.js'
import type { PreviewTokens } from './preview-tokens.js'

/**
 * `POST /api/contents/{id}/preview-token` (docs/decisions/preview.md): a token that reads the
 * content's latest draft through the public routes. Registered under the contents prefix; as a
 * write, its answer (which holds the secret) is `no-store`.
 */
export const contentPreviewRoutes: FastifyPluginAsyncTypebox<{ service: PreviewTokens }> = async (
  app,
  { service },
) => {
  app.post(
    '/:id/preview-token',
    {
      config: { auth: 'tenant', permission: 'content:preview' },
      schema: {
        tags: ['contents'],
        operationId: 'createContentPreviewToken',
        summary: 'Get a token that reads the content’s latest draft on the public routes',
        description:
          'A token (shown once; Folio keeps its SHA-256) that public reads carry as `X-Preview-Token`: `GET /api/public/contents/slug/{slug}` then answers the latest draft (a published content’s pending draft, else the content) of the translation of this content’s document whose draft or live slug is {slug}, in the public shape, `Cache-Control: no-store`, `X-Robots-Tag: noindex`. It reads nothing else (another slug: 401 `PreviewTokenInvalid`) and lasts `expiresInSeconds` (default and at most an hour). Deleting the content revokes it, and so does its creator losing `content:preview` in the tenant. `url`: the tenant’s preview URL template for the content’s type filled in, or null. Needs `content:preview` (an API token: the preview scope); 404 for a content the tenant does not have.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: PreviewTokenBody,
        response: { 201: PreviewTokenAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return service.issue(tenantContext(request), request.params.id, request.body)
    },
  )
}
