import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const contentsRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
