import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type FieldDefinition = AnswerOf<'listCustomFieldDefinitions'>['definitions'][number]
export type FieldType = NonNullable<BodyOf<'createCustomFieldDefinition'>['type']>

/** The field types a definition may have, in the order the form offers them. */
export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'number',
  'boolean',
  'date',
  'select',
  'multi-select',
  'url',
  'json',
  'reference',
  'multi-reference',
]

/** Types whose values are picked from the definition's options. */
export const hasOptions = (type: string) => type === 'select' || type === 'multi-select'

/** The tenant's custom field definitions by position, label and key. */
export const fieldDefinitionsQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['custom-field-definitions'],
      async (api) =>
        (await unwrap(api.GET('/api/custom-field-definitions', { params: { query: {} } }))).definitions,
    ),
  })

/** What the definition form edits (the key only when creating: it is immutable). */
export interface DefinitionDraft {
  key: string
  label: string
  description: string
  type: FieldType
  options: { label: string; value: string }[]
  required: boolean
  public: boolean
  filterable: boolean
  searchable: boolean
}

/** An empty form: a public, optional text field. */
export const EMPTY_DRAFT: DefinitionDraft = {
  key: '',
  label: '',
  description: '',
  type: 'text',
  options: [],
  required: false,
  public: true,
  filterable: false,
  searchable: false,
}

/** The form's values for an existing definition. */
export function draftOf(definition: FieldDefinition): DefinitionDraft {
  return {
    key: definition.key,
    label: definition.label,
    description: definition.description,
    type: FIELD_TYPES.find((type) => type === definition.type) ?? 'text',
    options: definition.options.map((option) => ({ ...option })),
    required: definition.required,
    public: definition.public,
    filterable: definition.filterable,
    searchable: definition.searchable,
  }
}

/**
 * The request body for a draft: trimmed texts, an empty label left to the API (it defaults to the
 * key), options sent only for select types (the API refuses them on others), blank option rows
 * dropped and an option's empty value taken from its label.
 */
export function bodyOf(draft: DefinitionDraft): Omit<BodyOf<'createCustomFieldDefinition'>, 'key'> {
  const label = draft.label.trim()
  return {
    ...(label === '' ? {} : { label }),
    description: draft.description.trim(),
    type: draft.type,
    options: hasOptions(draft.type)
      ? draft.options
          .map((option) => ({
            label: option.label.trim(),
            value: option.value.trim() || option.label.trim(),
          }))
          .filter((option) => option.label !== '')
      : [],
    required: draft.required,
    public: draft.public,
    filterable: draft.filterable,
    searchable: draft.searchable,
  }
}

export function createDefinition(tenantId: string, draft: DefinitionDraft) {
  return unwrap(
    tenantApi(tenantId).POST('/api/custom-field-definitions', {
      body: { key: draft.key.trim(), ...bodyOf(draft) },
    }),
  )
}

export function updateDefinition(tenantId: string, id: string, draft: DefinitionDraft) {
  return unwrap(
    tenantApi(tenantId).PUT('/api/custom-field-definitions/{id}', {
      params: { path: { id } },
      body: bodyOf(draft),
    }),
  )
}

export function deleteDefinition(tenantId: string, id: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/custom-field-definitions/{id}', { params: { path: { id } } }),
  )
}
