import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { tenantContext } from '../../http/auth.js'
import { errorResponses, TenantOnlyQuery } from '../../http/schemas.js'
import {
  CreateRoleBody,
  DeleteRoleQuery,
  DeleteRoleResponse,
  RoleBody,
  RoleList,
  UpdateRoleBody,
} from './schemas.js'
import type { RolesService } from './service.js'

const tags = ['roles']
const RoleIdParams = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'A custom role id (system roles: their key)',
    }),
  },
  { additionalProperties: false },
)

/** `/api/roles`: the tenant's roles; custom roles are written with `roles:*` permissions. */
export const rolesRoutes: FastifyPluginAsyncTypebox<{ service: RolesService }> = async (app, { service }) => {
  app.get(
    '/',
    {
      config: { auth: 'tenant', permission: 'roles:view' },
      schema: {
        tags,
        operationId: 'listRoles',
        summary: 'List the roles of the tenant',
        description:
          'The system roles (owner, admin, editor, author, viewer; read-only), then the tenant’s custom roles, each highest level first.',
        querystring: TenantOnlyQuery,
        response: { 200: RoleList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(tenantContext(request)),
  )

  app.post(
    '/',
    {
      config: { auth: 'tenant', permission: 'roles:create' },
      schema: {
        tags,
        operationId: 'createRole',
        summary: 'Create a custom role',
        description:
          'Creates a tenant role. Its level must be below the caller’s own role level and its permissions among those the caller holds (403 otherwise); a system key is 400; a key the tenant already has is 409.',
        querystring: TenantOnlyQuery,
        body: CreateRoleBody,
        response: { 201: RoleBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return service.create(tenantContext(request), request.role, request.body)
    },
  )

  app.put(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'roles:update' },
      schema: {
        tags,
        operationId: 'updateRole',
        summary: 'Update a custom role',
        description:
          'Changes name, description, level or permissions of a custom role (the key is fixed). The role must be below the caller’s level before and after, with permissions the caller holds (403); system roles are read-only (403); unknown or another tenant’s role is 404.',
        params: RoleIdParams,
        querystring: TenantOnlyQuery,
        body: UpdateRoleBody,
        response: { 200: RoleBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.update(tenantContext(request), request.role, request.params.id, request.body),
  )

  app.delete(
    '/:id',
    {
      config: { auth: 'tenant', permission: 'roles:delete' },
      schema: {
        tags,
        operationId: 'deleteRole',
        summary: 'Delete a custom role',
        description:
          'Deletes a custom role below the caller’s level. While members (including pending invitations) hold it the answer is 409, unless `reassignTo` names another role the caller may grant: the members move to it first (`reassigned` counts them). System roles are read-only (403); unknown or another tenant’s role is 404.',
        params: RoleIdParams,
        querystring: DeleteRoleQuery,
        response: { 200: DeleteRoleResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.delete(tenantContext(request), request.role, request.params.id, request.query.reassignTo),
  )
}
