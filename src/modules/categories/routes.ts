import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const categoriesRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
