import { type Static, Type } from 'typebox'
import { DateTime, Id } from '../../http/schemas.js'

/** A flag key: a letter, then letters, digits, `_ . -` (as the names in settings `features`). */
const KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$'

export const FeatureFlagSchema = Type.Object({
  id: Id,
  key: Type.String(),
  label: Type.String(),
  description: Type.String(),
  defaultEnabled: Type.Boolean(),
  notes: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type FeatureFlag = Static<typeof FeatureFlagSchema>

export const FeatureFlagBody = Type.Object({ flag: FeatureFlagSchema })
export const FeatureFlagList = Type.Object({ flags: Type.Array(FeatureFlagSchema) })

export const CreateFeatureFlagBody = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: KEY_PATTERN,
      'x-expect': 'a key of up to 64 letters, digits, "_", "." or "-", starting with a letter',
    }),
    label: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      'x-expect': 'text with a visible character',
    }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    defaultEnabled: Type.Optional(Type.Boolean()),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  {
    additionalProperties: false,
    example: { key: 'newEditor', label: 'New editor', defaultEnabled: false },
  },
)
export type CreateFeatureFlagBody = Static<typeof CreateFeatureFlagBody>
