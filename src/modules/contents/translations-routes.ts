import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import { ContentBody, CreateTranslationBody, TranslationsBody } from './schemas.js'
import type { ContentsService } from './service.js'

const tags = ['contents']

/**
 * `/api/contents/{id}/translations`: the translations of a content's document
 * (docs/decisions/localization.md "Contents are translated as documents"). Registered under the
 * contents prefix. Making a translation creates a content (`content:create`).
 */
export const contentTranslationsRoutes: FastifyPluginAsyncTypebox<{ service: ContentsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/:id/translations',
    {
      config: { auth: 'tenant', permission: 'content:create' },
      schema: {
        tags,
        operationId: 'createContentTranslation',
        summary: 'Translate a content into another of the tenant’s locales (a draft to edit)',
        description:
          'A draft content in `locale`, in the same document (`translationGroupId`) as this one, prefilled from it: title, summary, html, lexical, custom fields, type, order, author, categories, tags, featured media and galleries. Its slug is this content’s (numbered when the locale has it already); its parent is the parent’s translation in `locale` when there is one, else this content’s parent. 400 when `locale` is not one of the tenant’s, 409 `Conflict` when the document has a translation in it already; the entries limit applies.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: CreateTranslationBody,
        response: { 201: ContentBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const content = await service.createTranslation(tenantContext(request), request.params.id, request.body)
      reply.code(201)
      return { content }
    },
  )

  app.get(
    '/:id/translations',
    {
      config: { auth: 'tenant', permission: 'content:view' },
      schema: {
        tags,
        operationId: 'listContentTranslations',
        summary: 'List the translations of a content’s document',
        description:
          'Every translation of the document this content belongs to, this one included, by locale; an API token without the preview scope sees the published ones only.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        response: { 200: TranslationsBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.translations(tenantContext(request), request.params.id),
  )
}
