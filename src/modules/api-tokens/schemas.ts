import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable } from '../../http/schemas.js'
import { ROLE_KEYS } from '../../permissions.js'

/** `submit` allows form submissions only (docs/decisions/auth.md "Scopes follow the HTTP method"). */
export const API_TOKEN_SCOPES = ['read', 'write', 'delete', 'preview', 'submit'] as const

export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    role: Type.Optional(Type.Enum([...ROLE_KEYS], { default: 'viewer' })),
    scopes: Type.Optional(
      Type.Array(Type.Enum([...API_TOKEN_SCOPES]), {
        minItems: 1,
        uniqueItems: true,
        default: ['read'],
        description:
          'read: GET/HEAD; write: POST/PUT/PATCH; delete: DELETE; preview: unpublished content; submit: form submissions (POST /api/public/forms/{formId}/submit) and nothing else',
      }),
    ),
    /** Absent: the token never expires. */
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
)
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>

/** A token as listed: never its hash or plaintext (the schema doubles as the output allow-list). */
export const ApiTokenSchema = Type.Object({
  id: Id,
  name: Type.String(),
  role: Type.String(),
  scopes: Type.Array(Type.String()),
  expiresAt: Nullable(DateTime),
  lastUsedAt: Nullable(DateTime),
  createdAt: DateTime,
  /** The user who created the token; null once that account is deleted. */
  createdBy: Nullable(Id),
})
export type ApiToken = Static<typeof ApiTokenSchema>

export const CreatedApiToken = Type.Object({
  token: Type.Omit(ApiTokenSchema, ['createdBy']),
  /** `folio_…`: shown in this response only; Folio keeps just its SHA-256. */
  plaintext: Type.String(),
})
export type CreatedApiToken = Static<typeof CreatedApiToken>

export const ApiTokenList = Type.Object({ tokens: Type.Array(ApiTokenSchema) })
