import type { StoredField } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { type Phrase, phrase } from '../../i18n/index.js'
import { isId } from '../../lib/ids.js'
import type { HtmlSanitizer } from '../contents/index.js'
import { valueColumnOf } from './fields.js'
import type { Translations } from './schemas.js'
import { OWN_VALUES } from './translations.js'

export const STRING_MAX_LENGTH = 500
export const TEXT_MAX_LENGTH = 50_000
export const RICH_TEXT_HTML_MAX_LENGTH = 500_000
export const MULTIPLE_MAX_ITEMS = 100

type Detail = { path: string; message: Phrase }

/** One row of `collection_entry_values` (without tenant, collection and entry). */
export interface SearchValue {
  field: string
  /** `OWN_VALUES` for the entry's own value, else the translation's locale. */
  locale: string
  position: number
  textValue: string | null
  numberValue: number | null
  timeValue: Date | null
  uniqueValue: string | null
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i
const GEOMETRY_DEPTH: Record<string, number> = {
  Point: 1,
  MultiPoint: 2,
  LineString: 2,
  MultiLineString: 3,
  Polygon: 3,
  MultiPolygon: 4,
}

/** `YYYY-MM-DD` of a real calendar day, or undefined. */
export function parseDate(value: string): Date | undefined {
  const match = DATE_PATTERN.exec(value)
  if (match === null) return undefined
  const date = new Date(`${value}T00:00:00.000Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date
}

/** An ISO 8601 date-time with a zone (`Z` or `±hh:mm`), or undefined. */
export function parseDateTime(value: string): Date | undefined {
  if (!DATETIME_PATTERN.test(value)) return undefined
  const date = new Date(value)
  const year = date.getUTCFullYear()
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? undefined : date
}

function coordinatesProblem(value: unknown, depth: number): boolean {
  if (!Array.isArray(value)) return true
  if (depth === 1) {
    if (
      value.length < 2 ||
      value.length > 3 ||
      value.some((n) => typeof n !== 'number' || !Number.isFinite(n))
    ) {
      return true
    }
    const [longitude, latitude] = value as number[]
    return Math.abs(longitude as number) > 180 || Math.abs(latitude as number) > 90
  }
  return value.length === 0 || value.some((item) => coordinatesProblem(item, depth - 1))
}

/** The stored form of one value of `field`, or a message saying what was expected. */
function normalizeOne(field: StoredField, value: unknown): { value: unknown } | { problem: Phrase } {
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = field.type === 'string' ? STRING_MAX_LENGTH : TEXT_MAX_LENGTH
      if (typeof value !== 'string') return { problem: phrase('collections.values.string') }
      return value.length > max ? { problem: phrase('collections.values.tooLong', { most: max }) } : { value }
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? { value }
        : { problem: phrase('collections.values.number') }
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { problem: phrase('collections.values.boolean') }
    case 'date':
      return typeof value === 'string' && parseDate(value) !== undefined
        ? { value }
        : { problem: phrase('collections.values.date') }
    case 'datetime': {
      const date = typeof value === 'string' ? parseDateTime(value) : undefined
      return date === undefined
        ? { problem: phrase('collections.values.dateTime') }
        : { value: date.toISOString() }
    }
    case 'enum': {
      const allowed = (field.options ?? []).map((option) => option.value)
      return typeof value === 'string' && allowed.includes(value)
        ? { value }
        : {
            problem: phrase('collections.values.oneOf', {
              values: allowed.map((v) => JSON.stringify(v)).join(', '),
            }),
          }
    }
    case 'ref':
    case 'media':
      return typeof value === 'string' && isId(value)
        ? { value }
        : { problem: phrase('collections.values.id') }
    case 'geojson': {
      const geometry = value as { type?: unknown; coordinates?: unknown }
      const depth = typeof geometry?.type === 'string' ? GEOMETRY_DEPTH[geometry.type] : undefined
      if (typeof value !== 'object' || value === null || Array.isArray(value) || depth === undefined) {
        return {
          problem: phrase('collections.values.geometry', { types: Object.keys(GEOMETRY_DEPTH).join(', ') }),
        }
      }
      if (Object.keys(value).some((key) => key !== 'type' && key !== 'coordinates')) {
        return { problem: phrase('collections.values.geometryMembers') }
      }
      return coordinatesProblem(geometry.coordinates, depth)
        ? { problem: phrase('collections.values.coordinates', { type: String(geometry.type) }) }
        : { value: { type: geometry.type, coordinates: geometry.coordinates } }
    }
    case 'richText': {
      const html = typeof value === 'string' ? value : (value as { html?: unknown } | null)?.html
      const json =
        typeof value === 'object' && value !== null ? (value as { json?: unknown }).json : undefined
      const keys = typeof value === 'object' && value !== null ? Object.keys(value) : []
      if (typeof html !== 'string' || keys.some((key) => key !== 'html' && key !== 'json')) {
        return { problem: phrase('collections.values.richText') }
      }
      if (json !== undefined && json !== null && (typeof json !== 'object' || Array.isArray(json))) {
        return { problem: phrase('collections.values.richTextJson') }
      }
      if (html.length > RICH_TEXT_HTML_MAX_LENGTH) {
        return { problem: phrase('collections.values.richTextLength', { most: RICH_TEXT_HTML_MAX_LENGTH }) }
      }
      // Sanitized by `normalizeEntry`, on a worker thread, once every member passed these checks.
      return { value: { html, json: json ?? null } }
    }
    default:
      return { problem: phrase('collections.values.unknownType') }
  }
}

/** The tenant's locales as an entry write checks its translations against them. */
export interface WriteLocales {
  /** Its values are the entry's own `data`. */
  default: string
  available: readonly string[]
}

/** A write's `data` and `translations` (a locale or field null: cleared). */
export interface EntryInput {
  data?: Record<string, unknown> | undefined
  translations?: Record<string, Record<string, unknown> | null> | undefined
}

type RichTexts = { path: string; value: { html: string } }[]

/**
 * Validates and normalizes `input` against the fields. `data`: unknown keys are refused (they
 * could be neither validated nor searched); `null` clears a value; `multiple` fields take an array
 * of distinct values. Dates keep `YYYY-MM-DD`, date-times become UTC ISO strings, rich text is
 * sanitized with the content sanitizer (on a worker thread, once everything else passed). Required
 * fields are left to the database (trigger). `translations` (docs/decisions/content.md "Localized
 * fields"): each locale one of `locales.available` other than the default (a locale null removes
 * it, whichever it is), each member a localized field, validated as in `data`.
 * @throws ValidationFailed naming every offending member (`/data/<key>`,
 *   `/translations/<locale>/<key>`, a rich text nesting too deeply included), ServiceUnavailable
 *   when the html could not be sanitized in time.
 */
export async function normalizeEntry(
  fields: StoredField[],
  input: EntryInput,
  locales: WriteLocales,
  sanitizer: HtmlSanitizer,
): Promise<EntryInput> {
  const byKey = new Map(fields.map((field) => [field.key, field]))
  const details: Detail[] = []
  const richTexts: RichTexts = []
  const normalized: EntryInput = {}
  if (input.data !== undefined) {
    normalized.data = normalizeMembers(byKey, input.data, '/data', details, richTexts)
  }
  if (input.translations !== undefined) {
    const translations: Record<string, Record<string, unknown> | null> = {}
    for (const [locale, values] of Object.entries(input.translations)) {
      const path = `/translations/${locale}`
      if (values === null) translations[locale] = null
      else if (locale === locales.default) {
        details.push({ path, message: phrase('collections.translationDefault') })
      } else if (!locales.available.includes(locale)) {
        details.push({
          path,
          message: phrase('locales.notOneOfTenants', { locales: locales.available.join(', ') }),
        })
      } else {
        const localizedValues: Record<string, unknown> = {}
        for (const [key, value] of Object.entries(values)) {
          const field = byKey.get(key)
          if (field === undefined) {
            details.push({ path: `${path}/${key}`, message: phrase('collections.values.notAField') })
          } else if (field.localized !== true) {
            details.push({ path: `${path}/${key}`, message: phrase('collections.notLocalizedField') })
          } else localizedValues[key] = value
        }
        translations[locale] = normalizeMembers(byKey, localizedValues, path, details, richTexts)
      }
    }
    normalized.translations = translations
  }
  if (details.length === 0) {
    for (const { path, value } of richTexts) {
      const sanitized = await sanitizer.sanitize(value.html, RICH_TEXT_HTML_MAX_LENGTH)
      if ('problem' in sanitized) {
        details.push({
          path,
          message: phrase('common.memberProblem', { member: 'html', problem: sanitized.problem }),
        })
      } else value.html = sanitized.html
    }
  }
  if (details[0] !== undefined) {
    throw errors.validation(
      phrase('common.memberSentence', { member: details[0].path, problem: details[0].message }),
      details,
    )
  }
  return normalized
}

/** `values` normalized by `byKey`'s fields, problems added to `details` under `at`; rich texts listed for sanitizing. */
function normalizeMembers(
  byKey: ReadonlyMap<string, StoredField>,
  values: Record<string, unknown>,
  at: string,
  details: Detail[],
  richTexts: RichTexts,
): Record<string, unknown> {
  const normalized: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const field = byKey.get(key)
    const path = `${at}/${key}`
    if (field === undefined) {
      details.push({ path, message: phrase('collections.values.notAField') })
      continue
    }
    if (value === null) {
      normalized[key] = null
      continue
    }
    if (field.multiple === true) {
      if (!Array.isArray(value) || value.length > MULTIPLE_MAX_ITEMS) {
        details.push({ path, message: phrase('collections.values.multiple', { most: MULTIPLE_MAX_ITEMS }) })
        continue
      }
      const items = value.map((item) => normalizeOne(field, item))
      const bad = items.findIndex((item) => 'problem' in item)
      if (bad >= 0) {
        details.push({ path: `${path}/${bad}`, message: (items[bad] as { problem: Phrase }).problem })
        continue
      }
      normalized[key] = [...new Set(items.map((item) => (item as { value: unknown }).value))]
      continue
    }
    const result = normalizeOne(field, value)
    if ('problem' in result) details.push({ path, message: result.problem })
    else {
      normalized[key] = result.value
      if (field.type === 'richText') richTexts.push({ path, value: result.value as { html: string } })
    }
  }
  return normalized
}

/** The ids a write refers to: ref ids by target collection key, and media ids. */
export function referencesOf(fields: StoredField[], data: Record<string, unknown>) {
  const refs = new Map<string, Set<string>>()
  const media = new Set<string>()
  for (const field of fields) {
    const value = data[field.key]
    if (value === null || value === undefined) continue
    const ids = (Array.isArray(value) ? value : [value]) as string[]
    if (field.type === 'media') for (const id of ids) media.add(id)
    if (field.type === 'ref' && field.ref !== undefined) {
      const set = refs.get(field.ref) ?? new Set<string>()
      for (const id of ids) set.add(id)
      refs.set(field.ref, set)
    }
  }
  return { refs, media }
}

/** How `unique` compares strings: compatibility-normalized and case-folded, so look-alikes collide. */
export function uniqueKeyOf(value: unknown): string {
  return typeof value === 'string' ? value.normalize('NFKC').toLowerCase().trim() : JSON.stringify(value)
}

/**
 * The search rows of a normalized entry (declared, searchable, non-null values only): its own
 * values under the locale `OWN_VALUES`, and each translation of a localized field under its locale.
 */
export function searchValuesOf(
  fields: StoredField[],
  data: Record<string, unknown>,
  translations: Translations = {},
): SearchValue[] {
  const rows: SearchValue[] = []
  const add = (field: StoredField, locale: string, value: unknown) => {
    const column = valueColumnOf(field)
    if (column === null || value === null || value === undefined) return
    const values = Array.isArray(value) ? value : [value]
    values.forEach((item, position) => {
      rows.push({
        field: field.key,
        locale,
        position,
        textValue: column === 'text' ? String(item) : null,
        numberValue: column === 'number' ? (item as number) : null,
        timeValue:
          column === 'time' ? new Date(field.type === 'date' ? `${item}T00:00:00Z` : (item as string)) : null,
        uniqueValue: field.unique === true ? uniqueKeyOf(item) : null,
      })
    })
  }
  for (const field of fields) {
    add(field, OWN_VALUES, data[field.key])
    if (field.localized !== true) continue
    for (const [locale, values] of Object.entries(translations)) add(field, locale, values[field.key])
  }
  return rows
}
