import { type Static, Type } from 'typebox'
import { DateTime, Nullable } from '../../http/schemas.js'
import {
  CurrentPassword,
  Email,
  MembershipSchema,
  NewPassword,
  PASSWORD_MAX_LENGTH,
  PersonName,
} from '../auth/index.js'

/** Profile languages (API contract: GET /api/users/me: tr, en or null). */
export const LANGUAGES = ['tr', 'en'] as const

export type Language = (typeof LANGUAGES)[number]

/**
 * `Nullable(Type.Enum(...))` would lack `type` (Ajv refuses `nullable` without it), and a nullable
 * enum must list null itself (OpenAPI 3.0.3), hence the explicit schema.
 */
const Language = Type.Unsafe<Language | null>({ type: 'string', enum: [...LANGUAGES, null], nullable: true })

/** The stored language as the API shows it; anything outside the allowed values reads as null. */
export function toLanguage(value: string | null): Language | null {
  return LANGUAGES.find((language) => language === value) ?? null
}

/** GET /api/users/me: the account, its memberships, and the membership of `?tenantId` or the session tenant. */
export const MeResponse = Type.Object({
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    language: Language,
    mustChangePassword: Type.Boolean(),
    emailVerified: Type.Boolean(),
    lastLoginAt: Nullable(DateTime),
  }),
  memberships: Type.Array(MembershipSchema),
  currentMembership: Nullable(MembershipSchema),
})

export const UpdateMeBody = Type.Object(
  {
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    email: Type.Optional(Email),
    language: Type.Optional(Language),
    currentPassword: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PASSWORD_MAX_LENGTH,
        description: 'Required when email changes; checked whenever sent',
      }),
    ),
  },
  { additionalProperties: false },
)
export type UpdateMeInput = Static<typeof UpdateMeBody>

export const UpdateMeResponse = Type.Object({
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    language: Language,
  }),
})

export const ChangePasswordBody = Type.Object(
  { currentPassword: CurrentPassword, newPassword: NewPassword },
  { additionalProperties: false },
)
export type ChangePasswordInput = Static<typeof ChangePasswordBody>
