import { type Static, Type } from 'typebox'
import { DateTime, Nullable } from '../../http/schemas.js'

/** Shortest and longest life of a preview token, in seconds (docs/decisions/preview.md "Tokens"). */
export const PREVIEW_TOKEN_MIN_SECONDS = 60
export const PREVIEW_TOKEN_MAX_SECONDS = 3600

/** `POST /api/contents/{id}/preview-token` (API contract). */
export const PreviewTokenBody = Type.Object(
  {
    expiresInSeconds: Type.Optional(
      Type.Integer({
        minimum: PREVIEW_TOKEN_MIN_SECONDS,
        maximum: PREVIEW_TOKEN_MAX_SECONDS,
        default: PREVIEW_TOKEN_MAX_SECONDS,
        description: 'How long the token reads the draft (60..3600 seconds, default 3600)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type PreviewTokenBody = Static<typeof PreviewTokenBody>

export const PreviewTokenAnswer = Type.Object({
  token: Type.String({
    description:
      'fpv_ and 43 base64url characters, shown once: sent as X-Preview-Token to public reads (Folio keeps only its SHA-256)',
  }),
  expiresAt: DateTime,
  url: Nullable(
    Type.String({
      description:
        'The tenant’s preview URL template for the content’s type (else `*`) with {token}, {slug}, {locale}, {id} and {type} filled in, URL-encoded; null when the tenant has none for it',
    }),
  ),
})
export type PreviewTokenAnswer = Static<typeof PreviewTokenAnswer>
