import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable, RequiredTenantQuery } from '../../http/schemas.js'
import { Email, PersonName, RoleMeta } from '../auth/index.js'

/** Membership statuses: `pending` (invited), `active`, `inactive` (deactivated by an administrator). */
export const MEMBER_STATUSES = ['pending', 'active', 'inactive'] as const

const RoleKey = Type.String({ minLength: 1, maxLength: 40, description: 'A role key (system or custom)' })

/**
 * A member as `GET /api/users` lists it (API contract), plus the membership id and a pending
 * member's invitation expiry.
 */
export const MemberSchema = Type.Object({
  id: Type.String({ description: 'The user id' }),
  email: Type.String(),
  firstName: Type.String({ description: 'Empty while the invitation is pending' }),
  lastName: Type.String({ description: 'Empty while the invitation is pending' }),
  role: Type.String(),
  status: Type.String(),
  createdAt: DateTime,
  lastLoginAt: Nullable(DateTime),
  membershipId: Type.String(),
  invitationExpiresAt: Nullable(DateTime),
})
export type Member = Static<typeof MemberSchema>

export const ListMembersQuery = Type.Object(
  {
    ...RequiredTenantQuery,
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Literal part of the name or e-mail' }),
    ),
    status: Type.Optional(Type.Enum([...MEMBER_STATUSES])),
    role: Type.Optional(RoleKey),
  },
  { additionalProperties: false },
)
export type ListMembersQuery = Static<typeof ListMembersQuery>

export const MemberPage = Type.Object({
  users: Type.Array(MemberSchema),
  pagination: Type.Object({
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    pages: Type.Integer(),
    offset: Type.Integer(),
    hasPrevPage: Type.Boolean(),
    hasNextPage: Type.Boolean(),
  }),
})

const MemberMembership = Type.Object({
  id: Type.String(),
  role: Type.String(),
  roleMeta: Nullable(RoleMeta),
  status: Type.String(),
  permissions: Type.Array(Type.String()),
  acceptedAt: Nullable(DateTime),
})

export const MemberBody = Type.Object({
  user: Type.Object({ ...MemberSchema.properties, membership: MemberMembership }),
})

export const MemberParams = Type.Object({ id: Id }, { additionalProperties: false })
export const MemberQuery = Type.Object(RequiredTenantQuery, { additionalProperties: false })

export const InviteBody = Type.Object({ email: Email, role: RoleKey }, { additionalProperties: false })
export type InviteInput = Static<typeof InviteBody>

/** The same for known and unknown addresses (no enumeration). */
export const InviteResponse = Type.Object({
  message: Type.String(),
  invitation: Type.Object({
    email: Type.String(),
    role: Type.String(),
    status: Type.String(),
    expiresAt: DateTime,
  }),
})

export const UpdateMemberBody = Type.Object(
  { email: Type.Optional(Email), firstName: Type.Optional(PersonName), lastName: Type.Optional(PersonName) },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateMemberInput = Static<typeof UpdateMemberBody>

export const RoleBody = Type.Object({ role: RoleKey }, { additionalProperties: false })

export const MembershipBody = Type.Object({ membership: MemberMembership })

export const ToggleStatusResponse = Type.Object({
  membership: Type.Object({ id: Type.String(), role: Type.String(), status: Type.String() }),
})

export const RemoveMemberResponse = Type.Object({ success: Type.Boolean(), message: Type.String() })
