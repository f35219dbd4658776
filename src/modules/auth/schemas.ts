import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable } from '../../http/schemas.js'

/**
 * Password bounds: the spec's minimum 6 (docs/decisions/http.md "Limits the contract sets"); the
 * maximum caps hashing work per request.
 */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 1024

export const Email = Type.String({ format: 'email', maxLength: 254 })
export const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
export const CurrentPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })
export const PersonName = Type.String({ minLength: 1, maxLength: 200 })

/** The tenant as a membership shows it (API contract: POST /api/auth/login). */
export const MembershipTenant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  plan: Type.String(),
  status: Type.String(),
  createdAt: DateTime,
})

/**
 * A membership's `roleMeta` (API contract: POST /api/auth/login), in its login form (with tenantId,
 * isDefault, isSystem); tenantId is the membership's.
 */
export const RoleMeta = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  level: Type.Integer(),
  permissions: Type.Array(Type.String()),
  tenantId: Type.String(),
  isDefault: Type.Boolean(),
  isSystem: Type.Boolean(),
})

/**
 * A membership (API contract: POST /api/auth/login). `permissions` are the expanded permissions the
 * member holds in the tenant now: empty unless both the membership and the tenant are active.
 */
export const MembershipSchema = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  tenant: MembershipTenant,
  role: Type.String(),
  roleMeta: Nullable(RoleMeta),
  status: Type.String(),
  permissions: Type.Array(Type.String()),
})
export type Membership = Static<typeof MembershipSchema>

/**
 * The user as login returns it (API contract: POST /api/auth/login), plus `emailVerified`
 * (docs/decisions/accounts.md "A verified address").
 */
export const SessionUserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mustChangePassword: Type.Boolean(),
  emailVerified: Type.Boolean(),
  role: Nullable(Type.String()),
  permissions: Type.Array(Type.String()),
})
export type SessionUser = Static<typeof SessionUserSchema>

/**
 * What every response that starts or rotates a session carries (docs/decisions/auth.md "Session
 * lifetimes").
 */
const IssuedMembers = {
  csrfToken: Type.String(),
  token: Type.String({ description: 'Session JWT for the Authorization: Bearer header' }),
  expiresAt: DateTime,
}

const SessionState = {
  user: SessionUserSchema,
  memberships: Type.Array(MembershipSchema),
  activeMembership: Nullable(MembershipSchema),
  requiresTenantSelection: Type.Boolean(),
}

export const RegisterBody = Type.Object(
  { email: Email, password: NewPassword, firstName: PersonName, lastName: PersonName },
  { additionalProperties: false },
)
export type RegisterInput = Static<typeof RegisterBody>

export const RegisterResponse = Type.Object({
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    emailVerified: Type.Boolean(),
  }),
  tenant: Nullable(Type.Object({ id: Type.String(), name: Type.String(), slug: Type.String() })),
})

export const LoginBody = Type.Object(
  { email: Email, password: CurrentPassword, tenantId: Type.Optional(Id) },
  { additionalProperties: false },
)
export type LoginInput = Static<typeof LoginBody>

export const LoginResponse = Type.Object({ ...SessionState, ...IssuedMembers, message: Type.String() })
export type LoginResult = Static<typeof LoginResponse>

export const EmptyBody = Type.Object({}, { additionalProperties: false })

export const RefreshResponse = Type.Object({
  ...IssuedMembers,
  role: Nullable(Type.String()),
  permissions: Type.Array(Type.String()),
})

/**
 * `GET /api/auth/session` (docs/decisions/auth.md "The session answer"): the signed-in state, or
 * `{ authenticated: false }` when no session is presented (or the cookie's session has ended).
 */
export const SessionResponse = Type.Union([
  Type.Object({ authenticated: Type.Literal(true), ...SessionState, csrfToken: Type.String() }),
  Type.Object(
    { authenticated: Type.Literal(false) },
    { additionalProperties: false, description: 'Nobody is signed in' },
  ),
])

export const SwitchTenantBody = Type.Object({ tenantId: Id }, { additionalProperties: false })

export const SwitchTenantResponse = Type.Object({ ...SessionState, ...IssuedMembers })

export const TokenBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
)

export const VerifyEmailResponse = Type.Object({
  message: Type.String(),
  verified: Type.Boolean(),
  alreadyVerified: Type.Boolean(),
})

export const EmailBody = Type.Object({ email: Email }, { additionalProperties: false })

export const ResetPasswordBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: NewPassword },
  { additionalProperties: false },
)

/** A freshly issued session as password changes return it. */
export const IssuedSessionResponse = Type.Object({ message: Type.String(), ...IssuedMembers })
