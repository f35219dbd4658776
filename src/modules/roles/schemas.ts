import { type Static, Type } from 'typebox'
import { Nullable, TenantQuery } from '../../http/schemas.js'
import { ALL_PERMISSIONS, ROLE_KEYS } from '../../permissions.js'

/** A custom role's key: lowercase, digits and dashes, not a system role key (checked by the service). */
export const ROLE_KEY_PATTERN = '^[a-z][a-z0-9-]{1,39}$'

/** The role list item (API contract: GET /api/roles); `tenantId` is null for system roles. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  level: Type.Integer(),
  permissions: Type.Array(Type.String()),
  tenantId: Nullable(Type.String()),
  isDefault: Type.Boolean(),
  isSystem: Type.Boolean(),
})
export type Role = Static<typeof RoleSchema>

export const RoleBody = Type.Object({ role: RoleSchema })
export const RoleList = Type.Object({ roles: Type.Array(RoleSchema) })

const Permissions = Type.Array(Type.Enum([...ALL_PERMISSIONS]), {
  uniqueItems: true,
  maxItems: ALL_PERMISSIONS.length,
  description: 'Permissions from the catalogue; only those the caller holds',
})
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
const Description = Type.String({ maxLength: 500 })
const Level = Type.Integer({ minimum: 1, maximum: 49, description: 'Below the caller’s own role level' })

export const CreateRoleBody = Type.Object(
  {
    key: Type.String({
      pattern: ROLE_KEY_PATTERN,
      description: `2–40 of a-z, 0-9 and "-", starting with a letter; not a system key (${ROLE_KEYS.join(', ')})`,
      'x-expect': '2–40 lowercase letters, digits or dashes, starting with a letter',
    }),
    name: Name,
    description: Type.Optional(Description),
    level: Level,
    permissions: Permissions,
  },
  { additionalProperties: false },
)
export type CreateRoleInput = Static<typeof CreateRoleBody>

export const UpdateRoleBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    level: Type.Optional(Level),
    permissions: Type.Optional(Permissions),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateRoleInput = Static<typeof UpdateRoleBody>

export const DeleteRoleQuery = Type.Object(
  {
    ...TenantQuery,
    reassignTo: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'Role key the members of the deleted role move to (required while it is in use)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const DeleteRoleResponse = Type.Object({ success: Type.Boolean(), reassigned: Type.Integer() })
