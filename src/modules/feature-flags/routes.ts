import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import type { SessionPrincipal } from '../auth/index.js'
import { CreateFeatureFlagBody, FeatureFlagBody, FeatureFlagList } from './schemas.js'
import type { FeatureFlagsService } from './service.js'

const tags = ['feature-flags']

/** `/api/feature-flags` (API contract): the platform's catalogue, for signed-in users. */
export const featureFlagsRoutes: FastifyPluginAsyncTypebox<{ service: FeatureFlagsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'listFeatureFlags',
        summary: 'The feature-flag catalogue',
        description:
          "Every flag with its default. Any signed-in user (a user session; no tenant needed). A tenant's own switches are its settings' features.",
        response: { 200: FeatureFlagList, ...errorResponses(400, 401, 403) },
      },
    },
    () => service.list(),
  )

  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'createFeatureFlag',
        summary: 'Add a flag to the catalogue',
        description:
          'Platform administrators only (PLATFORM_ADMIN_EMAILS, verified e-mail): 403 otherwise. 409 Conflict when the key exists.',
        body: CreateFeatureFlagBody,
        response: { 201: FeatureFlagBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { userId } = request.principal as SessionPrincipal
      return reply.status(201).send({ flag: await service.create(userId, request.body, clientOf(request)) })
    },
  )
}
