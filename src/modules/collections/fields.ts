import type { StoredField } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { type Phrase, phrase } from '../../i18n/index.js'

export const FIELD_TYPES = [
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
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Field keys: an identifier, never one of the entry's own members or a prototype name. */
export const FIELD_KEY_PATTERN = '^[a-zA-Z][a-zA-Z0-9_]{0,63}$'
export const RESERVED_FIELD_KEYS = new Set([
  'id',
  'slug',
  'status',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'collectionKey',
  'data',
  'dataLabels',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
])
export const MAX_FIELDS = 50

/** Which typed column of `collection_entry_values` holds a field's values (null: not searchable). */
export type ValueColumn = 'text' | 'number' | 'time'
const COLUMN_BY_TYPE: Record<FieldType, ValueColumn | null> = {
  string: 'text',
  text: null,
  number: 'number',
  boolean: 'text',
  date: 'time',
  datetime: 'time',
  enum: 'text',
  ref: 'text',
  media: 'text',
  geojson: null,
  richText: null,
}

export function valueColumnOf(field: StoredField): ValueColumn | null {
  return COLUMN_BY_TYPE[field.type as FieldType] ?? null
}

/** Types whose values may be unique: one scalar each. */
const UNIQUE_TYPES = new Set(['string', 'number', 'date', 'datetime', 'enum'])
const MULTIPLE_TYPES = new Set(['enum', 'ref', 'media'])
/** Types whose values may differ per locale (docs/decisions/content.md "Localized fields"): text. */
export const LOCALIZABLE_TYPES: ReadonlySet<string> = new Set(['string', 'text', 'richText'])
const LOCALE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/

type Detail = { path: string; message: Phrase }

/** A locale map (`{ "en": "Books", "de-DE": "Bücher" }`) problem at `path`, or undefined. */
export function localeMapProblem(
  map: Record<string, string>,
  path: string,
  required: boolean,
): Detail | undefined {
  const locales = Object.keys(map)
  if (required && locales.length === 0) return { path, message: phrase('collections.needsLocale') }
  const bad = locales.find((locale) => !LOCALE_PATTERN.test(locale))
  return bad === undefined
    ? undefined
    : { path: `${path}/${bad}`, message: phrase('collections.notALocaleTag') }
}

/**
 * Checks a collection's field list beyond its JSON schema: unique keys, reserved keys, per-type
 * rules (enum options, ref target, unique, multiple and localized only where they make sense),
 * locale maps.
 * `previous` (on update) must keep each kept field's type, `multiple` and `unique`: stored values
 * and unique keys were written under them; `localized` may be turned on, never off.
 * @throws ValidationFailed with one detail per problem (`/fields/<i>/<member>`).
 */
export function checkFields(fields: StoredField[], previous: StoredField[] = []): void {
  const details: Detail[] = []
  const seen = new Set<string>()
  const before = new Map(previous.map((field) => [field.key, field]))
  fields.forEach((field, index) => {
    const at = `/fields/${index}`
    if (RESERVED_FIELD_KEYS.has(field.key))
      details.push({ path: `${at}/key`, message: phrase('collections.reservedKey') })
    if (seen.has(field.key))
      details.push({ path: `${at}/key`, message: phrase('collections.declaredTwice', { key: field.key }) })
    seen.add(field.key)
    const labelProblem = localeMapProblem(field.label, `${at}/label`, true)
    if (labelProblem) details.push(labelProblem)
    const descriptionProblem = localeMapProblem(field.description ?? {}, `${at}/description`, false)
    if (descriptionProblem) details.push(descriptionProblem)
    if (field.type === 'enum') {
      const values = (field.options ?? []).map((option) => option.value)
      if (values.length === 0)
        details.push({ path: `${at}/options`, message: phrase('collections.enumNeedsOption') })
      if (new Set(values).size !== values.length) {
        details.push({ path: `${at}/options`, message: phrase('collections.optionsDistinct') })
      }
    } else if (field.options !== undefined) {
      details.push({ path: `${at}/options`, message: phrase('collections.optionsOnlyEnum') })
    }
    if (field.type === 'ref' && field.ref === undefined) {
      details.push({ path: `${at}/ref`, message: phrase('collections.refNeedsTarget') })
    }
    if (field.type !== 'ref' && field.ref !== undefined) {
      details.push({ path: `${at}/ref`, message: phrase('collections.refOnlyRef') })
    }
    if (field.unique === true && (!UNIQUE_TYPES.has(field.type) || field.multiple === true)) {
      details.push({
        path: `${at}/unique`,
        message: phrase('collections.cannotBeUnique', { type: field.type }),
      })
    }
    if (field.localized === true && !LOCALIZABLE_TYPES.has(field.type)) {
      details.push({
        path: `${at}/localized`,
        message: phrase('collections.localizedTypes'),
      })
    } else if (field.localized === true && field.unique === true) {
      details.push({ path: `${at}/localized`, message: phrase('collections.uniqueNotLocalized') })
    }
    if (field.multiple === true && !MULTIPLE_TYPES.has(field.type)) {
      details.push({
        path: `${at}/multiple`,
        message: phrase('collections.multipleTypes'),
      })
    }
    const old = before.get(field.key)
    if (old !== undefined) {
      for (const member of ['type', 'multiple', 'unique'] as const) {
        const changed =
          member === 'type' ? old.type !== field.type : Boolean(old[member]) !== Boolean(field[member])
        if (changed) {
          details.push({
            path: `${at}/${member}`,
            message: phrase('collections.cannotChange'),
          })
        }
      }
      // Turned on, the stored values become the default locale's; turned off, the translations
      // would have nowhere to go.
      if (old.localized === true && field.localized !== true) {
        details.push({
          path: `${at}/localized`,
          message: phrase('collections.localizedStays'),
        })
      }
    }
  })
  if (details[0] !== undefined) {
    throw errors.validation(
      phrase('common.memberSentence', { member: details[0].path, problem: details[0].message }),
      details,
    )
  }
}

/** The stored form of a definition field: members that do not apply are left out. */
export function storedField(field: StoredField): StoredField {
  return {
    key: field.key,
    type: field.type,
    label: field.label,
    ...(field.description === undefined ? {} : { description: field.description }),
    required: field.required === true,
    unique: field.unique === true,
    multiple: field.multiple === true,
    localized: field.localized === true,
    ...(field.options === undefined ? {} : { options: field.options }),
    ...(field.ref === undefined ? {} : { ref: field.ref }),
  }
}
