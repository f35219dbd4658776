import { type AnswerOf, type BodyOf, FolioError, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type Collection = AnswerOf<'getCollection'>['collection']
export type CollectionBody = BodyOf<'createCollection'>
export type FieldType = CollectionBody['fields'][number]['type']
/** Locale tags to text, as the API stores names, descriptions and labels. */
export type LocaleMap = Record<string, string>

/** The field types of a collection, in the order the builder offers them. */
export const FIELD_TYPES: readonly FieldType[] = [
  'string',
  'text',
  'number',
  'boolean',
  'date',
  'datetime',
  'enum',
  'ref',
  'media',
  'geojson',
  'richText',
]
/** The API's rules: which types may be unique (one scalar) and which may hold several values. */
export const canBeUnique = (type: FieldType) =>
  ['string', 'number', 'date', 'datetime', 'enum'].includes(type)
export const canBeMultiple = (type: FieldType) => ['enum', 'ref', 'media'].includes(type)
/** Types whose values may be kept per locale (`localized`, docs/decisions/localization.md). */
export const canBeLocalized = (type: FieldType) => ['string', 'text', 'richText'].includes(type)
/** Types the entries list can sort by (single-valued, with a stored sortable value). */
export const isSortable = (field: { type: FieldType; multiple?: boolean | undefined }) =>
  !field.multiple && !['text', 'geojson', 'richText'].includes(field.type)
export const BUILTIN_SORTS = ['createdAt', 'updatedAt', 'publishedAt', 'slug'] as const

/** The text of a locale map in `language`, else English, else its first locale. */
export function localized(map: LocaleMap | undefined, language: string): string {
  if (map === undefined) return ''
  return map[language] ?? map[language.split('-')[0] ?? ''] ?? map.en ?? Object.values(map)[0] ?? ''
}

export const collectionsQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['collections', 'list'], (api) =>
      unwrap(api.GET('/api/collections', { params: { query: { limit: 100 } } })),
    ),
  })

export const collectionQuery = (tenantId: string, key: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['collections', 'one', key],
      async (api) =>
        (await unwrap(api.GET('/api/collections/{key}', { params: { path: { key } } }))).collection,
    ),
  })

/** One field in the builder: every member the API has, options and ref kept whatever the type. */
export interface FieldDraft {
  key: string
  type: FieldType
  label: LocaleMap
  description: LocaleMap
  required: boolean
  unique: boolean
  multiple: boolean
  options: { value: string; label: LocaleMap }[]
  ref: string
  /** Values per locale; once stored so, it stays so (the API's rule). */
  localized: boolean
  /** A field that was stored: its key, type, unique and multiple are fixed. */
  stored: boolean
  /** A field stored as localized: it cannot be turned back. */
  storedLocalized: boolean
}

/** What the schema builder edits. */
export interface CollectionDraft {
  key: string
  name: LocaleMap
  description: LocaleMap
  fields: FieldDraft[]
  slugField: string
  sortField: string
  sortDir: 'asc' | 'desc'
}

export const newField = (language: string): FieldDraft => ({
  key: '',
  type: 'string',
  label: { [language]: '' },
  description: {},
  required: false,
  unique: false,
  multiple: false,
  options: [],
  ref: '',
  localized: false,
  stored: false,
  storedLocalized: false,
})

export const emptyCollection = (language: string): CollectionDraft => ({
  key: '',
  name: { [language]: '' },
  description: {},
  fields: [newField(language)],
  slugField: '',
  sortField: 'createdAt',
  sortDir: 'desc',
})

