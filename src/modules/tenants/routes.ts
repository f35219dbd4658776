import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const tenantsRoutes: FastifyPluginAsyncTypebox<{
  service?: unknown
  secureCookie?: boolean
}> = async () => {}
