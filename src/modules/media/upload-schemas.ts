import { type Static, Type } from 'typebox'
import { DateTime, Nullable } from '../../http/schemas.js'
import { TagList } from './schemas.js'

/** API contract: `POST /api/media/presign`. */
export const PresignBody = Type.Object(
  {
    fileName: Type.String({
      minLength: 1,
      maxLength: 255,
      description: "The client's file name (only a display name)",
    }),
    contentType: Type.String({
      minLength: 1,
      maxLength: 255,
      description: "MIME type; must be on the tenant's allow-list",
    }),
    size: Type.Integer({ minimum: 1, description: 'Bytes; at most MEDIA_MAX_UPLOAD_BYTES' }),
  },
  { additionalProperties: false, example: { fileName: 'bike.jpg', contentType: 'image/jpeg', size: 204800 } },
)
export type PresignInput = Static<typeof PresignBody>

/** The spec's "presign result", plus when it expires and the headers the PUT must carry. */
export const PresignResult = Type.Object({
  uploadUrl: Type.String({ description: 'PUT the file here, with the headers below, before expiresAt' }),
  key: Type.String({ description: 'Storage key to register with POST /api/media' }),
  fileName: Type.String(),
  folder: Type.String(),
  bucket: Type.String(),
  publicUrl: Nullable(Type.String()),
  extension: Nullable(Type.String()),
  maxUploadBytes: Type.Integer(),
  method: Type.String({ description: 'PUT' }),
  headers: Type.Record(Type.String(), Type.String()),
  expiresAt: DateTime,
})

const MetadataFields = {
  originalName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  mimeType: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Checked against the bytes' }),
  ),
  size: Type.Optional(Type.Integer({ minimum: 1, description: 'Checked against the stored object' })),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  altText: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  caption: Type.Optional(Type.String({ maxLength: 5000 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  tags: Type.Optional(TagList),
}
const Key = Type.String({ minLength: 1, maxLength: 1024, description: 'A key from POST /api/media/presign' })

/** API contract: `POST /api/media`. */
export const RegisterBody = Type.Object(
  { key: Key, ...MetadataFields },
  {
    additionalProperties: false,
    example: { key: '<key from presign>', altText: 'A red bicycle', tags: ['bikes'] },
  },
)
export type RegisterInput = Static<typeof RegisterBody>

/** API contract: `POST /api/media/register-existing`: `key` or `sourceUrl` (exactly one). */
export const RegisterExistingBody = Type.Object(
  {
    key: Type.Optional(Key),
    sourceUrl: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description: "The public URL of an object in this tenant's storage",
      }),
    ),
    ...MetadataFields,
  },
  { additionalProperties: false },
)
export type RegisterExistingInput = Static<typeof RegisterExistingBody>
