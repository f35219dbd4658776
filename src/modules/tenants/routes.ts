import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { clientOf, tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import type { SessionPrincipal } from '../auth/index.js'
import { tenantLifecycleRoutes } from './lifecycle-routes.js'
import type { TenantLifecycleServices } from './lifecycle-services.js'
import { CreatedTenant, CreateTenantBody, NoQuery, TenantInfoSchema, TenantList } from './schemas.js'
import type { TenantsService } from './service.js'

/**
 * Tenant creation and listing (`/api/tenants`, user session, no tenant needed) and the tenant's
 * public identity (`/api/tenant/info`, any member or API token). Registered at prefix `/api`.
 */
export const tenantsRoutes: FastifyPluginAsyncTypebox<{
  service: TenantsService
  lifecycle: TenantLifecycleServices
  secureCookie: boolean
}> = async (app, { service, lifecycle, secureCookie }) => {
  await app.register(tenantLifecycleRoutes, {
    lifecycle: lifecycle.deletion,
    transfers: lifecycle.transfers,
    onboarding: lifecycle.onboarding,
    secureCookie,
  })

  app.post(
    '/tenants',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'createTenant',
        summary: 'Create a tenant owned by the caller and make it the session’s active tenant',
        description:
          'The caller becomes its owner. The session’s active tenant becomes the new tenant; its token and csrfToken stay valid (creating several tenants in a row needs no new token). 403 PlanNotAllowed for a plan the caller may not request (GET /api/tenants/creation-options lists them); 409 SlugConflict with suggestions.',
        querystring: NoQuery,
        body: CreateTenantBody,
        response: { 201: CreatedTenant, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      // `user` auth guarantees a session principal.
      const principal = request.principal as SessionPrincipal
      const created = await service.create(principal, request.body, clientOf(request))
      return reply.status(201).send(created)
    },
  )

  app.get(
    '/tenants',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'listTenants',
        summary: "List the caller's tenants (active and pending memberships)",
        querystring: NoQuery,
        response: { 200: TenantList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listForUser((request.principal as SessionPrincipal).userId),
  )

  app.get(
    '/tenant/info',
    {
      // Any member or API token may read the tenant's identity: every role holds dashboard:view.
      config: { auth: 'tenant', permission: 'dashboard:view' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantInfo',
        summary: "The tenant's identity and branding",
        querystring: TenantOnlyQuery,
        response: { 200: TenantInfoSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.info(tenantContext(request)),
  )
}
