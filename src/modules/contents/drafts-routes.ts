import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, IdParams, TenantOnlyQuery } from '../../http/schemas.js'
import { ContentBody, DiscardDraftQuery, PublishDraftBody, SaveDraftBody } from './schemas.js'
import type { ContentsService } from './service.js'

const tags = ['contents']
const update = { auth: 'tenant', permission: 'content:update' } as const

/**
 * `/api/contents/{id}/draft…`: drafts of published contents (docs/decisions/content.md "Drafts of
 * published contents"). Registered under the contents prefix. Saving and publishing a draft need
 * `content:update` (publishing a content needs it today); discarding, a DELETE, `content:delete`.
 */
export const contentDraftsRoutes: FastifyPluginAsyncTypebox<{ service: ContentsService }> = async (
  app,
  { service },
) => {
  app.put(
    '/:id/draft',
    {
      config: update,
      schema: {
        tags,
        operationId: 'saveContentDraft',
        summary: 'Save changes to a published content’s draft (not live yet)',
        description:
          'The update’s fields but `status` and `publishAt`, applied to the content’s pending draft (started from the live content when there is none). The live content, public reads, API tokens without the preview scope, the delivery cache and webhooks see nothing of it until the draft is published. Each save is a version (`draft` true) and raises `version`. Answers the content as the draft makes it, with `pendingDraft`. 409 `ContentNotPublished` for a content that is not published (save it with PUT /api/contents/{id}), `VersionConflict` for a stale `expectedVersion`, `SlugConflict` for a slug another content holds.',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: SaveDraftBody,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      content: await service.saveDraft(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.post(
    '/:id/draft/publish',
    {
      config: update,
      schema: {
        tags,
        operationId: 'publishContentDraft',
        summary: 'Make a published content’s pending draft live, now or at a time',
        description:
          'Without `publishAt`: the draft’s text becomes the live content, as an update would write it (a new version, `content.updated` naming the changed members), and the draft is gone. With a future `publishAt`: that happens then (the live content serves until then; later draft saves go live with it; publishing again reschedules or, without `publishAt`, publishes now). 409 `NoPendingDraft` when there is none (`ContentNotPublished` for a content that is not published), `VersionConflict` for a stale `expectedVersion`, `SlugConflict` when the draft’s slug was taken meanwhile; 400 for a past `publishAt` or custom fields that no longer fit; 403 when scheduling is switched off (features.contentScheduling).',
        params: IdParams,
        querystring: TenantOnlyQuery,
        body: PublishDraftBody,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      content: await service.publishDraft(tenantContext(request), request.params.id, request.body),
    }),
  )

  app.delete(
    '/:id/draft',
    {
      config: { auth: 'tenant', permission: 'content:delete' },
      schema: {
        tags,
        operationId: 'discardContentDraft',
        summary: 'Discard a published content’s pending draft',
        description:
          'Drops the draft and its schedule; the live content stays as it is (no event). A new version records the live content again; the draft’s versions stay in the history. Answers the live content. 409 `NoPendingDraft` when there is none, `VersionConflict` for a stale `expectedVersion`.',
        params: IdParams,
        querystring: DiscardDraftQuery,
        response: { 200: ContentBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      content: await service.discardDraft(
        tenantContext(request),
        request.params.id,
        request.query.expectedVersion,
      ),
    }),
  )
}
