import type { FastifyPluginAsync } from 'fastify'
import { publicContext } from '../src/http/public.js'
import { call, TEST_PASSWORD, type TestContext } from './helpers.js'

/** A public route for the tenant-lifecycle tests: answers the tenant it was called for. */
export const publicProbeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/lifecycle-probe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['public'],
        operationId: 'testLifecycleProbe',
        summary: 'Answer the tenant of the public context (tests only)',
        response: { 200: { type: 'object', properties: { tenantId: { type: 'string' } } } },
      },
    },
    async (request) => ({ tenantId: publicContext(request).tenantId }),
  )
}

/** DELETE /api/tenants/{id} as `token` with the right password and the slug `t-<id>` (seedTenant's) unless overridden. */
export function deleteTenant(
  ctx: TestContext,
  token: string,
  tenantId: string,
  body: Record<string, unknown> = {},
) {
  return call(ctx.app, 'DELETE', `/api/tenants/${tenantId}`, {
    token,
    body: { currentPassword: TEST_PASSWORD, confirmation: `t-${tenantId}`, ...body },
  })
}

/** POST /api/tenants/{id}/restore with the right password and confirmation unless overridden. */
export function restoreTenant(
  ctx: TestContext,
  token: string,
  tenantId: string,
  body: Record<string, unknown> = {},
) {
  return call(ctx.app, 'POST', `/api/tenants/${tenantId}/restore`, {
    token,
    body: { currentPassword: TEST_PASSWORD, confirmation: `t-${tenantId}`, ...body },
  })
}
