import { type Static, Type } from 'typebox'
import { CUSTOM_FIELD_TYPES } from '../../db/schema/index.js'
import { DateTime, TenantQuery } from '../../http/schemas.js'

/** A key is an identifier, so it is safe as a JSON member name and in a query parameter name. */
export const CUSTOM_FIELD_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$'

const FieldType = Type.Enum([...CUSTOM_FIELD_TYPES])
const Option = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
)
const AnyValue = Type.Unknown({ description: 'Any JSON value of the field type; null for none' })

export const CustomFieldDefinitionSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  label: Type.String(),
  description: Type.String(),
  type: Type.String(),
  options: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  required: Type.Boolean(),
  defaultValue: AnyValue,
  public: Type.Boolean(),
  filterable: Type.Boolean(),
  searchable: Type.Boolean(),
  position: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type CustomFieldDefinition = Static<typeof CustomFieldDefinitionSchema>

export const DefinitionBody = Type.Object({ definition: CustomFieldDefinitionSchema })
export const DefinitionList = Type.Object({ definitions: Type.Array(CustomFieldDefinitionSchema) })

/** Writable members; `key` is set on create only (stored values are keyed by it). */
const WritableFields = {
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Defaults to the key' })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  type: Type.Optional(FieldType),
  options: Type.Optional(
    Type.Array(Option, { maxItems: 200, description: 'The choices of select and multi-select fields' }),
  ),
  required: Type.Optional(Type.Boolean()),
  defaultValue: Type.Optional(AnyValue),
  public: Type.Optional(
    Type.Boolean({ description: 'Listed to API tokens (delivery clients); default true' }),
  ),
  filterable: Type.Optional(
    Type.Boolean({ description: 'May be used as `customFields.<key>=<value>` on GET /api/contents' }),
  ),
  searchable: Type.Optional(
    Type.Boolean({ description: '`search` on GET /api/contents also matches its values (without an index)' }),
  ),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
}

export const CreateDefinitionBody = Type.Object(
  {
    key: Type.String({
      pattern: CUSTOM_FIELD_KEY_PATTERN,
      description: 'A letter, then letters, digits or _ (at most 64); unique in the tenant; immutable',
      'x-expect': 'a letter, then up to 63 letters, digits or underscores',
    }),
    ...WritableFields,
  },
  { additionalProperties: false },
)
export type CreateDefinitionInput = Static<typeof CreateDefinitionBody>

export const UpdateDefinitionBody = Type.Object(WritableFields, { additionalProperties: false })
export type UpdateDefinitionInput = Static<typeof UpdateDefinitionBody>

export const ListDefinitionsQuery = Type.Object(
  {
    public: Type.Optional(Type.Boolean({ description: 'true: only the definitions marked public' })),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