/** The builder's values for a stored collection. */
export function draftOf(collection: Collection): CollectionDraft {
  const fields = collection.fields as unknown as CollectionBody['fields']
  return {
    key: collection.key,
    name: { ...collection.name },
    description: { ...collection.description },
    fields: fields.map((field) => ({
      key: field.key,
      type: field.type,
      label: { ...field.label },
      description: { ...(field.description ?? {}) },
      required: field.required === true,
      unique: field.unique === true,
      multiple: field.multiple === true,
      options: (field.options ?? []).map((option) => ({ value: option.value, label: { ...option.label } })),
      ref: field.ref ?? '',
      localized: field.localized === true,
      stored: true,
      storedLocalized: field.localized === true,
    })),
    slugField: collection.slugField ?? '',
    sortField: collection.defaultSort.field,
    sortDir: collection.defaultSort.dir === 'asc' ? 'asc' : 'desc',
  }
}

/** A locale map without blank texts (the API refuses empty ones). */
const filled = (map: LocaleMap): LocaleMap =>
  Object.fromEntries(
    Object.entries(map)
      .map(([locale, text]) => [locale.trim(), text.trim()])
      .filter(([locale, text]) => locale !== '' && text !== ''),
  )

/** The request body of a draft: members only where the field's type takes them (the API refuses the rest). */
export function bodyOf(draft: CollectionDraft): Omit<CollectionBody, 'key'> {
  return {
    name: filled(draft.name),
    description: filled(draft.description),
    fields: draft.fields.map((field) => ({
      key: field.key.trim(),
      type: field.type,
      label: filled(field.label),
      ...(Object.keys(filled(field.description)).length > 0
        ? { description: filled(field.description) }
        : {}),
      required: field.required,
      ...(canBeUnique(field.type) && !field.multiple ? { unique: field.unique } : {}),
      ...(canBeMultiple(field.type) ? { multiple: field.multiple } : {}),
      ...(field.type === 'enum'
        ? {
            options: field.options.map((option) => ({
              value: option.value.trim(),
              label: filled(option.label),
            })),
          }
        : {}),
      ...(field.type === 'ref' ? { ref: field.ref } : {}),
      ...(canBeLocalized(field.type) && field.localized ? { localized: true } : {}),
    })),
    slugField: draft.slugField === '' ? null : draft.slugField,
    defaultSort: { field: draft.sortField, dir: draft.sortDir },
  }
}

export function createCollection(tenantId: string, draft: CollectionDraft) {
  return unwrap(
    tenantApi(tenantId).POST('/api/collections', { body: { key: draft.key.trim(), ...bodyOf(draft) } }),
  )
}

export function updateCollection(tenantId: string, key: string, body: BodyOf<'updateCollection'>) {
  return unwrap(tenantApi(tenantId).PUT('/api/collections/{key}', { params: { path: { key } }, body }))
}

export function deleteCollection(tenantId: string, key: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/collections/{key}', { params: { path: { key } } }))
}

/**
 * A failed call's messages by the path its `details` name, without the `body` prefix
 * (`fields/2/options`, `data/title`, `name`); a 409 naming a `field` goes to `data/<field>`;
 * what names nothing goes to `form`.
 */
export function pathErrors(error: unknown): Record<string, string> {
  if (!(error instanceof FolioError)) return { form: error instanceof Error ? error.message : String(error) }
  const errors: Record<string, string> = {}
  const field = (error.body as { field?: unknown } | undefined)?.field
  if (typeof field === 'string') errors[`data/${field}`] = error.message
  for (const detail of error.details ?? []) {
    const raw =
      typeof detail.path === 'string' ? detail.path : typeof detail.member === 'string' ? detail.member : ''
    const path = raw.replace(/^(body)?\/?/, '')
    const message = typeof detail.message === 'string' ? detail.message : error.message
    const name = path === '' ? 'form' : path
    errors[name] = errors[name] === undefined ? message : `${errors[name]} ${message}`
  }
  if (Object.keys(errors).length === 0) errors.form = error.message
  return errors
}

/** The first error at `path` or under it (`fields/2` finds `fields/2/options/0/value`). */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path] !== undefined) return errors[path]
  const under = Object.keys(errors).find((name) => name.startsWith(`${path}/`))
  return under === undefined ? undefined : errors[under]
}
