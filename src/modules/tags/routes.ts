import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const tagsRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
