import { type Static, Type } from 'typebox'
import { DateTime, Nullable } from '../../http/schemas.js'
import { MembershipSchema, NewPassword, PersonName, SessionUserSchema } from '../auth/index.js'

/**
 * docs/decisions/http.md "Limits the contract sets": invitation tokens are at least 10 characters
 * (ours are 43).
 */
const InvitationToken = Type.String({ minLength: 10, maxLength: 200 })

export const PreviewQuery = Type.Object({ token: InvitationToken }, { additionalProperties: false })

/** The invitation preview (API contract: GET /api/auth/invitations/preview). */
export const InvitationPreviewSchema = Type.Object({
  email: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  role: Type.String(),
  status: Type.String(),
  expiresAt: DateTime,
  requiresPasswordSetup: Type.Boolean(),
  requiresProfileSetup: Type.Boolean(),
  requiresAuthentication: Type.Boolean(),
  tenant: Nullable(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      slug: Type.String(),
      plan: Type.String(),
      status: Type.String(),
    }),
  ),
})
export type InvitationPreview = Static<typeof InvitationPreviewSchema>

export const AcceptInvitationBody = Type.Object(
  {
    token: InvitationToken,
    password: Type.Optional(NewPassword),
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
  },
  { additionalProperties: false },
)
export type AcceptInvitationInput = Static<typeof AcceptInvitationBody>

export const AcceptInvitationResponse = Type.Object({
  csrfToken: Type.String(),
  token: Type.String({ description: 'Session JWT for the Authorization: Bearer header' }),
  expiresAt: DateTime,
  user: SessionUserSchema,
  membership: Type.Object({ ...MembershipSchema.properties, acceptedAt: DateTime }),
  activeMembership: MembershipSchema,
  memberships: Type.Array(MembershipSchema),
})
