import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { errorResponses, TenantQuery } from '../../http/schemas.js'
import { roleMetaOf, SYSTEM_ROLES } from './catalog.js'

const Role = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  level: Type.Integer(),
  permissions: Type.Array(Type.String()),
  tenantId: Type.Unsafe<string | null>({ type: 'string', nullable: true }),
  isDefault: Type.Boolean(),
  isSystem: Type.Boolean(),
})

const roles = SYSTEM_ROLES.map((role) => roleMetaOf(role.key)!)

/**
 * `GET /api/roles`: the roles a tenant can assign, highest level first. Only the system roles
 * exist so far; tenant custom roles add rows here when their routes come.
 */
export const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'roles:view' },
      schema: {
        tags: ['roles'],
        operationId: 'listRoles',
        summary: 'List the roles of the tenant',
        querystring: Type.Object(TenantQuery, { additionalProperties: false }),
        response: { 200: Type.Object({ roles: Type.Array(Role) }), ...errorResponses(400, 401, 403) },
      },
    },
    async () => ({ roles }),
  )
}
