import { FolioError } from '@folio/client'
import { type Change, diffWords } from 'diff'

/** What a 409 `VersionConflict` says about the save that got there first (docs/decisions/content.md "Concurrent edits"). */
export interface VersionConflict {
  currentVersion: number
  updatedAt: string | null
  updatedBy: string | null
  /** Who that was: a member's name, an API token's, or empty for Folio's own work. */
  updatedByName: string | null
}

/** The conflict a failed save reports, or undefined when the failure is something else. */
export function versionConflictOf(error: unknown): VersionConflict | undefined {
  if (!(error instanceof FolioError) || error.code !== 'VersionConflict') return undefined
  const body = (error.body ?? {}) as Record<string, unknown>
  if (typeof body.currentVersion !== 'number') return undefined
  return {
    currentVersion: body.currentVersion,
    updatedAt: typeof body.updatedAt === 'string' ? body.updatedAt : null,
    updatedBy: typeof body.updatedBy === 'string' ? body.updatedBy : null,
    updatedByName:
      typeof body.updatedByName === 'string' && body.updatedByName.trim() !== '' ? body.updatedByName : null,
  }
}

/**
 * Whether a failed save never reached Folio, or Folio could not answer it: the network is down
 * (fetch's own TypeError) or a proxy or the server says it is unavailable (502, 503, 504). Such a
 * save is kept in the editor and tried again; any other failure is the editor's to fix.
 */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof FolioError) return error.status === 502 || error.status === 503 || error.status === 504
  return error instanceof TypeError
}

/** The members of a content a comparison names without showing their text (the slug's is shown). */
const OTHER_FIELDS = [
  'categories',
  'tags',
  'customFields',
  'featuredMediaId',
  'authorName',
  'type',
  'parentId',
  'order',
] as const
export type OtherField = (typeof OTHER_FIELDS)[number]

/** A value as text that equal values share: object keys sorted, id lists as sets. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * The members besides title, summary and body in which two versions of a content differ (`mine`
 * holds only what the editor sends: a member it leaves out is not compared). Sets of ids compare
 * regardless of order, objects regardless of key order.
 */
export function otherChanges(mine: Record<string, unknown>, theirs: Record<string, unknown>): OtherField[] {
  return OTHER_FIELDS.filter((field) => field in mine && canonical(mine[field]) !== canonical(theirs[field]))
}

/** A category as the flat list answers it (`GET /api/categories?flat=true`). */
export interface CategoryLike {
  id: string
  name: string
  parentId: string | null
  position: number
}

/** A category placed in the tree: `depth` 0 for roots. */
export interface CategoryRow {
  id: string
  name: string
  depth: number
}

/**
 * The flat categories in tree order (each parent before its children, siblings by `position`
 * then name), with their depth. A category whose parent is not in the list is shown as a root,
 * so none is ever hidden.
 */
export function categoryRows(categories: readonly CategoryLike[]): CategoryRow[] {
  const ids = new Set(categories.map((category) => category.id))
  const children = new Map<string | null, CategoryLike[]>()
  for (const category of categories) {
    const parent = category.parentId !== null && ids.has(category.parentId) ? category.parentId : null
    children.set(parent, [...(children.get(parent) ?? []), category])
  }
  const rows: CategoryRow[] = []
  const seen = new Set<string>()
  const visit = (parent: string | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    )
    for (const category of siblings) {
      if (seen.has(category.id)) continue
      seen.add(category.id)
      rows.push({ id: category.id, name: category.name, depth })
      visit(category.id, depth + 1)
    }
  }
  visit(null, 0)
  return rows
}

/** One field of a content as text, for comparing a version with the current content. */
export interface ComparedField {
  field: string
  parts: Change[]
}

/**
 * The fields that differ between a version (`before`) and the current content (`after`), each
 * as word-level changes (jsdiff's `diffWords`: `added` parts are in the current content only,
 * `removed` ones in the version only). Fields equal on both sides are left out.
 */
export function compareFields(
  before: Record<string, string>,
  after: Record<string, string>,
): ComparedField[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields
    .filter((field) => (before[field] ?? '') !== (after[field] ?? ''))
    .map((field) => ({ field, parts: diffWords(before[field] ?? '', after[field] ?? '') }))
}

/**
 * The tag titles a TagsInput holds, split into the ids of tags that exist (matched by title,
 * ignoring case) and the titles still to create, both in the input's order without repeats.
 */
export function splitTags(
  titles: readonly string[],
  known: readonly { id: string; title: string }[],
): { ids: string[]; create: string[] } {
  const byTitle = new Map(known.map((tag) => [tag.title.trim().toLocaleLowerCase(), tag.id]))
  const ids: string[] = []
  const create: string[] = []
  for (const raw of titles) {
    const title = raw.trim()
    if (title === '') continue
    const id = byTitle.get(title.toLocaleLowerCase())
    if (id !== undefined) {
      if (!ids.includes(id)) ids.push(id)
    } else if (!create.some((other) => other.toLocaleLowerCase() === title.toLocaleLowerCase())) {
      create.push(title)
    }
  }
  return { ids, create }
}

/**
 * The custom field errors of a failed save by field (`customFields.<key>`): a ValidationFailed
 * names each failing field by its JSON pointer (`/customFields/<key>`).
 */
export function customFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof FolioError) || error.code !== 'ValidationFailed') return {}
  const errors: Record<string, string> = {}
  for (const detail of error.details ?? []) {
    const match = typeof detail.path === 'string' ? /^\/customFields\/([^/]+)/.exec(detail.path) : null
    if (match?.[1] !== undefined && typeof detail.message === 'string') {
      errors[`customFields.${match[1]}`] = detail.message
    }
  }
  return errors
}
