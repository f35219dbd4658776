import { Type } from 'typebox'
import { Id } from '../../http/schemas.js'
import { CurrentPassword } from '../auth/index.js'

export const DeleteMeBody = Type.Object(
  {
    currentPassword: CurrentPassword,
    confirmation: Type.String({
      minLength: 3,
      maxLength: 254,
      description: 'The e-mail address of the account',
    }),
  },
  { additionalProperties: false },
)

const TenantRef = { tenantId: Type.String(), name: Type.String(), slug: Type.String() }

export const DeletionPreflight = Type.Object({
  canDelete: Type.Boolean(),
  confirmation: Type.String({ description: 'What DELETE /api/users/me expects as confirmation' }),
  blockingTenants: Type.Array(
    Type.Object({ ...TenantRef, ownerCount: Type.Integer(), otherMembers: Type.Integer() }),
    { description: 'Tenants where the user is the last active owner and others are members' },
  ),
  tenantsToDelete: Type.Array(Type.Object(TenantRef), {
    description: 'Tenants whose only member is this owner: deleted with the account',
  }),
  membershipsToRevoke: Type.Integer(),
})

export const LeaveParams = Type.Object({ id: Id }, { additionalProperties: false })
export const LeaveBody = Type.Object({ password: CurrentPassword }, { additionalProperties: false })
export const LeaveResponse = Type.Object({ success: Type.Boolean(), message: Type.String() })
