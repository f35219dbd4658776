import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const usersRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
