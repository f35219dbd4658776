import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const apiTokensRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
