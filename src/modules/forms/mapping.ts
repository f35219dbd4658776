import type { FormRow, FormVersionRow } from './repository.js'
import type { CreateFormInput, Form, FormVersion } from './schemas.js'

/** Members of a written form that are not stored as extra members. */
const KNOWN_MEMBERS = new Set([
  'id',
  'title',
  'slug',
  'description',
  'fields',
  'settings',
  'visibility',
  'status',
  'version',
  'publishedVersion',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'createdAt',
  'updatedAt',
  'tenantId',
])

/**
 * The unknown extra members of a written form (kept as given, docs/decisions/forms.md "States and
 * versions").
 */
export function extraOf(input: Record<string, unknown>): Record<string, unknown> | undefined {
  const extra = Object.fromEntries(Object.entries(input).filter(([key]) => !KNOWN_MEMBERS.has(key)))
  return Object.keys(extra).length === 0 ? undefined : extra
}

/** A title as stored: a map of language to text (a plain string is in the default language). */
export function titleMap(title: CreateFormInput['title'], language: string): Record<string, string> {
  return typeof title === 'string' ? { [language]: title.trim() } : { ...title }
}

export function toForm(row: FormRow): Form {
  return {
    ...row.extra,
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    fields: row.fields,
    settings: row.settings,
    visibility: row.visibility,
    status: row.status,
    version: row.version,
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toFormVersion(row: FormVersionRow): FormVersion {
  return {
    ...row.extra,
    version: row.version,
    title: row.title,
    description: row.description,
    fields: row.fields,
    settings: row.settings,
    visibility: row.visibility,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The event payload of a form: its id and short facts (the definition itself can be large). */
export function formFacts(form: Form) {
  return {
    id: form.id,
    title: Object.values(form.title)[0] ?? '',
    slug: form.slug,
    status: form.status,
    version: form.version,
    publishedVersion: form.publishedVersion,
  }
}
